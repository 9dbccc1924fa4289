import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { FEEDBACK_BODY_MAX_LENGTH, FEEDBACK_TITLE_MAX_LENGTH, submitFeedback } from '../app/accounts/feedback.ts';
import { optionalUser } from './auth-guard.ts';
import { rateLimited } from './rate-limits.ts';
import { optionalText, parseInput } from './validation.ts';

// The use case answers the catalogue's "too long" error; these caps only stop absurd payloads early.
const feedbackBody = z.object({
  title: optionalText('title', FEEDBACK_TITLE_MAX_LENGTH * 4, { trim: false, multiline: false }),
  body: optionalText('body', FEEDBACK_BODY_MAX_LENGTH * 4, { trim: false }),
});

export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  app.post('/feedback', { preHandler: optionalUser, config: rateLimited(app, 'feedback') }, async (request) => {
    await submitFeedback(app.context, request.user?.id ?? null, parseInput(feedbackBody, request.body));
    return ok(null, 'Thank you for your feedback.');
  });
}
