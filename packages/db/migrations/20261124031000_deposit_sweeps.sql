-- Sweeps of users' deposit addresses into the hot wallet, so that withdrawals have funds. A sweep is a gas top-up
-- from the hot wallet (only when the deposit address holds too little BNB/ETH), confirmed before the token transfer
-- from the deposit address to the hot wallet is signed. Every transaction is signed and stored here before it is
-- broadcast; one whose outcome is unknown is sent again as the same bytes, never signed again.
-- Status: 'topup' (top-up signed, followed until confirmed), 'sweep' (token transfer signed, followed until
-- confirmed), 'done', 'failed' (a transaction was mined and reverted: an operator looks; the address is left alone).
CREATE TABLE deposit_sweeps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  deposit_address text NOT NULL,                   -- checksummed, as chain_deposits.to_address
  user_id bigint NOT NULL REFERENCES users (id),
  address_index integer NOT NULL CHECK (address_index >= 0), -- child of the deposit account: the key that signs
  token_address text NOT NULL,
  hot_wallet text NOT NULL,                        -- where the tokens go, and who pays the top-up
  amount_units numeric(78, 0) NOT NULL CHECK (amount_units > 0), -- token units swept (18 decimals)
  gas_price numeric(78, 0) NOT NULL CHECK (gas_price > 0),       -- wei per gas of the sweep transaction
  status text NOT NULL CHECK (status IN ('topup', 'sweep', 'done', 'failed')),
  -- The gas top-up: value in wei, the hot wallet nonce (from hot_wallet_nonces), the signed bytes and their hash.
  topup_value numeric(78, 0) CHECK (topup_value > 0),
  topup_nonce bigint CHECK (topup_nonce >= 0),
  topup_raw_tx text,
  topup_tx_hash text UNIQUE,
  topup_block bigint,
  -- The token transfer, signed with the deposit address's key (its nonce comes from the chain: nothing else ever
  -- sends from a deposit address, and its previous sweep was confirmed before this one was signed).
  sweep_nonce bigint CHECK (sweep_nonce >= 0),
  sweep_raw_tx text,
  sweep_tx_hash text UNIQUE,
  sweep_block bigint,
  broadcast_count integer NOT NULL DEFAULT 0,
  last_broadcast_at timestamptz,                   -- of the transaction the status follows
  failure text,
  inserted_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT deposit_sweeps_topup_signed CHECK (
    topup_raw_tx IS NULL
    OR (topup_tx_hash IS NOT NULL AND topup_nonce IS NOT NULL AND topup_value IS NOT NULL)
  ),
  CONSTRAINT deposit_sweeps_topup_before_sweep CHECK (status <> 'topup' OR topup_raw_tx IS NOT NULL),
  CONSTRAINT deposit_sweeps_sweep_signed CHECK (
    status NOT IN ('sweep', 'done') OR (sweep_raw_tx IS NOT NULL AND sweep_tx_hash IS NOT NULL AND sweep_nonce IS NOT NULL)
  ),
  CONSTRAINT deposit_sweeps_one_topup_per_nonce UNIQUE (hot_wallet, topup_nonce),
  CONSTRAINT deposit_sweeps_one_sweep_per_nonce UNIQUE (deposit_address, sweep_nonce)
);
-- At most one sweep in flight per deposit address.
CREATE UNIQUE INDEX deposit_sweeps_one_in_flight ON deposit_sweeps (deposit_address) WHERE status IN ('topup', 'sweep');
CREATE INDEX deposit_sweeps_address_idx ON deposit_sweeps (deposit_address, status);
