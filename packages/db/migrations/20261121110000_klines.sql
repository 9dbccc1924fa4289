-- One-minute candles of our markets (BTCUSDT), built from our trades and the index price.
-- Prices in ticks of 0.01 USDT, volume in lots of 0.0001 BTC (see @tickline/money).
CREATE TABLE klines (
  symbol text NOT NULL,
  open_time_ms bigint NOT NULL CHECK (open_time_ms % 60000 = 0),
  open bigint NOT NULL CHECK (open > 0),
  high bigint NOT NULL,
  low bigint NOT NULL CHECK (low > 0),
  close bigint NOT NULL CHECK (close > 0),
  volume bigint NOT NULL DEFAULT 0 CHECK (volume >= 0),
  trade_count integer NOT NULL DEFAULT 0 CHECK (trade_count >= 0),
  PRIMARY KEY (symbol, open_time_ms),
  CHECK (high >= open AND high >= close AND high >= low AND low <= open AND low <= close)
);
