/**
 * Signed requests of programs (#29): a request carrying X-TL-APIKEY is authenticated by its signature instead of a
 * session's token (requireUser hands it here), checked against the route's key permission, and charged to the key's
 * and the user's weighted rate budgets.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.ts';
import { Errors } from '@tickline/protocol';
import { authenticateSignedRequest } from '../app/accounts/api-keys/authenticate.ts';
import type { AuthenticatedUser } from '../app/accounts/sessions.ts';
import { AppError } from '../domain/errors.ts';
import { keyRouteOf } from './api-key-routes.ts';
import { ProgramLimits } from './user-rate-limits.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (JSON bodies), for signature checks; undefined when there was none. */
    rawBody?: string;
  }
}

// One set of budgets per app (route plugins are encapsulated: each has its own `request.server`, all share the context).
const limitsOfApp = new WeakMap<AppContext, ProgramLimits>();

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** True when the request means to be a signed one. */
export function isSignedRequest(request: FastifyRequest): boolean {
  return request.headers['x-tl-apikey'] !== undefined;
}

/** Authenticates a signed request and charges its weight; sets the X-RateLimit-* headers on the reply. */
export async function authenticateProgram(request: FastifyRequest, reply: FastifyReply): Promise<AuthenticatedUser> {
  const apiKey = header(request, 'x-tl-apikey');
  const timestamp = header(request, 'x-tl-timestamp');
  const signature = header(request, 'x-tl-signature');
  if (!apiKey || !timestamp || !signature) throw new AppError(Errors.API_SIGNATURE_HEADERS_MISSING);
  const route = keyRouteOf(request.method, request.routeOptions.url);
  const ctx = request.server.context;
  const user = await authenticateSignedRequest(ctx, {
    apiKey,
    timestamp,
    signature,
    method: request.method,
    path: request.url,
    body: request.rawBody ?? '',
    clientAddress: request.ip,
    permission: route.permission,
  });
  programLimitsOf(ctx).charge(reply, { keyId: user.apiKey!.id, userId: user.id }, route.weight, ctx.clock.now());
  return user;
}

/** The app's per-key and per-user budgets of signed requests, shared by every signed surface (/api/v1, /fapi). */
export function programLimitsOf(ctx: AppContext): ProgramLimits {
  let limits = limitsOfApp.get(ctx);
  if (!limits) limitsOfApp.set(ctx, (limits = new ProgramLimits(ctx.config.rateLimits)));
  return limits;
}
