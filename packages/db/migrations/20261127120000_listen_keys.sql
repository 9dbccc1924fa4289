-- Listen keys of the Binance-compatible user data stream (#30 follow-up), shared by every API node: a key made on one
-- node opens, renews, closes and streams on any other. One key per user (Binance: POST answers the live key renewed).
-- The key is a bearer secret for the user's stream: a lookup uses its SHA-256 (`key_hash`), and the key itself is kept
-- only sealed (AES-256-GCM under a key derived from the server's secret, as the API keys' secrets are) so that POST
-- can answer the live key again. A lapsed row stays until a node's periodic check removes it, or POST replaces it.
CREATE TABLE listen_keys (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  key_hash text NOT NULL UNIQUE CHECK (key_hash ~ '^[0-9a-f]{64}$'),
  sealed_key text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX listen_keys_expires_idx ON listen_keys (expires_at);
