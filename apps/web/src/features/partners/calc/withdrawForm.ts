// Seed 001 §5, affiliate withdrawal: the amount accepts digits only; All fills the bsc balance minus a 50 reserve,
// floored at 0; an empty or '0' amount and an empty address are refused with the seed's messages, in that order.
import type { Numeric } from '../../../api/types.ts';
import { toMinorUnits } from '../../../lib/decimal.ts';

/** Seed 001 §9: the All button keeps 50 units back. */
export const ALL_RESERVE = 50;

/** All = whole units of bsc (rounded down) − 50, never below 0, as the digits the input shows. */
export function allAmount(bsc: Numeric | null | undefined): string {
  const whole = toMinorUnits(bsc, 0, 'floor') ?? 0;
  return String(Math.max(0, whole - ALL_RESERVE));
}

export type WithdrawFormError = 'amount' | 'walletAddress' | null;

/** The first failing rule (seed 001 §5 order: amount, then address). */
export function validateWithdrawForm(amount: string, walletAddress: string): WithdrawFormError {
  if (amount === '' || /^0+$/.test(amount)) return 'amount';
  if (walletAddress.trim() === '') return 'walletAddress';
  return null;
}
