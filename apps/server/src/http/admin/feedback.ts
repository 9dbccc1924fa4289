import type { FastifyInstance } from 'fastify';
import { ok } from '@tickline/protocol';
import { feedbackInbox } from '../../app/admin/feedback-inbox.ts';
import { pageQuery } from '../queries.ts';
import { parseInput } from '../validation.ts';

/** `GET /admin/feedback?page=N`: the feedback inbox. */
export async function adminFeedbackRoutes(app: FastifyInstance): Promise<void> {
  app.get('/feedback', async (request) => {
    const { page } = parseInput(pageQuery, request.query);
    return ok(await feedbackInbox(app.context, page));
  });
}
