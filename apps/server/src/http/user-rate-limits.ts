/**
 * Per-user limits on the calls that reach the trading writer (PRODUCT.md §6): a user's orders, cancels, bets and
 * transfers, counted per user whatever address they come from, in fixed windows of the configured length
 * (RATE_LIMIT_ORDER, _CANCEL, _BET, _TRANSFER). Over the limit: 429 RATE_LIMITED with Retry-After. In memory, like the
 * per-address limits: one API process takes these calls.
 *
 * Signed requests of programs (#29) are also charged by weight (the route's cost) per API key and per user over all
 * their keys (RATE_LIMIT_API_KEY, RATE_LIMIT_API_USER), and answered with X-RateLimit-* headers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '@tickline/protocol';
import type { RateLimit, RateLimitName } from '../config.ts';
import { currentUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';

export type UserRateLimitName = Extract<RateLimitName, 'order' | 'cancel' | 'bet' | 'transfer'>;

interface Window {
  startedAtMs: number;
  count: number;
}

/** Windows are swept of ended ones every this many calls, so that the map holds active callers only. */
const SWEEP_EVERY = 10_000;

/** Where a caller's budget stands after a charge. */
export interface WindowState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/** Fixed windows of one limit, one per caller; a charge may weigh more than one call. */
export class FixedWindows<K> {
  private readonly windows = new Map<K, Window>();
  private charges = 0;

  constructor(private readonly limit: RateLimit) {}

  charge(caller: K, weight: number, nowMs: number): WindowState {
    const { max, windowMs } = this.limit;
    if (++this.charges % SWEEP_EVERY === 0)
      for (const [key, window] of this.windows) if (nowMs - window.startedAtMs >= windowMs) this.windows.delete(key);
    let window = this.windows.get(caller);
    if (!window || nowMs - window.startedAtMs >= windowMs)
      this.windows.set(caller, (window = { startedAtMs: nowMs, count: 0 }));
    const resetInMs = window.startedAtMs + windowMs - nowMs;
    // A refused call is not charged, so a program that backs off gets its budget back when the window ends.
    if (window.count + weight > max) return { allowed: false, limit: max, remaining: max - window.count, resetInMs };
    window.count += weight;
    return { allowed: true, limit: max, remaining: max - window.count, resetInMs };
  }
}

/** 429 RATE_LIMITED with Retry-After (whole seconds, at least 1). */
export function refuseOverLimit(reply: FastifyReply, resetInMs: number): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))));
  throw new AppError(Errors.RATE_LIMITED);
}

/** preHandler (after requireUser) counting the caller's calls of kind `name`. */
export function limitPerUser(app: FastifyInstance, name: UserRateLimitName) {
  const windows = new FixedWindows<number>(app.context.config.rateLimits[name]);
  const clock = app.context.clock;
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const state = windows.charge(currentUser(request).id, 1, clock.now());
    if (!state.allowed) refuseOverLimit(reply, state.resetInMs);
  };
}

/** The weighted budgets of signed requests: one per API key, one per user over all their keys. */
export class ProgramLimits {
  private readonly perKey: FixedWindows<number>;
  private readonly perUser: FixedWindows<number>;

  constructor(limits: Record<RateLimitName, RateLimit>) {
    this.perKey = new FixedWindows(limits.apiKey);
    this.perUser = new FixedWindows(limits.apiUser);
  }

  /** Charges `weight` to the key and to its user; sets X-RateLimit-* (the key's budget), or refuses with 429. */
  charge(reply: FastifyReply, caller: { keyId: number; userId: number }, weight: number, nowMs: number): void {
    const key = this.perKey.charge(caller.keyId, weight, nowMs);
    const user = key.allowed ? this.perUser.charge(caller.userId, weight, nowMs) : key;
    const binding = !user.allowed ? user : key;
    reply.header('x-ratelimit-limit', String(binding.limit));
    reply.header('x-ratelimit-remaining', String(Math.max(0, binding.remaining)));
    reply.header('x-ratelimit-reset', String(Math.ceil(binding.resetInMs / 1000)));
    reply.header('x-ratelimit-weight', String(weight));
    if (!user.allowed) refuseOverLimit(reply, binding.resetInMs);
  }
}
