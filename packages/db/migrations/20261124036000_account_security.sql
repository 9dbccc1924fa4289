-- The account security page (#17): sessions with their device and last use, a login history, TOTP two-factor with
-- recovery codes, and a withdrawal address whitelist.

ALTER TABLE sessions
  ADD COLUMN user_agent text NOT NULL DEFAULT '',
  ADD COLUMN client_address text NOT NULL DEFAULT '',
  ADD COLUMN last_used_at timestamptz;

-- Every sign-in attempt on an existing account, successful or not (unknown accounts have no row to hang it on).
CREATE TABLE login_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  at timestamptz NOT NULL,
  client_address text NOT NULL,
  user_agent text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('success', 'wrong_password', 'code_required', 'wrong_code', 'throttled'))
);
CREATE INDEX login_history_user_idx ON login_history (user_id, id DESC);

-- TOTP secrets are stored encrypted (AES-256-GCM under a key derived from the server's secret). A pending secret is
-- one being enrolled: it becomes the secret once a code from it is confirmed. totp_last_step refuses a code used once.
ALTER TABLE users
  ADD COLUMN totp_secret text,
  ADD COLUMN totp_pending_secret text,
  ADD COLUMN totp_enabled_at timestamptz,
  ADD COLUMN totp_last_step bigint,
  ADD COLUMN whitelist_enabled boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT users_totp_enabled_whole CHECK ((totp_secret IS NULL) = (totp_enabled_at IS NULL));

-- One-time recovery codes (sha256 of the code), each usable once in place of a TOTP code.
CREATE TABLE totp_recovery_codes (
  user_id bigint NOT NULL REFERENCES users (id),
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- Withdrawal addresses a user allows; a new one becomes usable 24 h after it was added.
CREATE TABLE withdrawal_whitelist (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  address text NOT NULL CHECK (address = lower(address)),
  label text NOT NULL DEFAULT '',
  added_at timestamptz NOT NULL,
  usable_from timestamptz NOT NULL,
  CONSTRAINT withdrawal_whitelist_one_per_address UNIQUE (user_id, address)
);
