import type { Queryable } from '../pool.ts';
import type { UserRole } from './users.ts';

export interface SessionRecord {
  id: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  revokedReason: string | null;
  /** Null until the first use after sign-in. */
  lastUsedAt: Date | null;
}

interface SessionRow {
  id: string;
  user_id: number;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  last_used_at: Date | null;
}

function toSession(row: SessionRow): SessionRecord {
  return {
    id: row.id,
    userId: row.user_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
    lastUsedAt: row.last_used_at,
  };
}

const COLUMNS = 'id, user_id, created_at, expires_at, revoked_at, revoked_reason, last_used_at';

export async function insertSession(
  db: Queryable,
  session: { id: string; userId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    session.id,
    session.userId,
    session.createdAt,
    session.expiresAt,
  ]);
}

export async function findSession(db: Queryable, id: string): Promise<SessionRecord | null> {
  const result = await db.query<SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE id = $1`, [id]);
  const row = result.rows[0];
  return row ? toSession(row) : null;
}

/** The caller of an authenticated request as its session names it: what the auth check needs of the user. */
export interface SessionUser {
  id: number;
  userid: string;
  level: number;
  role: UserRole;
}

/**
 * A session and its user, in one round trip (#30: the check every authenticated request makes); null when the
 * session does not exist or its user is gone.
 */
export async function findSessionWithUser(
  db: Queryable,
  id: string,
): Promise<{ session: SessionRecord; user: SessionUser } | null> {
  const result = await db.query<SessionRow & { userid: string; level: number; role: UserRole }>(
    `SELECT s.id, s.user_id, s.created_at, s.expires_at, s.revoked_at, s.revoked_reason, s.last_used_at,
            u.userid, u.level, u.role
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1`,
    [id],
  );
  const row = result.rows[0];
  return row
    ? { session: toSession(row), user: { id: row.user_id, userid: row.userid, level: row.level, role: row.role } }
    : null;
}

export async function extendSession(db: Queryable, id: string, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1', [id, expiresAt]);
}

/** Revokes one session; a session revoked before keeps its first reason. */
export async function revokeSession(db: Queryable, id: string, reason: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $3, revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [
    id,
    reason,
    now,
  ]);
}

/** Revokes every live session of a user (but `keep`, when given); answers their ids. */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  reason: string,
  now: Date,
  keep: string | null = null,
): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `UPDATE sessions SET revoked_at = $3, revoked_reason = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND ($4::uuid IS NULL OR id <> $4::uuid) RETURNING id`,
    [userId, reason, now, keep],
  );
  return result.rows.map((row) => row.id);
}

export interface RefreshTokenRecord {
  tokenHash: string;
  sessionId: string;
  createdAt: Date;
  rotatedAt: Date | null;
}

export async function insertRefreshToken(
  db: Queryable,
  token: { tokenHash: string; sessionId: string; createdAt: Date },
): Promise<void> {
  await db.query('INSERT INTO refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)', [
    token.tokenHash,
    token.sessionId,
    token.createdAt,
  ]);
}

/** Locks the token row so two concurrent refreshes with one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(db: Queryable, tokenHash: string): Promise<RefreshTokenRecord | null> {
  const result = await db.query<{ token_hash: string; session_id: string; created_at: Date; rotated_at: Date | null }>(
    'SELECT token_hash, session_id, created_at, rotated_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
  const row = result.rows[0];
  return row
    ? { tokenHash: row.token_hash, sessionId: row.session_id, createdAt: row.created_at, rotatedAt: row.rotated_at }
    : null;
}

export async function markRefreshTokenRotated(db: Queryable, tokenHash: string, now: Date): Promise<void> {
  await db.query('UPDATE refresh_tokens SET rotated_at = $2 WHERE token_hash = $1', [tokenHash, now]);
}
