import { accountSecurity, inTransaction, sessions, users } from '@tickline/db';
import { Errors, type SecurityOverview } from '@tickline/protocol';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../domain/errors.ts';
import { hashPassword, verifyPassword } from '../../../services/auth/passwords.ts';
import { applyNewPassword } from '../change-password.ts';
import { isAcceptablePassword } from '../rules.ts';

const LOGIN_HISTORY_ROWS = 20;

/** `GET /user/security`: live sessions (the caller's marked), recent sign-ins, two-factor and whitelist state. */
export async function securityOverview(
  ctx: AppContext,
  userId: number,
  currentSessionId: string,
): Promise<SecurityOverview> {
  const now = new Date(ctx.clock.now());
  const [live, history, state, recoveryCodesLeft, whitelist] = await Promise.all([
    accountSecurity.liveSessions(ctx.pool, userId, now),
    accountSecurity.loginHistory(ctx.pool, userId, LOGIN_HISTORY_ROWS),
    accountSecurity.securityState(ctx.pool, userId),
    accountSecurity.unusedRecoveryCodes(ctx.pool, userId),
    accountSecurity.whitelist(ctx.pool, userId),
  ]);
  return {
    sessions: live.map((session) => ({
      id: session.id,
      device: session.userAgent,
      address: session.clientAddress,
      createdAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastUsedAt.toISOString(),
      current: session.id === currentSessionId,
    })),
    logins: history.map((attempt) => ({
      at: attempt.at.toISOString(),
      address: attempt.clientAddress,
      device: attempt.userAgent,
      outcome: attempt.outcome,
    })),
    totp: { enabled: Boolean(state?.secret), recoveryCodesLeft },
    whitelist: {
      enabled: state?.whitelistEnabled ?? false,
      addresses: whitelist.map((entry) => ({
        id: entry.id,
        address: entry.address,
        label: entry.label,
        addedAt: entry.addedAt.toISOString(),
        usableFrom: entry.usableFrom.toISOString(),
      })),
    },
  };
}

/** Ends one of the caller's own sessions (another device); its next call gets 40000. */
export async function revokeOwnSession(ctx: AppContext, userId: number, sessionId: string): Promise<void> {
  const session = /^[0-9a-f-]{36}$/i.test(sessionId) ? await sessions.findSession(ctx.pool, sessionId) : null;
  if (!session || session.userId !== userId || session.revokedAt) throw new AppError(Errors.SESSION_NOT_FOUND);
  await sessions.revokeSession(ctx.pool, sessionId, 'revoked by the user', new Date(ctx.clock.now()));
  await ctx.sessionRevocations.ended([sessionId]);
}

/**
 * Password change from the security page, with the current password: every other session ends and withdrawals
 * wait 24 h (as after a reset); this session stays.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  user: { id: number; sessionId: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  if (input.currentPassword === '') throw new AppError(Errors.CURRENT_PASSWORD_REQUIRED);
  if (input.newPassword === '') throw new AppError(Errors.NEW_PASSWORD_REQUIRED);
  if (!isAcceptablePassword(input.newPassword)) throw new AppError(Errors.PASSWORD_LENGTH);
  const stored = await users.findUserById(ctx.pool, user.id);
  if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword)))
    throw new AppError(Errors.CURRENT_PASSWORD_WRONG);
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await inTransaction(ctx.pool, (db) =>
    applyNewPassword(db, ctx, user.id, passwordHash, {
      keepSessionId: user.sessionId,
      alarm: (until) =>
        `Your password was changed. Your other sessions were ended and withdrawals are blocked until ${until} UTC.`,
    }),
  );
  await ctx.sessionRevocations.ended(ended);
}
