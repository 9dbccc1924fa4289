import { accountSecurity, inTransaction, sessions, users } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { hashRefreshToken, newRefreshToken, newSessionId } from '../../services/auth/tokens.ts';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** The caller of an authenticated request. */
export interface AuthenticatedUser {
  id: number;
  userid: string;
  level: number;
  role: users.UserRole;
  sessionId: string;
  /** When this authentication lapses: the access token's expiry or the session's, whichever comes first. */
  expiresAtMs: number;
  /** Set when a program signed the request with an API key (#29) instead of a session's token. */
  apiKey?: { id: number; permissions: readonly ('read' | 'trade')[] };
}

const sessionInvalid = () => new AppError(Errors.SESSION_INVALID);
const SESSION_TOUCH_INTERVAL_MS = 60_000;

/**
 * When a session ends if nothing revokes it. A member's slides: each refresh moves it to now + REFRESH_TOKEN_TTL. An
 * operator's does not: it ends OPERATOR_SESSION_TTL_SECONDS after sign-in however active it is (never later than a
 * member's would), so an operator signs in again at least once a shift.
 */
function sessionExpiry(ctx: AppContext, role: users.UserRole, createdAt: Date, now: Date): Date {
  return new Date(
    Math.min(now.getTime() + ctx.config.refreshTokenTtlSeconds * 1000, roleLimitMs(ctx, role, createdAt)),
  );
}

/** The latest a session of this role may last, whatever its stored expiry says (members: no limit of their own). */
function roleLimitMs(ctx: AppContext, role: users.UserRole, createdAt: Date): number {
  return role === 'operator' ? createdAt.getTime() + ctx.config.operatorSessionTtlSeconds * 1000 : Infinity;
}

