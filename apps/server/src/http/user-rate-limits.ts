/**
 * Per-user limits on the calls that reach the trading writer (PRODUCT.md §6): a user's orders, cancels, bets and
 * transfers, counted per user whatever address they come from, in fixed windows of the configured length
 * (RATE_LIMIT_ORDER, _CANCEL, _BET, _TRANSFER). Over the limit: 429 RATE_LIMITED with Retry-After. In memory, like the
 * per-address limits: one API process takes these calls.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '@tickline/protocol';
import type { RateLimitName } from '../config.ts';
import { currentUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';

export type UserRateLimitName = Extract<RateLimitName, 'order' | 'cancel' | 'bet' | 'transfer'>;

interface Window {
  startedAtMs: number;
  count: number;
}

/** Windows are swept of ended ones every this many calls, so that the map holds active users only. */
const SWEEP_EVERY = 10_000;

/** preHandler (after requireUser) counting the caller's calls of kind `name`. */
export function limitPerUser(app: FastifyInstance, name: UserRateLimitName) {
  const { max, windowMs } = app.context.config.rateLimits[name];
  const clock = app.context.clock;
  const windows = new Map<number, Window>();
  let calls = 0;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const nowMs = clock.now();
    if (++calls % SWEEP_EVERY === 0)
      for (const [userId, window] of windows) if (nowMs - window.startedAtMs >= windowMs) windows.delete(userId);
    const userId = currentUser(request).id;
    let window = windows.get(userId);
    if (!window || nowMs - window.startedAtMs >= windowMs)
      windows.set(userId, (window = { startedAtMs: nowMs, count: 0 }));
    window.count += 1;
    if (window.count <= max) return;
    reply.header('retry-after', String(Math.max(1, Math.ceil((window.startedAtMs + windowMs - nowMs) / 1000))));
    throw new AppError(Errors.RATE_LIMITED);
  };
}
