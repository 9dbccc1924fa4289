import { inTransaction, sessions, users } from '@tickline/db';
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
    const now = new Date(ctx.clock.now());
    const blockedUntil = new Date(now.getTime() + WITHDRAWAL_BLOCK_AFTER_PASSWORD_CHANGE_MS);
    await users.updatePassword(db, user.id, passwordHash, blockedUntil, now);
    const ended = await sessions.revokeUserSessions(db, user.id, 'password changed', now);
    await notifyUser(
      db,
      user.id,
      `Your password was changed. You were logged out everywhere and withdrawals are blocked until ` +
        `${blockedUntil.toISOString().replace('T', ' ').slice(0, 16)} UTC. If this was not you, contact support.`,
      now,
    );
    return ended;
  });
  ctx.sessionRevocations.ended(endedSessions);
}
