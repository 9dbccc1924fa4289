-- Nothing reads trades by time (recent trades go by id, candles are stored on their own), and every batch paid an
-- index entry per trade for it.
DROP INDEX IF EXISTS trades_time;
