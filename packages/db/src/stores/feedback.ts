import type { Queryable } from '../pool.ts';
import { pageRows, type HistoryPage } from './paging.ts';

export interface FeedbackRecord {
  id: number;
  userId: number | null;
  title: string;
  body: string;
  createdAt: Date;
}

const FEEDBACK_COLUMNS = 'id, user_id AS "userId", title, body, created_at AS "createdAt"';

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

/** Newest first, a page at a time (the operators' inbox). */
export function pageFeedback(db: Queryable, page: number, pageSize: number): Promise<HistoryPage<FeedbackRecord>> {
  return pageRows<FeedbackRecord>(
    db,
    { columns: FEEDBACK_COLUMNS, table: 'feedback', where: '', params: [], orderBy: 'created_at DESC, id DESC' },
    page,
    pageSize,
  );
}
