-- Accounts: users, login sessions with rotating refresh tokens, uploaded images, alarms, feedback.

-- Child index of each user's deposit address under the platform's account xpub (m/44'/60'/0'/0/<index>).
CREATE SEQUENCE deposit_address_index_seq AS integer MINVALUE 0 START WITH 0;

CREATE TABLE uploads (
  id text PRIMARY KEY,                               -- opaque reference handed to the client: img_<random>
  format text NOT NULL CHECK (format IN ('jpeg', 'png')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz                                -- set once a registration or KYC update claims it
);

CREATE TABLE users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  userid text NOT NULL UNIQUE CHECK (userid = lower(userid)), -- the login email, stored lower-case
  password_hash text NOT NULL,
  name text NOT NULL,
  phone text NOT NULL,
  level smallint NOT NULL DEFAULT 1 CHECK (level BETWEEN 1 AND 7),
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'operator')),
  referral_code text NOT NULL UNIQUE,
  referrer_id bigint REFERENCES users (id),
  approve_status smallint NOT NULL DEFAULT 3 CHECK (approve_status IN (1, 2, 3)),
  kyc_image_id text REFERENCES uploads (id),
  leverage smallint NOT NULL DEFAULT 1 CHECK (leverage BETWEEN 1 AND 100),
  deposit_address_index integer NOT NULL UNIQUE CHECK (deposit_address_index >= 0),
  bsc_address text NOT NULL UNIQUE,
  withdrawals_blocked_until timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX users_referrer_id_idx ON users (referrer_id);
CREATE INDEX users_phone_idx ON users (phone);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,                   -- slides forward on every refresh
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- Every refresh token ever issued for a session: a rotated one presented again revokes the session.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,                       -- sha256 hex of the opaque token; the token itself is never stored
  session_id uuid NOT NULL REFERENCES sessions (id),
  created_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id);

CREATE TABLE alarms (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  content text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX alarms_user_id_created_at_idx ON alarms (user_id, created_at DESC, id DESC);

CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint REFERENCES users (id),
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
