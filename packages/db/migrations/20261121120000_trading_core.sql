-- Trading core: the sequencer's durable state. Written only by the sequencer, one transaction per batch.
-- Amounts are integers: micro-USDT (scale 6), prices in ticks of 0.01 USDT, quantities in lots of 0.0001 BTC.
-- Times the engine stamps are epoch milliseconds (`*_ms`), so a restore gives the engine exactly what it had.
-- The constraints below are the second line of defence: the engine already refuses all of this.

CREATE TABLE ledger_accounts (
  id text PRIMARY KEY,
  balance bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A user's money never goes negative; house and chain accounts are the other side and may.
  CONSTRAINT ledger_accounts_user_balance_non_negative CHECK (balance >= 0 OR id NOT LIKE 'user:%')
);

-- Append-only and the hottest table: besides the primary key it has no index and no foreign key (every batch
-- creates its accounts before its postings; the invariant checks scan the table as a whole).
CREATE TABLE ledger_postings (
  id bigserial PRIMARY KEY,
  batch_id bigint NOT NULL,
  debit text NOT NULL,
  credit text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  kind text NOT NULL,
  ref text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (debit <> credit)
);

-- Postings are immutable: corrections are new postings.
CREATE FUNCTION ledger_postings_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger postings are immutable (% refused)', TG_OP;
END
$$;
CREATE TRIGGER ledger_postings_no_update_or_delete
  BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_postings_immutable();

CREATE TABLE orders (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  side smallint NOT NULL CHECK (side IN (1, 2)),
  order_path smallint NOT NULL CHECK (order_path BETWEEN 1 AND 5),
  price bigint CHECK (price > 0),
  qty bigint NOT NULL CHECK (qty > 0),
  filled_qty bigint NOT NULL CHECK (filled_qty >= 0 AND filled_qty <= qty),
  leverage integer NOT NULL CHECK (leverage BETWEEN 1 AND 100),
  held_margin bigint NOT NULL CHECK (held_margin >= 0),
  status text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  reduce_only boolean NOT NULL DEFAULT false,
  client_order_id text,
  created_at_ms bigint NOT NULL,
  updated_at_ms bigint NOT NULL
);
-- No index on status or user: open orders are read from the engine, and restore scans the table once at start.
CREATE UNIQUE INDEX orders_client_order_id ON orders (user_id, client_order_id) WHERE client_order_id IS NOT NULL;

-- One net position per user (one-way mode); a closed position's row is deleted.
CREATE TABLE positions (
  user_id bigint PRIMARY KEY,
  side smallint NOT NULL CHECK (side IN (1, 2)),
  qty bigint NOT NULL CHECK (qty > 0),
  entry_price bigint NOT NULL CHECK (entry_price > 0),
  leverage integer NOT NULL CHECK (leverage BETWEEN 1 AND 100),
  margin bigint NOT NULL CHECK (margin >= 0),
  liquidation_price bigint NOT NULL CHECK (liquidation_price >= 0),
  take_profit bigint CHECK (take_profit > 0),
  stop_loss bigint CHECK (stop_loss > 0),
  opened_at_ms bigint NOT NULL,
  updated_at_ms bigint NOT NULL
);

CREATE TABLE trades (
  id bigint PRIMARY KEY,
  price bigint NOT NULL CHECK (price > 0),
  qty bigint NOT NULL CHECK (qty > 0),
  taker_side smallint NOT NULL CHECK (taker_side IN (1, 2)),
  maker_order_id bigint NOT NULL,
  taker_order_id bigint NOT NULL,
  maker_user_id bigint NOT NULL,
  taker_user_id bigint NOT NULL,
  time_ms bigint NOT NULL
);
CREATE INDEX trades_time ON trades (time_ms);

-- The seeds' futures order history (`/order/history`, `/order/lookup`).
CREATE TABLE futures_history (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  order_id bigint,
  order_path smallint NOT NULL CHECK (order_path BETWEEN 1 AND 5),
  position smallint NOT NULL CHECK (position BETWEEN 1 AND 4),
  price bigint NOT NULL CHECK (price >= 0),
  close_price bigint CHECK (close_price >= 0),
  qty bigint NOT NULL CHECK (qty > 0),
  open_order_fee bigint NOT NULL CHECK (open_order_fee >= 0),
  close_order_fee bigint NOT NULL CHECK (close_order_fee >= 0),
  realized_profit bigint NOT NULL,
  time_ms bigint NOT NULL
);
CREATE INDEX futures_history_by_user ON futures_history (user_id, id DESC);

CREATE TABLE option_orders (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  bet_type smallint NOT NULL CHECK (bet_type IN (1, 2)),
  stake bigint NOT NULL CHECK (stake > 0),
  open_price bigint NOT NULL CHECK (open_price > 0),
  round_start_ms bigint NOT NULL,
  expire_at_ms bigint NOT NULL,
  result_price bigint,
  result smallint NOT NULL CHECK (result BETWEEN 0 AND 3),
  settled_profit bigint NOT NULL DEFAULT 0,
  refunded boolean NOT NULL DEFAULT false,
  created_at_ms bigint NOT NULL,
  settled_at_ms bigint
);
CREATE INDEX option_orders_by_user ON option_orders (user_id, id DESC);
CREATE INDEX option_orders_unsettled ON option_orders (round_start_ms) WHERE result = 0;

-- Settled option rounds with the price they closed at (null: no price, refunded), for audit.
CREATE TABLE option_rounds (
  round_start_ms bigint PRIMARY KEY,
  result_price bigint,
  settled_at_ms bigint NOT NULL
);

-- `/transfer/lookup`: type 2 is spot ↔ futures; sell/buy name the wallets as the seeds do ('bsc', 'usdtm').
CREATE TABLE wallet_transfers (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL,
  type smallint NOT NULL DEFAULT 2,
  sell text NOT NULL CHECK (sell IN ('bsc', 'usdtm')),
  sell_amount bigint NOT NULL CHECK (sell_amount > 0),
  buy text NOT NULL CHECK (buy IN ('bsc', 'usdtm')),
  buy_amount bigint NOT NULL CHECK (buy_amount > 0),
  created_at_ms bigint NOT NULL,
  CHECK (sell <> buy)
);
CREATE INDEX wallet_transfers_by_user ON wallet_transfers (user_id, type, id DESC);

CREATE TABLE user_leverage (
  user_id bigint PRIMARY KEY,
  leverage integer NOT NULL CHECK (leverage BETWEEN 1 AND 100)
);

-- A command submitted with an idempotency key is applied at most once, ever.
CREATE TABLE command_keys (
  key text PRIMARY KEY,
  command_type text NOT NULL,
  batch_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sequencer's own counters and the last prices it applied (restored on start).
CREATE TABLE sequencer_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  last_batch_id bigint NOT NULL DEFAULT 0,
  last_index_price bigint,
  last_mark_price bigint,
  last_price_at_ms bigint
);
INSERT INTO sequencer_state (id) VALUES (1);
