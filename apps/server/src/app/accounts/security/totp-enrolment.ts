import { accountSecurity, inTransaction, users } from '@tickline/db';
import { Errors, type TotpSetupAnswer } from '@tickline/protocol';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../domain/errors.ts';
import { newRecoveryCodes, newTotpSecret, totpStep } from '../../../services/auth/totp.ts';
import { notifyUser } from '../alarms.ts';
import { requireSecondFactor, secretBox } from './second-factor.ts';

/** Step 1: a new secret to scan (kept pending until a code from it is confirmed). */
export async function startTotpSetup(ctx: AppContext, userId: number): Promise<TotpSetupAnswer> {
  const user = await users.findUserById(ctx.pool, userId);
  if (!user) throw new AppError(Errors.SESSION_INVALID);
  const state = await accountSecurity.securityState(ctx.pool, userId);
  if (state?.secret) throw new AppError(Errors.TOTP_ALREADY_ENABLED);
  const { secret, uri } = newTotpSecret(user.userid);
  await accountSecurity.setPendingTotp(ctx.pool, userId, secretBox(ctx).seal(secret));
  return { secret, uri };
}

/** Step 2: a code from the new secret turns two-factor on; answers the recovery codes, shown this once. */
export async function confirmTotpSetup(
  ctx: AppContext,
  userId: number,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const now = ctx.clock.now();
  const recovery = newRecoveryCodes();
  await inTransaction(ctx.pool, async (db) => {
    const state = await accountSecurity.securityState(db, userId, true);
    if (state?.secret) throw new AppError(Errors.TOTP_ALREADY_ENABLED);
    if (!state?.pendingSecret) throw new AppError(Errors.TOTP_SETUP_REQUIRED);
    if (code.trim() === '') throw new AppError(Errors.TOTP_REQUIRED);
    const step = totpStep(secretBox(ctx).open(state.pendingSecret), code.trim(), now);
    if (step === null) throw new AppError(Errors.TOTP_INVALID);
    await accountSecurity.enableTotp(db, userId, step, recovery.hashes, new Date(now));
    await notifyUser(db, userId, 'Two-factor authentication was turned on for your account.', new Date(now));
  });
  return { recoveryCodes: recovery.codes };
}

/** Turning two-factor off takes a current code (or a recovery code). */
export async function disableTotp(ctx: AppContext, userId: number, code: string): Promise<void> {
  // The code is checked (and counted when wrong) before the transaction: a wrong one must stay counted.
  if (!(await accountSecurity.securityState(ctx.pool, userId))?.secret) throw new AppError(Errors.TOTP_NOT_ENABLED);
  await requireSecondFactor(ctx, userId, code);
  await inTransaction(ctx.pool, async (db) => {
    const state = await accountSecurity.securityState(db, userId, true);
    if (!state?.secret) throw new AppError(Errors.TOTP_NOT_ENABLED);
    await accountSecurity.disableTotp(db, userId);
    const now = new Date(ctx.clock.now());
    await notifyUser(db, userId, 'Two-factor authentication was turned off for your account.', now);
  });
}
