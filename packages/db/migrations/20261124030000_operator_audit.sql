-- Every operator action (and every automatic decision taken on an operator's behalf), append-only: who, when, what,
-- on which target, the state before and after, and the client address. Replaces the withdrawal-only audit table.
CREATE TABLE operator_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id bigint REFERENCES users (id), -- null: an automatic decision (e.g. below WITHDRAW_AUTO_APPROVE_MAX)
  action text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.-]*$'),
  target_type text NOT NULL,
  target_id text NOT NULL,
  previous jsonb,
  next jsonb,
  reason text,
  client_address text,
  created_at timestamptz NOT NULL
);
CREATE INDEX operator_audit_target_idx ON operator_audit (target_type, target_id, id);
CREATE INDEX operator_audit_operator_idx ON operator_audit (operator_id, id);

INSERT INTO operator_audit (operator_id, action, target_type, target_id, next, reason, created_at)
SELECT operator_id, 'withdrawal.' || action, 'withdrawal', withdrawal_no::text,
       CASE WHEN action = 'approve' THEN jsonb_build_object('status', 2) ELSE jsonb_build_object('status', 4) END,
       detail, created_at
FROM withdrawal_audit ORDER BY id;
DROP TABLE withdrawal_audit;

-- Append-only: rows are never changed or removed, not even by the platform's own role.
CREATE FUNCTION operator_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only';
END;
$$;
CREATE TRIGGER operator_audit_no_update BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_is_append_only();
CREATE TRIGGER operator_audit_no_truncate BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_is_append_only();
