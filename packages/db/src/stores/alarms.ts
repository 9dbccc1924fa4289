import type { Queryable } from '../pool.ts';

export interface AlarmRecord {
  id: number;
  userId: number;
  content: string;
  createdAt: Date;
}

export async function insertAlarm(
  db: Queryable,
  alarm: { userId: number; content: string; createdAt: Date },
): Promise<AlarmRecord> {
  const result = await db.query<{ id: number }>(
    'INSERT INTO alarms (user_id, content, created_at) VALUES ($1, $2, $3) RETURNING id',
    [alarm.userId, alarm.content, alarm.createdAt],
  );
  return { id: result.rows[0]!.id, ...alarm };
}

/** Stores many alarms at once (the sequencer's notices, inside its batch transaction). */
export async function insertAlarms(
  db: Queryable,
  alarms: ReadonlyArray<{ userId: number; content: string; createdAt: Date }>,
): Promise<void> {
  if (alarms.length === 0) return;
  await db.query(
    'INSERT INTO alarms (user_id, content, created_at) SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[])',
    [alarms.map((alarm) => alarm.userId), alarms.map((alarm) => alarm.content), alarms.map((alarm) => alarm.createdAt)],
  );
}

/** Newest first. */
export async function listAlarms(db: Queryable, userId: number, limit: number): Promise<AlarmRecord[]> {
  const result = await db.query<{ id: number; user_id: number; content: string; created_at: Date }>(
    `SELECT id, user_id, content, created_at FROM alarms WHERE user_id = $1
     ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return result.rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    content: row.content,
    createdAt: row.created_at,
  }));
}
