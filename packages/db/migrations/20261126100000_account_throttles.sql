-- Per-account failure counts (#27): wrong passwords at sign-in and wrong second-factor codes on every route that takes
-- one. In PostgreSQL rather than in one process's memory, so that every API node of a cluster counts the same failures.
-- `account` is the sign-in id for sign-ins (unknown ids are counted too) and the user number for codes: no foreign key.
CREATE TABLE account_throttles (
  scope text NOT NULL CHECK (scope IN ('login', 'second_factor')),
  account text NOT NULL,
  failures integer NOT NULL CHECK (failures > 0),
  last_failure_at timestamptz NOT NULL,
  PRIMARY KEY (scope, account)
);
-- Stale counts are forgotten in bulk.
CREATE INDEX account_throttles_last_failure_idx ON account_throttles (last_failure_at);

-- The account's security history also says when its second-factor codes were locked after too many wrong ones.
ALTER TABLE login_history DROP CONSTRAINT login_history_outcome_check;
ALTER TABLE login_history ADD CONSTRAINT login_history_outcome_check
  CHECK (outcome IN ('success', 'wrong_password', 'code_required', 'wrong_code', 'throttled', 'code_locked'));
