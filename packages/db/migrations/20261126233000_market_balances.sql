-- Order and position margin per user per market (#34): the engine names another market's accounts
-- `user:<id>:order_margin:<symbol>` and `user:<id>:position_margin:<symbol>` (BTCUSDT's keep user_balances' columns).
-- A user's money in them never goes negative, and `ledger_accounts` shows them like every other account.
CREATE TABLE user_market_balances (
  user_id bigint NOT NULL,
  symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,20}$' AND symbol <> 'BTCUSDT'),
  order_margin bigint NOT NULL DEFAULT 0,
  position_margin bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol),
  CONSTRAINT user_market_balances_non_negative CHECK (order_margin >= 0 AND position_margin >= 0)
) WITH (fillfactor = 50);

CREATE OR REPLACE VIEW ledger_accounts (id, balance) AS
  SELECT 'user:' || b.user_id || ':' || account.purpose, account.balance
  FROM user_balances AS b
  CROSS JOIN LATERAL (VALUES ('spot', b.spot), ('futures', b.futures), ('order_margin', b.order_margin),
    ('position_margin', b.position_margin), ('option_stake', b.option_stake),
    ('withdrawal_hold', b.withdrawal_hold)) AS account (purpose, balance)
  UNION ALL
  SELECT 'user:' || m.user_id || ':' || account.purpose || ':' || m.symbol, account.balance
  FROM user_market_balances AS m
  CROSS JOIN LATERAL (VALUES ('order_margin', m.order_margin), ('position_margin', m.position_margin))
    AS account (purpose, balance)
  UNION ALL
  SELECT id, balance FROM house_balances;
