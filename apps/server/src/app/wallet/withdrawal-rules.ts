// The rules a withdrawal request must pass before anything is held (seed 001 §5 and §9, PRODUCT.md §5).
import { getAddress, isAddress, zeroAddress, type Address } from 'viem';
import { USDT_SCALE, type MicroUsdt } from '@tickline/money';
import { Errors, type ErrorName } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';

const MICRO_PER_USDT = 10 ** USDT_SCALE;
export const WITHDRAWAL_FEE: MicroUsdt = 5 * MICRO_PER_USDT;
export const WITHDRAWAL_MINIMUM: MicroUsdt = 10 * MICRO_PER_USDT;
export const WITHDRAWAL_SINGLE_LIMIT: MicroUsdt = 1_000_000 * MICRO_PER_USDT;
export const WITHDRAWAL_DAILY_LIMIT: MicroUsdt = 1_000_000 * MICRO_PER_USDT;
export const DAY_MS = 24 * 60 * 60 * 1000;

const refuse = (name: ErrorName): never => {
  throw new AppError(Errors[name]);
};

/**
 * A BEP-20 address: 0x and 40 hex digits. Mixed case must match the EIP-55 checksum (a typo is caught); all lower
 * or all upper case carries no checksum and is accepted, as wallets show both. The zero address is refused.
 */
export function parseWithdrawalAddress(input: unknown): Address {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === ''))
    refuse('WITHDRAW_ADDRESS_REQUIRED');
  if (typeof input !== 'string') return refuse('WITHDRAW_INVALID_ADDRESS');
  const text = input.trim();
  if (!isAddress(text, { strict: true })) refuse('WITHDRAW_INVALID_ADDRESS');
  const address = getAddress(text);
  if (address === zeroAddress) refuse('WITHDRAW_INVALID_ADDRESS');
  return address;
}

/** Whole USDT (digits only, as the seeds' input allows; a JSON integer too), from 10 to 1,000,000. */
export function parseWithdrawalAmount(input: unknown): MicroUsdt {
  if (input === undefined || input === null || input === '') refuse('WITHDRAW_AMOUNT_REQUIRED');
  let whole: number;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return refuse('INVALID_AMOUNT');
    if (!Number.isInteger(input)) return refuse('WITHDRAW_WHOLE_USDT');
    whole = input;
  } else if (typeof input === 'string') {
    const text = input.trim();
    if (/^\d+\.\d*$/.test(text)) refuse('WITHDRAW_WHOLE_USDT');
    if (!/^\d{1,15}$/.test(text)) refuse('INVALID_AMOUNT');
    whole = Number(text);
  } else return refuse('INVALID_AMOUNT');
  if (whole <= 0) refuse('INVALID_AMOUNT');
  const amount = whole * MICRO_PER_USDT;
  if (amount < WITHDRAWAL_MINIMUM) refuse('WITHDRAW_BELOW_MINIMUM');
  if (amount > WITHDRAWAL_SINGLE_LIMIT) refuse('WITHDRAW_ABOVE_SINGLE_LIMIT');
  return amount;
}
