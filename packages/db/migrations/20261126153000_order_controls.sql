-- Order controls (#32 items 1, 2, 4, 5, 7). An order an amend re-queued keeps its number (`id`) and takes its new
-- place in the queue from the order sequence (`queue_seq`; NULL: its id), so a restore rebuilds the same book. TP/SL
-- attached at entry wait on the order until it fills. Each user's funding settlements, with the rate, the mark and
-- the position they were paid on (the ledger's `funding` postings carry only the amounts).
ALTER TABLE orders
  ADD COLUMN queue_seq bigint CHECK (queue_seq > 0),
  ADD COLUMN take_profit bigint CHECK (take_profit > 0),
  ADD COLUMN stop_loss bigint CHECK (stop_loss > 0);

CREATE TABLE funding_payments (
  user_id bigint NOT NULL,
  time_ms bigint NOT NULL,
  rate_ppm integer NOT NULL,
  side smallint NOT NULL CHECK (side IN (1, 2)),
  qty bigint NOT NULL CHECK (qty > 0),
  mark_price bigint NOT NULL CHECK (mark_price > 0),
  -- Signed micro-USDT: negative when the user paid.
  amount bigint NOT NULL,
  PRIMARY KEY (user_id, time_ms)
);
