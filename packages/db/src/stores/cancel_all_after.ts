import type { Queryable } from '../pool.ts';

// The dead-man's switch (#29): one deadline per user, durable so that a restart or failover keeps it armed.

/** Arms (or renews) the user's switch. */
export async function armCancelAllAfter(db: Queryable, userId: number, deadlineAt: Date, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO cancel_all_after (user_id, deadline_at, armed_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET deadline_at = EXCLUDED.deadline_at, armed_at = EXCLUDED.armed_at`,
    [userId, deadlineAt, now],
  );
}

export async function disarmCancelAllAfter(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM cancel_all_after WHERE user_id = $1', [userId]);
}

export interface ExpiredSwitch {
  userId: number;
  deadlineAt: Date;
}

/** Switches whose deadline has passed, oldest first. */
export async function expiredCancelAllAfter(db: Queryable, now: Date, limit: number): Promise<ExpiredSwitch[]> {
  const { rows } = await db.query<ExpiredSwitch>(
    `SELECT user_id AS "userId", deadline_at AS "deadlineAt" FROM cancel_all_after
     WHERE deadline_at <= $1 ORDER BY deadline_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => ({ userId: Number(row.userId), deadlineAt: row.deadlineAt }));
}

/** Removes a fired switch, unless it was renewed meanwhile (its deadline changed). */
export async function clearFiredCancelAllAfter(db: Queryable, fired: ExpiredSwitch): Promise<void> {
  await db.query('DELETE FROM cancel_all_after WHERE user_id = $1 AND deadline_at = $2', [
    fired.userId,
    fired.deadlineAt,
  ]);
}
