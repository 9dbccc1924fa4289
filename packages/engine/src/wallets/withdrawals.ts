/**
 * Withdrawals: a request holds amount + fee (spot → withdrawal hold); a refusal or cancellation releases it back;
 * a sent withdrawal pays the amount out to chain clearing and the fee to fee revenue. The withdrawal service owns
 * each withdrawal's state; the engine checks the hold covers what is released or sent.
 */
import type { EngineState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import type { WalletMoneyCommand } from '../types.ts';
import { balanceView } from './balances.ts';
import { isFee, isKey, isPositiveAmount, isUserId } from './checks.ts';
import type { ResultOf } from '../command-results.ts';

type WithdrawalCommand = Extract<
  WalletMoneyCommand,
  { type: 'holdWithdrawal' | 'releaseWithdrawal' | 'sendWithdrawal' }
>;

export function withdrawal(s: EngineState, command: WithdrawalCommand, effects: Effects): ResultOf<'holdWithdrawal'> {
  const { userId, withdrawalId, amount, fee } = command;
  if (!isPositiveAmount(amount) || !isFee(fee) || !Number.isSafeInteger(amount + fee)) return reject('INVALID_AMOUNT');
  if (!isKey(withdrawalId) || !isUserId(userId)) return reject('VALIDATION_FAILED');
  const spot = Account.spot(userId);
  const hold = Account.withdrawalHold(userId);
  const ref = `withdrawal:${withdrawalId}`;
  if (command.type === 'holdWithdrawal') {
    if (s.balance(spot) < amount + fee) return reject('INSUFFICIENT_BALANCE');
    s.post(spot, hold, amount + fee, 'withdrawal_hold', ref, effects);
  } else {
    if (s.balance(hold) < amount + fee) return reject('WITHDRAWAL_HOLD_TOO_SMALL');
    if (command.type === 'releaseWithdrawal') s.post(hold, spot, amount + fee, 'withdrawal_release', ref, effects);
    else {
      s.post(hold, Account.chainClearing, amount, 'withdrawal_sent', ref, effects);
      s.post(hold, Account.feeRevenue, fee, 'withdrawal_fee', ref, effects);
    }
  }
  return { ok: true, value: { balance: balanceView(s, userId) } };
}
