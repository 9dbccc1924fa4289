-- More markets (#34): every row of a market names it. Rows stored before are BTCUSDT's (the only market then), which
-- is what the default gives them; a constant default adds the column without rewriting the table.
ALTER TABLE orders ADD COLUMN symbol text NOT NULL DEFAULT 'BTCUSDT';
ALTER TABLE trades ADD COLUMN symbol text NOT NULL DEFAULT 'BTCUSDT';
ALTER TABLE futures_history ADD COLUMN symbol text NOT NULL DEFAULT 'BTCUSDT';

-- One isolated position, one leverage and one funding settlement per user per market.
ALTER TABLE positions ADD COLUMN symbol text NOT NULL DEFAULT 'BTCUSDT';
ALTER TABLE positions DROP CONSTRAINT positions_pkey, ADD PRIMARY KEY (user_id, symbol);
ALTER TABLE user_leverage ADD COLUMN symbol text NOT NULL DEFAULT 'BTCUSDT';
ALTER TABLE user_leverage DROP CONSTRAINT user_leverage_pkey, ADD PRIMARY KEY (user_id, symbol);
ALTER TABLE funding_payments ADD COLUMN symbol text NOT NULL DEFAULT 'BTCUSDT';
ALTER TABLE funding_payments DROP CONSTRAINT funding_payments_pkey, ADD PRIMARY KEY (user_id, symbol, time_ms);

-- A user's history of one market, newest first (the unfiltered read keeps futures_history_by_user). Orders and
-- trades get no new index: every batch writes them by the thousand, and their per-user reads are paged by id.
CREATE INDEX futures_history_by_user_symbol ON futures_history (user_id, symbol, id DESC);

-- Each market's last prices, restored on start, advanced in the batch that applied them. They were columns of
-- sequencer_state (BTCUSDT's), and the last trade price was read from the newest trade: both carried over here.
CREATE TABLE market_prices (
  symbol text PRIMARY KEY,
  last_index_price bigint,
  last_mark_price bigint,
  last_price_at_ms bigint,
  last_trade_price bigint
);
INSERT INTO market_prices (symbol, last_index_price, last_mark_price, last_price_at_ms, last_trade_price)
SELECT 'BTCUSDT', last_index_price, last_mark_price, last_price_at_ms,
  (SELECT price FROM trades ORDER BY id DESC LIMIT 1)
FROM sequencer_state WHERE id = 1;
ALTER TABLE sequencer_state DROP COLUMN last_index_price, DROP COLUMN last_mark_price, DROP COLUMN last_price_at_ms;