/** Starts a session: a new session row (with the device it is for), its first refresh token and an access token. */
export async function startSession(
  ctx: AppContext,
  user: { id: number; role: users.UserRole },
  device: { userAgent: string; clientAddress: string } = { userAgent: '', clientAddress: '' },
): Promise<TokenPair> {
  const userId = user.id;
  const now = new Date(ctx.clock.now());
  const sessionId = newSessionId();
  const refreshToken = newRefreshToken();
  await inTransaction(ctx.pool, async (db) => {
    await sessions.insertSession(db, {
      id: sessionId,
      userId,
      createdAt: now,
      expiresAt: sessionExpiry(ctx, user.role, now, now),
    });
    await sessions.insertRefreshToken(db, { tokenHash: hashRefreshToken(refreshToken), sessionId, createdAt: now });
    await accountSecurity.recordSessionDevice(db, sessionId, device, now);
  });
  return { accessToken: await ctx.accessTokens.sign({ userId, sessionId }), refreshToken };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued. A token that was already
 * rotated means it leaked (or a client replayed it): the whole session is revoked and 40000 answered.
 */
export async function refreshSession(ctx: AppContext, refreshToken: string): Promise<TokenPair> {
  const now = new Date(ctx.clock.now());
  const outcome = await inTransaction(ctx.pool, async (db) => {
    const presented = await sessions.findRefreshTokenForUpdate(db, hashRefreshToken(refreshToken));
    if (!presented) return { ok: false as const, revoked: null };
    const session = await sessions.findSession(db, presented.sessionId);
    if (!session || session.revokedAt || session.expiresAt <= now) return { ok: false as const, revoked: null };
    if (presented.rotatedAt) {
      await sessions.revokeSession(db, session.id, 'refresh token reused', now);
      return { ok: false as const, revoked: session.id };
    }
    const user = await users.findUserById(db, session.userId);
    if (!user) return { ok: false as const, revoked: null };
    const expiresAt = sessionExpiry(ctx, user.role, session.createdAt, now);
    if (expiresAt <= now) return { ok: false as const, revoked: null };
    const next = newRefreshToken();
    await sessions.markRefreshTokenRotated(db, presented.tokenHash, now);
    await sessions.insertRefreshToken(db, { tokenHash: hashRefreshToken(next), sessionId: session.id, createdAt: now });
    await sessions.extendSession(db, session.id, expiresAt);
    await accountSecurity.touchSession(db, session.id, now);
    return { ok: true as const, refreshToken: next, sessionId: session.id, userId: session.userId };
  });
  if (!outcome.ok) {
    if (outcome.revoked !== null) await ctx.sessionRevocations.ended([outcome.revoked]);
    throw sessionInvalid();
  }
  return {
    accessToken: await ctx.accessTokens.sign({ userId: outcome.userId, sessionId: outcome.sessionId }),
    refreshToken: outcome.refreshToken,
  };
}

/** Ends the session a refresh token belongs to; answers false when the token is unknown. */
export async function revokeSessionOfRefreshToken(ctx: AppContext, refreshToken: string): Promise<boolean> {
  const sessionId = await inTransaction(ctx.pool, async (db) => {
    const presented = await sessions.findRefreshTokenForUpdate(db, hashRefreshToken(refreshToken));
    if (!presented) return null;
    await sessions.revokeSession(db, presented.sessionId, 'logout', new Date(ctx.clock.now()));
    return presented.sessionId;
  });
  if (sessionId !== null) await ctx.sessionRevocations.ended([sessionId]);
  return sessionId !== null;
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await sessions.revokeSession(ctx.pool, sessionId, reason, new Date(ctx.clock.now()));
  await ctx.sessionRevocations.ended([sessionId]);
}

/** A live session with its user; a revoked one is not cached (it is refused from the database every time). */
function readSession(ctx: AppContext, sessionId: string) {
  return ctx.sessionRevocations.cache.session(sessionId, async () => {
    const found = await sessions.findSessionWithUser(ctx.pool, sessionId);
    return found && !found.session.revokedAt ? { value: found, userId: found.user.id } : null;
  });
}

/**
 * Checks an access token and that its session is still alive (not revoked, not expired), so logout and
 * password changes take effect at once. Any failure is 40000.
 */
export async function authenticate(ctx: AppContext, accessToken: string): Promise<AuthenticatedUser> {
  const claims = await ctx.accessTokens.verify(accessToken);
  if (!claims) throw sessionInvalid();
  // The session and its user in one round trip (#30), or from this node's cache (revocations remove entries).
  let found = await readSession(ctx, claims.sessionId);
  // A cached expiry may be one a refresh has since moved: an expired-looking entry is read again.
  if (found && found.session.expiresAt.getTime() <= ctx.clock.now()) {
    ctx.sessionRevocations.cache.forgetSession(claims.sessionId);
    found = await readSession(ctx, claims.sessionId);
  }
  if (!found) throw sessionInvalid();
  const { session, user } = found;
  if (session.userId !== claims.userId || session.revokedAt || session.expiresAt <= new Date(ctx.clock.now()))
    throw sessionInvalid();
  // An operator's session ends at its operator lifetime even when it was started before the account became an
  // operator's or before the lifetime was shortened.
  const sessionEndsAt = Math.min(session.expiresAt.getTime(), roleLimitMs(ctx, user.role, session.createdAt));
  if (sessionEndsAt <= ctx.clock.now()) throw sessionInvalid();
  // "Last used" on the security page, written at most once a minute per session and never in the request's way.
  const now = ctx.clock.now();
  if (!session.lastUsedAt || now - session.lastUsedAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    session.lastUsedAt = new Date(now); // the cached copy too: the next request does not write again
    void accountSecurity.touchSession(ctx.pool, session.id, session.lastUsedAt).catch(() => undefined);
  }
  const expiresAtMs = Math.min(claims.expiresAtMs, sessionEndsAt);
  return { id: user.id, userid: user.userid, level: user.level, role: user.role, sessionId: session.id, expiresAtMs };
}
