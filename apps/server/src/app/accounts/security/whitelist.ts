import { accountSecurity, inTransaction, type Queryable } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../../domain/errors.ts';
import { notifyUser } from '../alarms.ts';
import { requireSecondFactor } from './second-factor.ts';

/** A newly whitelisted address waits this long before a withdrawal may use it. */
export const WHITELIST_DELAY_MS = 24 * 3600 * 1000;
const LABEL_MAX = 40;

function addressOf(input: string): string {
  const address = input.trim().toLowerCase();
  if (!/^0x[0-9a-f]{40}$/.test(address)) throw new AppError(Errors.WHITELIST_ADDRESS_INVALID);
  return address;
}

/** Adding an address takes the two-factor code when two-factor is on; it is usable 24 h later. */
export async function addWhitelistAddress(
  ctx: AppContext,
  userId: number,
  input: { address: string; label: string; otp: string },
): Promise<void> {
  const address = addressOf(input.address);
  const label = input.label.trim();
  if (label.length > LABEL_MAX) throw new AppError(Errors.WHITELIST_LABEL_TOO_LONG);
  await requireSecondFactor(ctx, userId, input.otp);
  await inTransaction(ctx.pool, async (db) => {
    const now = new Date(ctx.clock.now());
    const usableFrom = new Date(now.getTime() + WHITELIST_DELAY_MS);
    if (!(await accountSecurity.addWhitelistEntry(db, userId, { address, label, addedAt: now, usableFrom })))
      throw new AppError(Errors.WHITELIST_ADDRESS_EXISTS);
    await notifyUser(db, userId, `${address} was added to your withdrawal whitelist; usable in 24 hours.`, now);
  });
}

export async function removeWhitelistAddress(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await accountSecurity.removeWhitelistEntry(ctx.pool, userId, id)))
    throw new AppError(Errors.WHITELIST_ENTRY_NOT_FOUND);
}

/** Turning the whitelist on is free; turning it off takes the two-factor code when two-factor is on. */
export async function setWhitelistEnabled(
  ctx: AppContext,
  userId: number,
  input: { enabled: boolean; otp: string },
): Promise<void> {
  if (!input.enabled) await requireSecondFactor(ctx, userId, input.otp);
  await inTransaction(ctx.pool, async (db) => {
    await accountSecurity.setWhitelistEnabled(db, userId, input.enabled);
    const now = new Date(ctx.clock.now());
    await notifyUser(db, userId, `Your withdrawal whitelist was turned ${input.enabled ? 'on' : 'off'}.`, now);
  });
}

/** For a withdrawal: with the whitelist on, only an address on it, added at least 24 h ago. */
export async function checkWhitelistedAddress(
  db: Queryable,
  userId: number,
  address: string,
  now: Date,
): Promise<void> {
  const state = await accountSecurity.securityState(db, userId);
  if (!state?.whitelistEnabled) return;
  const entry = (await accountSecurity.whitelist(db, userId)).find((row) => row.address === address.toLowerCase());
  if (!entry) throw new AppError(Errors.WITHDRAW_ADDRESS_NOT_WHITELISTED);
  if (entry.usableFrom > now) throw new AppError(Errors.WITHDRAW_ADDRESS_NOT_YET_USABLE);
}
