import type { FastifyInstance } from 'fastify';
import type { RateLimitName } from '../config.ts';

/** Route options for @fastify/rate-limit: `{ config: rateLimited(app, 'login') }`. */
export function rateLimited(app: FastifyInstance, name: RateLimitName) {
  const limit = app.context.config.rateLimits[name];
  return { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };
}
