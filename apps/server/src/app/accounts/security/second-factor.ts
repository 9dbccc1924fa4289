import { accountSecurity, inTransaction, type Queryable } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../domain/errors.ts';
import { hashRecoveryCode, SecretBox, totpStep } from '../../../services/auth/totp.ts';

const boxes = new WeakMap<AppContext, SecretBox>();

/** The box that seals this server's TOTP secrets (its key derives from the server secret). */
export function secretBox(ctx: AppContext): SecretBox {
  let box = boxes.get(ctx);
  if (!box) boxes.set(ctx, (box = new SecretBox(ctx.secrets.jwtSecret)));
  return box;
}

export type SecondFactor = 'off' | 'passed' | 'missing' | 'wrong';

/**
 * Checks the code of a user whose two-factor is on: a TOTP code (each time step once: its step is stored) or an unused
 * recovery code (spent). `off` when two-factor is off. Runs in the caller's transaction when given one.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  db?: Queryable,
): Promise<SecondFactor> {
  const check = async (tx: Queryable): Promise<SecondFactor> => {
    const state = await accountSecurity.securityState(tx, userId, true);
    if (!state?.secret) return 'off';
    const entered = code.trim();
    if (entered === '') return 'missing';
    const now = ctx.clock.now();
    if (/^\d{6}$/.test(entered)) {
      const step = totpStep(secretBox(ctx).open(state.secret), entered, now);
      if (step === null || (state.lastStep !== null && step <= state.lastStep)) return 'wrong';
      await accountSecurity.setTotpLastStep(tx, userId, step);
      return 'passed';
    }
    return (await accountSecurity.useRecoveryCode(tx, userId, hashRecoveryCode(entered), new Date(now)))
      ? 'passed'
      : 'wrong';
  };
  if (db) return check(db);
  // Most accounts have two-factor off: every login and withdrawal would otherwise open a transaction and lock the
  // user's row only to find that out.
  if (!(await accountSecurity.securityState(ctx.pool, userId))?.secret) return 'off';
  return inTransaction(ctx.pool, check);
}

/** For actions that need the code when two-factor is on (withdrawals, turning it off): refuses with a clear code. */
export async function requireSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  db?: Queryable,
): Promise<void> {
  const result = await checkSecondFactor(ctx, userId, code, db);
  if (result === 'missing') throw new AppError(Errors.TOTP_REQUIRED);
  if (result === 'wrong') throw new AppError(Errors.TOTP_INVALID);
}
