import type { Queryable } from '../pool.ts';

// API keys for programs (#29): one row per key; the secret is sealed by the server before it gets here.

export type ApiKeyPermission = 'read' | 'trade';

export interface ApiKeyRecord {
  id: number;
  userId: number;
  apiKey: string;
  /** The HMAC secret, sealed (see the server's SecretBox); never returned to a client after creation. */
  sealedSecret: string;
  label: string;
  permissions: ApiKeyPermission[];
  /** Client addresses the key may be used from; empty = any. */
  ipAddresses: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

const COLUMNS = `id, user_id AS "userId", api_key AS "apiKey", sealed_secret AS "sealedSecret", label, permissions,
  ip_addresses AS "ipAddresses", created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

export async function insertApiKey(db: Queryable, key: Omit<ApiKeyRecord, 'id' | 'lastUsedAt'>): Promise<ApiKeyRecord> {
  const { rows } = await db.query<ApiKeyRecord>(
    `INSERT INTO api_keys (user_id, api_key, sealed_secret, label, permissions, ip_addresses, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [key.userId, key.apiKey, key.sealedSecret, key.label, key.permissions, key.ipAddresses, key.createdAt],
  );
  return rows[0]!;
}

/** A live (not deleted) key by its public id. */
export async function findLiveApiKey(db: Queryable, apiKey: string): Promise<ApiKeyRecord | null> {
  const { rows } = await db.query<ApiKeyRecord>(
    `SELECT ${COLUMNS} FROM api_keys WHERE api_key = $1 AND deleted_at IS NULL`,
    [apiKey],
  );
  return rows[0] ?? null;
}

/**
 * A live key and what the signed-request check needs of its user, in one round trip (#30); null when the key is
 * unknown or deleted, or its user is gone.
 */
export async function findLiveApiKeyWithUser(
  db: Queryable,
  apiKey: string,
): Promise<{
  key: ApiKeyRecord;
  user: { id: number; userid: string; level: number; role: 'user' | 'operator' };
} | null> {
  const { rows } = await db.query<ApiKeyRecord & { userid: string; level: number; role: 'user' | 'operator' }>(
    `SELECT k.id, k.user_id AS "userId", k.api_key AS "apiKey", k.sealed_secret AS "sealedSecret", k.label,
            k.permissions, k.ip_addresses AS "ipAddresses", k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt",
            u.userid, u.level, u.role
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.api_key = $1 AND k.deleted_at IS NULL`,
    [apiKey],
  );
  const row = rows[0];
  if (!row) return null;
  const { userid, level, role, ...key } = row;
  return { key, user: { id: key.userId, userid, level, role } };
}

/** A user's live keys, newest first. */
export async function liveApiKeys(db: Queryable, userId: number): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<ApiKeyRecord>(
    `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL ORDER BY id DESC`,
    [userId],
  );
  return rows;
}

/** Counts the user's live keys, locking the user's row so that two creations cannot both pass the maximum. */
export async function countLiveApiKeysForUpdate(db: Queryable, userId: number): Promise<number> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*) AS count FROM api_keys WHERE user_id = $1 AND deleted_at IS NULL',
    [userId],
  );
  return Number(rows[0]!.count);
}

/** Deletes one of the user's live keys; false when there is none by that id. */
export async function deleteApiKey(db: Queryable, userId: number, apiKey: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE api_keys SET deleted_at = $3 WHERE user_id = $1 AND api_key = $2 AND deleted_at IS NULL',
    [userId, apiKey, now],
  );
  return rowCount === 1;
}

/** Marks a key used; at most once a minute per key, so a busy program does not write on every call. */
export async function touchApiKey(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = $2::timestamptz
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`,
    [id, now],
  );
}
