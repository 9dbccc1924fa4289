import type { Queryable } from '../pool.ts';

// The account security page's rows (#17): sessions as a user sees them, login history, TOTP state, recovery codes
// and the withdrawal address whitelist.

export interface SessionDevice {
  id: string;
  userAgent: string;
  clientAddress: string;
  createdAt: Date;
  lastUsedAt: Date;
}

/** The user's live sessions, most recently used first. */
export async function liveSessions(db: Queryable, userId: number, now: Date): Promise<SessionDevice[]> {
  const { rows } = await db.query<SessionDevice>(
    `SELECT id, user_agent AS "userAgent", client_address AS "clientAddress", created_at AS "createdAt",
            coalesce(last_used_at, created_at) AS "lastUsedAt"
     FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2
     ORDER BY coalesce(last_used_at, created_at) DESC, id LIMIT 50`,
    [userId, now],
  );
  return rows;
}

export async function recordSessionDevice(
  db: Queryable,
  sessionId: string,
  device: { userAgent: string; clientAddress: string },
  now: Date,
): Promise<void> {
  await db.query('UPDATE sessions SET user_agent = $2, client_address = $3, last_used_at = $4 WHERE id = $1', [
    sessionId,
    device.userAgent,
    device.clientAddress,
    now,
  ]);
}

/** Marks a session used; at most once a minute per session, so a busy client does not write on every call. */
export async function touchSession(db: Queryable, sessionId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE sessions SET last_used_at = $2::timestamptz
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [sessionId, now],
  );
}

export type LoginOutcome = 'success' | 'wrong_password' | 'code_required' | 'wrong_code' | 'throttled' | 'code_locked';

export interface LoginAttempt {
  at: Date;
  clientAddress: string;
  userAgent: string;
  outcome: LoginOutcome;
}

export async function recordLogin(db: Queryable, userId: number, attempt: LoginAttempt): Promise<void> {
  await db.query(
    'INSERT INTO login_history (user_id, at, client_address, user_agent, outcome) VALUES ($1, $2, $3, $4, $5)',
    [userId, attempt.at, attempt.clientAddress, attempt.userAgent, attempt.outcome],
  );
}

export async function loginHistory(db: Queryable, userId: number, limit: number): Promise<LoginAttempt[]> {
  const { rows } = await db.query<LoginAttempt>(
    `SELECT at, client_address AS "clientAddress", user_agent AS "userAgent", outcome
     FROM login_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export interface TotpState {
  /** Encrypted secrets (see services/auth/totp.ts); null when none. */
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
  whitelistEnabled: boolean;
}

export async function securityState(db: Queryable, userId: number, forUpdate = false): Promise<TotpState | null> {
  const { rows } = await db.query<TotpState>(
    `SELECT totp_secret AS secret, totp_pending_secret AS "pendingSecret", totp_enabled_at AS "enabledAt",
            totp_last_step AS "lastStep", whitelist_enabled AS "whitelistEnabled"
     FROM users WHERE id = $1 ${forUpdate ? 'FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function setPendingTotp(db: Queryable, userId: number, encryptedSecret: string): Promise<void> {
  await db.query('UPDATE users SET totp_pending_secret = $2 WHERE id = $1', [userId, encryptedSecret]);
}

/** The pending secret becomes the secret; the recovery codes are replaced by new ones. */
export async function enableTotp(
  db: Queryable,
  userId: number,
  step: number,
  recoveryCodeHashes: readonly string[],
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL, totp_enabled_at = $2,
       totp_last_step = $3 WHERE id = $1 AND totp_pending_secret IS NOT NULL`,
    [userId, now, step],
  );
  await db.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO totp_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    recoveryCodeHashes,
  ]);
}

export async function disableTotp(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL
     WHERE id = $1`,
    [userId],
  );
  await db.query('DELETE FROM totp_recovery_codes WHERE user_id = $1', [userId]);
}

export async function setTotpLastStep(db: Queryable, userId: number, step: number): Promise<void> {
  await db.query('UPDATE users SET totp_last_step = $2 WHERE id = $1', [userId, step]);
}

/** Spends a recovery code; answers false when it is unknown or was used. */
export async function useRecoveryCode(db: Queryable, userId: number, codeHash: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE totp_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, codeHash, now],
  );
  return rowCount === 1;
}

export async function unusedRecoveryCodes(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*) AS count FROM totp_recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return Number(rows[0]!.count);
}

export interface WhitelistEntry {
  id: number;
  address: string;
  label: string;
  addedAt: Date;
  usableFrom: Date;
}

export async function whitelist(db: Queryable, userId: number): Promise<WhitelistEntry[]> {
  const { rows } = await db.query<WhitelistEntry>(
    `SELECT id, address, label, added_at AS "addedAt", usable_from AS "usableFrom"
     FROM withdrawal_whitelist WHERE user_id = $1 ORDER BY id`,
    [userId],
  );
  return rows;
}

/** Adds an address; answers false when it is already on the list. */
export async function addWhitelistEntry(
  db: Queryable,
  userId: number,
  entry: { address: string; label: string; addedAt: Date; usableFrom: Date },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO withdrawal_whitelist (user_id, address, label, added_at, usable_from) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id, address) DO NOTHING`,
    [userId, entry.address, entry.label, entry.addedAt, entry.usableFrom],
  );
  return rowCount === 1;
}

export async function removeWhitelistEntry(db: Queryable, userId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM withdrawal_whitelist WHERE user_id = $1 AND id = $2', [userId, id]);
  return rowCount === 1;
}

export async function setWhitelistEnabled(db: Queryable, userId: number, enabled: boolean): Promise<void> {
  await db.query('UPDATE users SET whitelist_enabled = $2 WHERE id = $1', [userId, enabled]);
}
