import { feedback } from '@tickline/db';
import { Errors, FEEDBACK_BODY_MAX_LENGTH, FEEDBACK_TITLE_MAX_LENGTH } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';

export { FEEDBACK_BODY_MAX_LENGTH, FEEDBACK_TITLE_MAX_LENGTH };

export async function submitFeedback(
  ctx: AppContext,
  userId: number | null,
  input: { title: string; body: string },
): Promise<void> {
  const title = input.title.trim();
  const body = input.body.trim();
  if (title === '') throw new AppError(Errors.FEEDBACK_TITLE_REQUIRED);
  if (body === '') throw new AppError(Errors.FEEDBACK_BODY_REQUIRED);
  if ([...title].length > FEEDBACK_TITLE_MAX_LENGTH || [...body].length > FEEDBACK_BODY_MAX_LENGTH)
    throw new AppError(Errors.FEEDBACK_TOO_LONG);
  await feedback.insertFeedback(ctx.pool, { userId, title, body, createdAt: new Date(ctx.clock.now()) });
}
