import { inTransaction, sessions, users, type Queryable } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { notifyUser } from './alarms.ts';
import { isAcceptablePassword, isEmail, normalizeUserid } from './rules.ts';

export const WITHDRAWAL_BLOCK_AFTER_PASSWORD_CHANGE_MS = 24 * 3600 * 1000;

export interface ChangePasswordInput {
  userid: string;
  bscAddress: string;
  password: string;
}

/**
 * The seeds' password reset proves identity with the user id and the deposit address only, which is
 * weak; it is contained: every session ends, withdrawals wait 24 h, and the user gets an alarm.
 */
export async function changePassword(ctx: AppContext, input: ChangePasswordInput): Promise<void> {
  const userid = normalizeUserid(input.userid);
  if (userid === '') throw new AppError(Errors.USERID_REQUIRED);
  if (!isEmail(userid)) throw new AppError(Errors.EMAIL_INVALID);
  const address = input.bscAddress.trim().toLowerCase();
  if (address === '') throw new AppError(Errors.ADDRESS_REQUIRED);
  if (input.password === '') throw new AppError(Errors.NEW_PASSWORD_REQUIRED);
  if (!isAcceptablePassword(input.password)) throw new AppError(Errors.PASSWORD_LENGTH);
  // Hash first: an unknown user then takes as long as a known one.
  const passwordHash = await hashPassword(input.password);
  const endedSessions = await inTransaction(ctx.pool, async (db) => {
    const found = await users.findUserByUserid(db, userid);
    const user = found && (await users.findUserByIdForUpdate(db, found.id));
    if (!user || user.bscAddress.toLowerCase() !== address) throw new AppError(Errors.PASSWORD_RESET_MISMATCH);
    return applyNewPassword(db, ctx, user.id, passwordHash, {
      keepSessionId: null,
      alarm: (until) =>
        `Your password was changed. You were logged out everywhere and withdrawals are blocked until ` +
        `${until} UTC. If this was not you, contact support.`,
    });
  });
  await ctx.sessionRevocations.ended(endedSessions);
}

/**
 * A new password, whichever way it was changed: stored, the sessions ended (but `keepSessionId`, the one that changed
 * it from the security page), withdrawals blocked for 24 h, and the user told. Answers the ended sessions' ids.
 */
export async function applyNewPassword(
  db: Queryable,
  ctx: AppContext,
  userId: number,
  passwordHash: string,
  options: { keepSessionId: string | null; alarm(blockedUntil: string): string },
): Promise<string[]> {
  const now = new Date(ctx.clock.now());
  const blockedUntil = new Date(now.getTime() + WITHDRAWAL_BLOCK_AFTER_PASSWORD_CHANGE_MS);
  await users.updatePassword(db, userId, passwordHash, blockedUntil, now);
  const ended = await sessions.revokeUserSessions(db, userId, 'password changed', now, options.keepSessionId);
  await notifyUser(db, userId, options.alarm(blockedUntil.toISOString().replace('T', ' ').slice(0, 16)), now);
  return ended;
}
