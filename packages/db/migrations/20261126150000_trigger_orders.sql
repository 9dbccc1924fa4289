-- Trigger orders (#32 item 3): stop / take-profit / trailing-stop orders are rows of `orders` like any other (same
-- number sequence, same status), with their trigger here (the engine's OrderTrigger: type, by, price, callback rate,
-- activation and best price, when it fired). NULL on plain orders. A waiting trigger is an open row whose trigger
-- has no firedAtMs: restore gives it back to the engine's trigger book instead of the order book.
ALTER TABLE orders ADD COLUMN trigger jsonb;
