import { feedback } from '@tickline/db';
import type { AppContext } from '../context.ts';
import { paginationView } from '../pagination.ts';

export const FEEDBACK_PAGE_SIZE = 20;

/** The operators' feedback inbox (PRODUCT.md §7b): what users sent from the footer dialog, newest first. */
export async function feedbackInbox(ctx: AppContext, pageNumber: number) {
  const page = await feedback.pageFeedback(ctx.pool, pageNumber, FEEDBACK_PAGE_SIZE);
  return {
    list: page.rows.map((row) => ({
      no: row.id,
      userNo: row.userId,
      title: row.title,
      body: row.body,
      insertDate: row.createdAt.toISOString(),
    })),
    pagination: paginationView(page),
  };
}
