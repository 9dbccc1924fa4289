-- The on-chain wallet: deposits read from the chain by the watcher, withdrawals signed by the hot wallet, and what
-- operators must look at. Money itself moves only in the ledger (through the sequencer); these rows say why.

-- Where the deposit watcher has read up to (one row per watched chain and token).
CREATE TABLE chain_cursors (
  name text PRIMARY KEY,
  next_block bigint NOT NULL CHECK (next_block >= 0),
  updated_at timestamptz NOT NULL
);

-- Blocks the watcher has read that could still be reorganised away: comparing their hashes with the chain's finds
-- a reorganisation and the common ancestor to go back to. Older ones are pruned.
CREATE TABLE chain_blocks (
  number bigint PRIMARY KEY CHECK (number >= 0),
  hash text NOT NULL,
  parent_hash text NOT NULL
);

-- Every Transfer log to a user's deposit address: of the real token (credited once final, unless below the dust
-- minimum or beyond a billion USDT) and of any other token (recorded, never credited). Status 1 confirming,
-- 2 completed, 3 reverted.
CREATE TABLE chain_deposits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tx_hash text NOT NULL,
  log_index integer NOT NULL CHECK (log_index >= 0),
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  token_address text NOT NULL,
  from_address text NOT NULL,
  to_address text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  amount_units numeric(78, 0) NOT NULL CHECK (amount_units >= 0), -- in the token's own units (18 decimals)
  amount bigint NOT NULL CHECK (amount >= 0),                      -- micro-USDT credited: units rounded down
  remainder_units numeric(78, 0) NOT NULL CHECK (remainder_units >= 0), -- what rounding down left uncredited
  kind text NOT NULL CHECK (kind IN ('deposit', 'dust', 'too_large', 'foreign_token')),
  status smallint NOT NULL CHECK (status IN (1, 2, 3)),
  -- The block hash a standing ledger credit was made for; null while no credit stands. A credit whose block is no
  -- longer the row's (or the row is reverted) is reversed.
  credited_block_hash text,
  credit_count integer NOT NULL DEFAULT 0,
  reversal_count integer NOT NULL DEFAULT 0,
  inserted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT chain_deposits_one_row_per_log UNIQUE (tx_hash, log_index),
  CONSTRAINT chain_deposits_only_deposits_credited CHECK (kind = 'deposit' OR credited_block_hash IS NULL)
);
CREATE INDEX chain_deposits_user_idx ON chain_deposits (user_id, inserted_at DESC, id DESC);
CREATE INDEX chain_deposits_block_idx ON chain_deposits (block_number);

-- Withdrawal requests. Status 1 WAIT (held), 2 APPROVAL (signed and sent), 3 CANCEL, 4 REFUSE.
CREATE TABLE withdrawals (
  no bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  wallet_address text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0), -- micro-USDT the address receives
  fee bigint NOT NULL CHECK (fee >= 0),      -- micro-USDT kept as the network fee
  status smallint NOT NULL CHECK (status IN (1, 2, 3, 4)),
  held boolean NOT NULL DEFAULT false,       -- the ledger holds amount + fee (a row not yet held is not shown)
  released boolean NOT NULL DEFAULT false,   -- a cancelled or refused one's hold went back to the spot wallet
  ledger_sent boolean NOT NULL DEFAULT false, -- an approved one's hold left for the chain in the ledger
  reason text,
  decided_by bigint REFERENCES users (id),
  decided_at timestamptz,
  hot_wallet text,
  nonce bigint,
  raw_tx text,                               -- the signed bytes: a resend sends exactly these
  tx_hash text UNIQUE,
  broadcast_count integer NOT NULL DEFAULT 0,
  last_broadcast_at timestamptz,
  mined_block bigint,
  chain_state text NOT NULL DEFAULT 'none' CHECK (chain_state IN ('none', 'pending', 'confirmed', 'failed')),
  inserted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT withdrawals_one_tx_per_nonce UNIQUE (hot_wallet, nonce),
  CONSTRAINT withdrawals_signed_when_approved CHECK (status <> 2 OR (raw_tx IS NOT NULL AND tx_hash IS NOT NULL))
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, inserted_at DESC, no DESC);
CREATE INDEX withdrawals_open_idx ON withdrawals (status, no) WHERE status = 1 OR chain_state = 'pending';

-- Next nonce of each hot wallet, allocated in the transaction that stores the signed withdrawal.
CREATE TABLE hot_wallet_nonces (
  address text PRIMARY KEY,
  next_nonce bigint NOT NULL CHECK (next_nonce >= 0)
);

-- Every operator decision on a withdrawal (approve, refuse), append-only.
CREATE TABLE withdrawal_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdrawal_no bigint NOT NULL REFERENCES withdrawals (no),
  operator_id bigint REFERENCES users (id), -- null: the automatic approval below WITHDRAW_AUTO_APPROVE_MAX
  action text NOT NULL,
  detail text,
  created_at timestamptz NOT NULL
);
CREATE INDEX withdrawal_audit_no_idx ON withdrawal_audit (withdrawal_no);

-- Things an operator must act on: a reversed deposit, a hot wallet that cannot pay, a reorg deeper than tracked.
CREATE TABLE chain_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL
);
