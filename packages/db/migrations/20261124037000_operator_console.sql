-- Operators freeze a user's trading (new orders and option bets refused) or withdrawals (new requests refused, waiting
-- ones not sent), each on its own (#16 item 4). When each was frozen and the reason of the latest freeze; who did it,
-- and every change, is in operator_audit.
ALTER TABLE users
  ADD COLUMN trading_frozen_at timestamptz,
  ADD COLUMN withdrawals_frozen_at timestamptz,
  ADD COLUMN freeze_reason text;

-- The trading service keeps the frozen users in memory and reads them again after every change: this makes that read
-- touch only them.
CREATE INDEX users_trading_frozen_idx ON users (id) WHERE trading_frozen_at IS NOT NULL;
