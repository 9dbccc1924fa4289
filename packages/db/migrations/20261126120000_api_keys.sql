-- An API for programs (#29): keys per user, a security log, client order ids' first outcomes and the dead-man's
-- switch.

-- A user's API keys. The HMAC secret must be known to verify a signature, so it is stored sealed (AES-256-GCM under a
-- key derived from the server's secret, as the TOTP secrets are), never in clear; a deleted key keeps its row (the
-- security log refers to it) and is refused at once.
CREATE TABLE api_keys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  api_key text NOT NULL UNIQUE,
  sealed_secret text NOT NULL,
  label text NOT NULL,
  permissions text[] NOT NULL CHECK (permissions <@ ARRAY['read', 'trade']::text[] AND cardinality(permissions) > 0),
  ip_addresses text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id) WHERE deleted_at IS NULL;

-- Changes to what can act on an account (keys created and deleted), with where the request came from.
CREATE TABLE security_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  at timestamptz NOT NULL,
  event text NOT NULL,
  detail text NOT NULL DEFAULT '',
  client_address text NOT NULL DEFAULT ''
);
CREATE INDEX security_log_user_idx ON security_log (user_id, id DESC);

-- An idempotency key's first answer, so that a repeated command (a client order id sent again) answers what the
-- first one did. Written in the same batch as the command.
ALTER TABLE command_keys ADD COLUMN result jsonb;

-- The dead-man's switch (POST /order/cancelAllAfter): when a user's deadline passes unrenewed, every open order of
-- theirs is cancelled. Durable, so that a restart or an engine failover keeps every armed switch.
CREATE TABLE cancel_all_after (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  deadline_at timestamptz NOT NULL,
  armed_at timestamptz NOT NULL
);
CREATE INDEX cancel_all_after_deadline_idx ON cancel_all_after (deadline_at);
