-- The operator console (#16).

-- Operators freeze a user's trading (new orders and option bets refused) or withdrawals (new requests refused, waiting
-- ones not sent), each on its own (item 4). When each was frozen and the reason of the latest freeze; who did it, and
-- every change, is in operator_audit.
ALTER TABLE users
  ADD COLUMN trading_frozen_at timestamptz,
  ADD COLUMN withdrawals_frozen_at timestamptz,
  ADD COLUMN freeze_reason text;

-- The trading service keeps the frozen users in memory and reads them again after every change: this makes that read
-- touch only them.
CREATE INDEX users_trading_frozen_idx ON users (id) WHERE trading_frozen_at IS NOT NULL;

-- The market and risk panel sums each listed round's bets (house PnL per round). Bets are appended in round order, so
-- a BRIN index finds a range of rounds for a few pages of reads, and costs the sequencer's COPY next to nothing (a
-- B-tree on this hot table would cost every bet an index insert).
CREATE INDEX option_orders_round_brin ON option_orders USING brin (round_start_ms);
