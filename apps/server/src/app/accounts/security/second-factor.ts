import { accountSecurity, inTransaction, type Queryable } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../domain/errors.ts';
import { hashRecoveryCode, SecretBox, totpStep } from '../../../services/auth/totp.ts';
import { secondsToWait } from '../account-throttle.ts';
import { notifyUser } from '../alarms.ts';

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

/** Where an attempt comes from, for the account's security history (unknown on routes that do not pass it). */
export interface AttemptDevice {
  userAgent: string;
  clientAddress: string;
}

export type GuardedSecondFactor =
  | { outcome: 'off' | 'passed' | 'missing' | 'wrong' }
  | { outcome: 'locked'; message: string; retryAfterSeconds: number };

/**
 * The code check every route that takes a code goes through: wrong codes are counted per account (in PostgreSQL, so
 * across API nodes); after SECOND_FACTOR_LIMIT's number of them every code waits, a right one too (it is not even
 * checked, so an attacker learns nothing). When the lock starts the user gets an alarm and a line in the account's
 * security history. Runs outside any transaction: the count must stay when the caller's work is rolled back.
 */
export async function guardedSecondFactor(
  ctx: AppContext,
  userId: number,
  code: string,
  device: AttemptDevice = { userAgent: '', clientAddress: '' },
): Promise<GuardedSecondFactor> {
  const limit = ctx.config.secondFactorLimit;
  const policy = { freeFailures: limit.max, firstDelayMs: limit.windowMs, maxDelayMs: limit.windowMs };
  const account = String(userId);
  const throttle = await ctx.accountThrottle.check('second_factor', account, policy);
  if (!throttle.allowed) {
    const message = `Too many wrong codes on this account. Please try again in ${secondsToWait(throttle.retryAfterMs)}.`;
    return { outcome: 'locked', message, retryAfterSeconds: Math.ceil(throttle.retryAfterMs / 1000) };
  }
  const outcome = await checkSecondFactor(ctx, userId, code);
  if (outcome === 'passed') await ctx.accountThrottle.succeeded('second_factor', account);
  if (outcome !== 'wrong') return { outcome };
  const { count, tellOwner } = await ctx.accountThrottle.failed('second_factor', account, policy);
  if (tellOwner) {
    const at = new Date(ctx.clock.now());
    const minutes = Math.ceil(limit.windowMs / 60_000);
    const text =
      `${count} wrong two-factor codes were entered on your account in a row: codes are refused for ` +
      `${minutes} minute${minutes === 1 ? '' : 's'}. If this was not you, change your password and end your other sessions.`;
    await notifyUser(ctx.pool, userId, text, at);
    await accountSecurity.recordLogin(ctx.pool, userId, { at, ...device, outcome: 'code_locked' });
  }
  return { outcome };
}

/**
 * For actions that need the code when two-factor is on (withdrawals, turning it off, the whitelist): refuses with a
 * clear code. Call it before the action's own transaction (see guardedSecondFactor).
 */
export async function requireSecondFactor(ctx: AppContext, userId: number, code: string): Promise<void> {
  const result = await guardedSecondFactor(ctx, userId, code);
  if (result.outcome === 'locked') {
    const data = { retryAfterSeconds: result.retryAfterSeconds };
    throw new AppError(Errors.SECOND_FACTOR_LOCKED, { message: result.message, data });
  }
  if (result.outcome === 'missing') throw new AppError(Errors.TOTP_REQUIRED);
  if (result.outcome === 'wrong') throw new AppError(Errors.TOTP_INVALID);
}
