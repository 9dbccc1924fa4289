import type { Queryable } from '../pool.ts';

export interface FeedbackRecord {
  id: number;
  userId: number | null;
  title: string;
  body: string;
  createdAt: Date;
}

export async function insertFeedback(
  db: Queryable,
  feedback: { userId: number | null; title: string; body: string; createdAt: Date },
): Promise<FeedbackRecord> {
  const result = await db.query<{ id: number }>(
    'INSERT INTO feedback (user_id, title, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [feedback.userId, feedback.title, feedback.body, feedback.createdAt],
  );
  return { id: result.rows[0]!.id, ...feedback };
}

/** Newest first (for the operators' inbox). */
export async function listFeedback(db: Queryable, limit: number): Promise<FeedbackRecord[]> {
  const result = await db.query<{ id: number; user_id: number | null; title: string; body: string; created_at: Date }>(
    'SELECT id, user_id, title, body, created_at FROM feedback ORDER BY created_at DESC, id DESC LIMIT $1',
    [limit],
  );
  return result.rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    title: row.title,
    body: row.body,
    createdAt: row.created_at,
  }));
}
