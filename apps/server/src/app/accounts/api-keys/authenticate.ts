import { apiKeys } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { KeyPermission } from '@tickline/protocol/routes';
import type { AppContext } from '../../context.ts';
import type { AuthenticatedUser } from '../sessions.ts';
import { AppError } from '../../../domain/errors.ts';
import { signatureMatches, signRequest } from '../../../services/auth/request-signatures.ts';
import { secretBox } from '../security/second-factor.ts';
import { apiKeySessionId } from '../auth-cache/auth-cache.ts';

/** A signed request as it arrived. */
export interface SignedRequest {
  apiKey: string;
  timestamp: string;
  signature: string;
  method: string;
  /** The path as sent, query included. */
  path: string;
  /** The body's bytes as sent ('' when none). */
  body: string;
  clientAddress: string;
  /** What the route asks of a key; null for a websocket's login, whose requests are then checked one by one. */
  permission: KeyPermission | null;
}

const KEY_TOUCH_INTERVAL_MS = 60_000;

// What stands for a key where a session id is expected: its deletion ends it like a revoked session (websockets).
export { apiKeySessionId };

/** The same address written two ways (an IPv4 address as IPv6 maps it) compares equal. */
function plainAddress(address: string): string {
  const lower = address.toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

/**
 * Authenticates a signed request: a live key, a timestamp within the receive window, a signature that matches
 * (compared in constant time), an allowed address, and a route the key's permissions cover. Each failure has its own
 * code; the signature is checked before anything about the key is told apart from "unknown".
 */
export function authenticateSignedRequest(ctx: AppContext, request: SignedRequest): Promise<AuthenticatedUser> {
  return authenticateKeyedRequest(ctx, request, (secret) => signRequest(secret, request));
}

/**
 * The same checks with the expected signature made by `expectedSignature` from the key's secret (the Binance-style
 * API signs its query string instead: fapi/signing.ts) and, optionally, the caller's own receive window.
 */
export async function authenticateKeyedRequest(
  ctx: AppContext,
  request: Omit<SignedRequest, 'method' | 'path' | 'body'> & { receiveWindowMs?: number },
  expectedSignature: (secret: string) => string,
): Promise<AuthenticatedUser> {
  const now = ctx.clock.now();
  if (!/^\d{1,16}$/.test(request.timestamp)) throw new AppError(Errors.API_TIMESTAMP_OUTSIDE_WINDOW);
  if (Math.abs(now - Number(request.timestamp)) > (request.receiveWindowMs ?? ctx.config.apiKeyReceiveWindowMs))
    throw new AppError(Errors.API_TIMESTAMP_OUTSIDE_WINDOW);
  // The key and its user in one round trip (#30); a key whose user is gone is unknown.
  // Or from this node's cache, which a key's deletion or its user's change empties on every node first.
  const found =
    request.apiKey.length <= 64
      ? await ctx.sessionRevocations.cache.key(request.apiKey, async () => {
          const live = await apiKeys.findLiveApiKeyWithUser(ctx.pool, request.apiKey);
          return live && { value: live, userId: live.user.id, keyId: live.key.id };
        })
      : null;
  if (!found) throw new AppError(Errors.API_KEY_UNKNOWN);
  const { key, user } = found;
  const expected = expectedSignature(secretBox(ctx).open(key.sealedSecret));
  if (!signatureMatches(expected, request.signature)) throw new AppError(Errors.API_SIGNATURE_INVALID);
  if (
    key.ipAddresses.length > 0 &&
    !key.ipAddresses.some((address) => plainAddress(address) === plainAddress(request.clientAddress))
  )
    throw new AppError(Errors.API_KEY_ADDRESS_DENIED);
  if (request.permission !== null && (request.permission === 'none' || !key.permissions.includes(request.permission)))
    throw new AppError(Errors.API_KEY_PERMISSION_DENIED);
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() >= KEY_TOUCH_INTERVAL_MS) {
    key.lastUsedAt = new Date(now); // the cached copy too
    void apiKeys.touchApiKey(ctx.pool, key.id, key.lastUsedAt).catch(() => undefined);
  }
  return {
    id: user.id,
    userid: user.userid,
    level: user.level,
    role: user.role,
    sessionId: apiKeySessionId(key.id),
    // A signed request is authenticated for itself only.
    expiresAtMs: now,
    apiKey: { id: key.id, permissions: key.permissions },
  };
}
