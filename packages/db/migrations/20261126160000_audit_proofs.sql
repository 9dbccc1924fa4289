-- Provable fairness and provable reserves (#35).

-- The round log: every settled option round, once, in a hash chain (hash = sha256hex(prevHash|roundStartMs|openPrice|
-- closePrice|result), the first prevHash the published genesis). Appended in order of `seq` by one writer at a time
-- (an advisory lock), from the stored settlements, so a restart or a failover neither skips nor doubles a round.
-- Prices are the index ticks (0.01 USDT) the record was hashed with; 0: the round had no such price.
CREATE TABLE audit_round_log (
  seq bigint PRIMARY KEY CHECK (seq >= 1),
  round_start_ms bigint NOT NULL UNIQUE REFERENCES option_rounds (round_start_ms),
  open_price bigint NOT NULL CHECK (open_price >= 0),
  close_price bigint NOT NULL CHECK (close_price >= 0),
  result smallint NOT NULL CHECK (result IN (1, 2, 3)),
  prev_hash text NOT NULL UNIQUE CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  appended_at_ms bigint NOT NULL
);

CREATE FUNCTION audit_round_log_unchanged() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_round_log records are appended, never changed'; END $$;
CREATE TRIGGER audit_round_log_append_only BEFORE UPDATE OR DELETE ON audit_round_log
  FOR EACH ROW EXECUTE FUNCTION audit_round_log_unchanged();

-- The log's head anchored on chain, once a day (UTC): a transaction whose data is the head's hash.
CREATE TABLE audit_anchors (
  day date PRIMARY KEY,
  seq bigint NOT NULL,
  hash text NOT NULL,
  chain_id integer NOT NULL,
  tx_hash text NOT NULL UNIQUE,
  anchored_at_ms bigint NOT NULL
);

-- Proof of reserves: each snapshot keeps its leaves (user numbers and liabilities in micro-USDT, in the tree's order)
-- so any user's path can be rebuilt; the nonces are derived from the platform's audit secret, never stored.
CREATE TABLE reserve_snapshots (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  taken_at_ms bigint NOT NULL,
  root_hash text NOT NULL,
  root_sum numeric(38, 0) NOT NULL CHECK (root_sum >= 0),
  user_nos bigint[] NOT NULL,
  balances bigint[] NOT NULL,
  hot_wallet_micro numeric(38, 0) NOT NULL,
  deposit_addresses_micro numeric(38, 0) NOT NULL,
  demo boolean NOT NULL,
  CHECK (cardinality(user_nos) = cardinality(balances))
);
