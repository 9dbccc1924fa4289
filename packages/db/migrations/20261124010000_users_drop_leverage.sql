-- A user's leverage lives in user_leverage, written by the sequencer with the rest of the trading state; the copy on
-- the users row was only read by a placeholder from before the trading core, and could disagree with the engine.
ALTER TABLE users DROP COLUMN leverage;
