/**
 * Chain deposits. A credit moves chain clearing → the user's spot wallet once per deposit key; a repeat of the same
 * deposit changes nothing. A reversal (the chain took the deposit back) returns what the user still has free, spot
 * first, then the free futures wallet, never taking a balance below zero; the rest is recorded as the user's deposit
 * debt (Account.depositDebt, carried by the house) and repaid first from their next deposits. See docs/decisions.md.
 */
import type { EngineState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import type { DepositRecord } from '../types.ts';
import { balanceView } from './balances.ts';
import { isKey, isPositiveAmount, isUserId } from './checks.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';

export type { DepositRecord };

/** The postings' `ref` of a deposit, its credit and its reversal alike (the store restores deposits from it). */
export function depositRef(depositKey: string): string {
  return `deposit:${depositKey}`;
}

export function creditDeposit(
  s: EngineState,
  command: CommandOf<'creditDeposit'>,
  effects: Effects,
): ResultOf<'creditDeposit'> {
  const { userId, amount, depositKey } = command;
  if (!isPositiveAmount(amount)) return reject('INVALID_AMOUNT');
  if (!isKey(depositKey) || !isUserId(userId)) return reject('VALIDATION_FAILED');
  const known = s.deposits.get(depositKey);
  if (known) {
    if (known.userId !== userId || known.amount !== amount) return reject('DEPOSIT_KEY_CONFLICT');
    return { ok: true, value: { credited: false, debtRepaid: 0, balance: balanceView(s, userId) } };
  }
  const ref = depositRef(depositKey);
  s.post(Account.chainClearing, Account.spot(userId), amount, 'deposit', ref, effects);
  const debtRepaid = Math.min(amount, Math.max(0, -s.balance(Account.depositDebt(userId))));
  s.post(Account.spot(userId), Account.depositDebt(userId), debtRepaid, 'deposit_debt_repayment', ref, effects);
  s.deposits.set(depositKey, { depositKey, userId, amount, reversed: false });
  return { ok: true, value: { credited: true, debtRepaid, balance: balanceView(s, userId) } };
}

export function reverseDeposit(
  s: EngineState,
  command: CommandOf<'reverseDeposit'>,
  effects: Effects,
): ResultOf<'reverseDeposit'> {
  const { depositKey } = command;
  if (!isKey(depositKey)) return reject('VALIDATION_FAILED');
  const deposit = s.deposits.get(depositKey);
  if (!deposit) return reject('DEPOSIT_NOT_FOUND');
  const { userId, amount } = deposit;
  if (deposit.reversed)
    return { ok: true, value: { reversed: false, fromWallets: 0, debt: 0, balance: balanceView(s, userId) } };
  const ref = depositRef(depositKey);
  let left = amount;
  for (const wallet of [Account.spot(userId), Account.futures(userId)]) {
    const taken = Math.min(left, s.balance(wallet));
    s.post(wallet, Account.chainClearing, taken, 'deposit_reversal', ref, effects);
    left -= taken;
  }
  s.post(Account.depositDebt(userId), Account.chainClearing, left, 'deposit_reversal', ref, effects);
  deposit.reversed = true;
  const value = { reversed: true, fromWallets: amount - left, debt: left, balance: balanceView(s, userId) };
  return { ok: true, value };
}
