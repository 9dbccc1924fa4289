import type { Queryable } from '../pool.ts';

// Listen keys of the /fapi user data stream (#30 follow-up): one row per user, found by the key's SHA-256; the key
// itself arrives sealed by the server. "Live" = expires_at after the caller's `now` (the server's clock, not the
// database's, so that a test clock governs expiry as it governs everything else).

export interface StoredListenKey {
  keyHash: string;
  sealedKey: string;
}

/**
 * The user's live key renewed until `expiresAt`, or `fresh` in place of a lapsed or missing one; answers the row as
 * it now is. One statement, so two nodes opening at once agree on one key.
 */
export async function openListenKey(
  db: Queryable,
  userId: number,
  fresh: StoredListenKey,
  now: Date,
  expiresAt: Date,
): Promise<StoredListenKey> {
  // Every SET expression reads the row as it was before the update.
  const { rows } = await db.query<StoredListenKey>(
    `INSERT INTO listen_keys (user_id, key_hash, sealed_key, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET
       key_hash = CASE WHEN listen_keys.expires_at > $4 THEN listen_keys.key_hash ELSE EXCLUDED.key_hash END,
       sealed_key = CASE WHEN listen_keys.expires_at > $4 THEN listen_keys.sealed_key ELSE EXCLUDED.sealed_key END,
       created_at = CASE WHEN listen_keys.expires_at > $4 THEN listen_keys.created_at ELSE EXCLUDED.created_at END,
       expires_at = EXCLUDED.expires_at
     RETURNING key_hash AS "keyHash", sealed_key AS "sealedKey"`,
    [userId, fresh.keyHash, fresh.sealedKey, now, expiresAt],
  );
  return rows[0]!;
}

/** Renews the user's live key (the one hashed `keyHash`, or whichever is live when null); null when none. */
export async function renewListenKey(
  db: Queryable,
  userId: number,
  keyHash: string | null,
  now: Date,
  expiresAt: Date,
): Promise<StoredListenKey | null> {
  const { rows } = await db.query<StoredListenKey>(
    `UPDATE listen_keys SET expires_at = $4
      WHERE user_id = $1 AND ($2::text IS NULL OR key_hash = $2) AND expires_at > $3
      RETURNING key_hash AS "keyHash", sealed_key AS "sealedKey"`,
    [userId, keyHash, now, expiresAt],
  );
  return rows[0] ?? null;
}

/** Removes the user's live key (as renewListenKey picks it); answers its hash, or null when none was live. */
export async function closeListenKey(
  db: Queryable,
  userId: number,
  keyHash: string | null,
  now: Date,
): Promise<string | null> {
  const { rows } = await db.query<{ keyHash: string }>(
    `DELETE FROM listen_keys WHERE user_id = $1 AND ($2::text IS NULL OR key_hash = $2) AND expires_at > $3
      RETURNING key_hash AS "keyHash"`,
    [userId, keyHash, now],
  );
  return rows[0]?.keyHash ?? null;
}

/** The user and expiry of a live key; null when unknown, closed or lapsed. */
export async function liveListenKey(
  db: Queryable,
  keyHash: string,
  now: Date,
): Promise<{ userId: number; expiresAt: Date } | null> {
  const { rows } = await db.query<{ userId: string; expiresAt: Date }>(
    `SELECT user_id AS "userId", expires_at AS "expiresAt" FROM listen_keys WHERE key_hash = $1 AND expires_at > $2`,
    [keyHash, now],
  );
  const row = rows[0];
  return row ? { userId: Number(row.userId), expiresAt: row.expiresAt } : null;
}

/** The stored expiry of each of these keys that still has a row (lapsed ones included); absent = closed. */
export async function listenKeyExpiries(db: Queryable, keyHashes: readonly string[]): Promise<Map<string, Date>> {
  const { rows } = await db.query<{ keyHash: string; expiresAt: Date }>(
    `SELECT key_hash AS "keyHash", expires_at AS "expiresAt" FROM listen_keys WHERE key_hash = ANY($1::text[])`,
    [keyHashes],
  );
  return new Map(rows.map((row) => [row.keyHash, row.expiresAt]));
}

/** Removes the rows lapsed at `before`; answers how many. */
export async function deleteLapsedListenKeys(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM listen_keys WHERE expires_at <= $1', [before]);
  return rowCount ?? 0;
}
