/**
 * Binance's request security over OUR API keys: `X-MBX-APIKEY`, and for SIGNED routes a hex HMAC-SHA256 of the total
 * parameters (query string followed by the form body, the `signature` parameter left out) keyed by the key's secret,
 * with `timestamp` and an optional `recvWindow` (at most 60 s). The key lookup, secret, address and permission checks
 * are the platform's (authenticateKeyedRequest), and every call is charged to the same per-key and per-user weighted
 * budgets as the native signed API (programLimits), reported as X-MBX-USED-WEIGHT-1M.
 */
import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiKeys } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { KeyPermission } from '@tickline/protocol/routes';
import { authenticateKeyedRequest } from '../app/accounts/api-keys/authenticate.ts';
import type { AuthenticatedUser } from '../app/accounts/sessions.ts';
import { AppError } from '../domain/errors.ts';
import { programLimits } from '../http/api-key-auth.ts';
import { BinanceError } from './errors.ts';

const MAX_RECV_WINDOW_MS = 60_000;
const DEFAULT_RECV_WINDOW_MS = 5_000;

export type Security = 'none' | 'key' | 'signed';

/** The query string as sent (after `?`), '' when none. */
export function rawQueryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
}

/** `text` without its `signature=` parameter (Binance signs everything else, as sent). */
function withoutSignature(text: string): string {
  return text
    .split('&')
    .filter((part) => !part.startsWith('signature='))
    .join('&');
}

export function missingParameter(name: string): BinanceError {
  return new BinanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`);
}

function apiKeyOf(request: FastifyRequest): string {
  const value = request.headers['x-mbx-apikey'];
  if (typeof value !== 'string' || value === '') throw new AppError(Errors.API_SIGNATURE_HEADERS_MISSING);
  return value;
}

/** Charges the call's weight to the key and its user; answers 429 -1003 past either budget. */
function charge(request: FastifyRequest, reply: FastifyReply, user: AuthenticatedUser, weight: number): void {
  const ctx = request.server.context;
  try {
    programLimits(ctx).charge(reply, { keyId: user.apiKey!.id, userId: user.id }, weight, ctx.clock.now());
  } finally {
    const limit = Number(reply.getHeader('x-ratelimit-limit'));
    const remaining = Number(reply.getHeader('x-ratelimit-remaining'));
    if (Number.isFinite(limit) && Number.isFinite(remaining))
      reply.header('x-mbx-used-weight-1m', String(limit - remaining));
  }
}

/** A SIGNED call (TRADE, USER_DATA): the caller, authenticated, its permission checked and its weight charged. */
export async function signedCaller(
  request: FastifyRequest,
  reply: FastifyReply,
  params: Record<string, string>,
  route: { permission: KeyPermission; weight: number },
): Promise<AuthenticatedUser> {
  const apiKey = apiKeyOf(request);
  const signature = params.signature;
  if (!signature) throw missingParameter('signature');
  const timestamp = params.timestamp;
  if (!timestamp) throw missingParameter('timestamp');
  const recvWindow = params.recvWindow === undefined ? DEFAULT_RECV_WINDOW_MS : Number(params.recvWindow);
  if (!Number.isInteger(recvWindow) || recvWindow <= 0 || recvWindow > MAX_RECV_WINDOW_MS)
    throw new BinanceError(-1131, 'recvWindow must be less than 60000');
  const payload = withoutSignature(rawQueryOf(request)) + withoutSignature(request.rawBody ?? '');
  const user = await authenticateKeyedRequest(
    request.server.context,
    {
      apiKey,
      timestamp,
      signature,
      clientAddress: request.ip,
      permission: route.permission,
      receiveWindowMs: recvWindow,
    },
    (secret) => createHmac('sha256', secret).update(payload).digest('hex'),
  );
  charge(request, reply, user, route.weight);
  return user;
}

/** A USER_STREAM call (listen keys): the key alone, as Binance asks; answers the key's user id. */
export async function keyedCaller(request: FastifyRequest, reply: FastifyReply, weight: number): Promise<number> {
  const ctx = request.server.context;
  const apiKey = apiKeyOf(request);
  const key = apiKey.length <= 64 ? await apiKeys.findLiveApiKey(ctx.pool, apiKey) : null;
  if (!key) throw new AppError(Errors.API_KEY_UNKNOWN);
  const caller = { id: key.userId, apiKey: { id: key.id } } as AuthenticatedUser;
  charge(request, reply, caller, weight);
  return key.userId;
}
