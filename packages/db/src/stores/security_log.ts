import type { Queryable } from '../pool.ts';

// Changes to what may act on an account (API keys created or deleted), with the address the request came from.

export interface SecurityLogEntry {
  at: Date;
  event: string;
  detail: string;
  clientAddress: string;
}

export async function recordSecurityEvent(db: Queryable, userId: number, entry: SecurityLogEntry): Promise<void> {
  await db.query('INSERT INTO security_log (user_id, at, event, detail, client_address) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    entry.at,
    entry.event,
    entry.detail,
    entry.clientAddress,
  ]);
}

/** Newest first. */
export async function securityLog(db: Queryable, userId: number, limit: number): Promise<SecurityLogEntry[]> {
  const { rows } = await db.query<SecurityLogEntry>(
    `SELECT at, event, detail, client_address AS "clientAddress" FROM security_log
     WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}
