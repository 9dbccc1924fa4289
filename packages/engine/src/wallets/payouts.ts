/** Money the house pays or corrects: partner settlement payouts and operators' balance adjustments. */
import type { EngineState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import { balanceView } from './balances.ts';
import { isKey, isPositiveAmount, isUserId, isWallet, walletAccount } from './checks.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';

/** A settled day's partner shares: fee revenue → partner settlements payable (house accounts on both sides). */
export function accruePartnerSettlement(
  s: EngineState,
  command: CommandOf<'accruePartnerSettlement'>,
  effects: Effects,
): ResultOf<'accruePartnerSettlement'> {
  const { day, amount } = command;
  if (!isPositiveAmount(amount)) return reject('INVALID_AMOUNT');
  if (!isKey(day)) return reject('VALIDATION_FAILED');
  s.post(Account.feeRevenue, Account.partnerPayable, amount, 'partner_settlement', `partner-day:${day}`, effects);
  return { ok: true, value: { day, amount } };
}

/** Partner settlements payable → the partner's spot wallet. */
export function payPartnerSettlement(
  s: EngineState,
  command: CommandOf<'payPartnerSettlement'>,
  effects: Effects,
): ResultOf<'payPartnerSettlement'> {
  const { userId, settlementId, amount } = command;
  if (!isPositiveAmount(amount)) return reject('INVALID_AMOUNT');
  if (!isKey(settlementId) || !isUserId(userId)) return reject('VALIDATION_FAILED');
  const ref = `settlement:${settlementId}`;
  s.post(Account.partnerPayable, Account.spot(userId), amount, 'partner_settlement', ref, effects);
  return { ok: true, value: { balance: balanceView(s, userId) } };
}

/**
 * The house adjustment account ↔ a user's wallet: a positive amount credits the user, a negative one takes money
 * back (never more than the wallet holds). The reason travels in the postings' ref.
 */
export function adjustBalance(
  s: EngineState,
  command: CommandOf<'adjustBalance'>,
  effects: Effects,
): ResultOf<'adjustBalance'> {
  const { userId, wallet, amount, reason } = command;
  if (typeof amount !== 'number' || !isPositiveAmount(Math.abs(amount))) return reject('INVALID_AMOUNT');
  if (!isUserId(userId)) return reject('VALIDATION_FAILED');
  if (!isWallet(wallet)) return reject('INVALID_WALLET');
  if (!isKey(reason)) return reject('ADJUSTMENT_REASON_REQUIRED');
  const account = walletAccount(userId, wallet);
  if (amount < 0 && s.balance(account) < -amount) return reject('INSUFFICIENT_BALANCE');
  const ref = `adjustment:${reason}`;
  if (amount > 0) s.post(Account.operatorAdjustment, account, amount, 'operator_adjustment', ref, effects);
  else s.post(account, Account.operatorAdjustment, -amount, 'operator_adjustment', ref, effects);
  return { ok: true, value: { balance: balanceView(s, userId) } };
}
