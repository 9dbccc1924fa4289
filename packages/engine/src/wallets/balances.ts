import type { EngineState } from '../core/state.ts';
import { BUY } from '../book/order-book.ts';
import { Account } from '../ledger.ts';
import type { BalanceView, OrderState, UserId } from '../types.ts';

/** The user's wallets as the seeds' `/user/balance` shows them (see BalanceView). */
export function balanceView(s: EngineState, userId: UserId): BalanceView {
  const bsc = s.balance(Account.spot(userId));
  const futuresAvailable = s.balance(Account.futures(userId));
  const usingRequiredAmount = s.balance(Account.positionMargin(userId));
  let longWaitingRequiredAmount = 0;
  let shortWaitingRequiredAmount = 0;
  for (const orderId of s.orderIdsByUser.get(userId) ?? []) {
    const order = s.openOrdersById.get(orderId) as OrderState;
    if (order.side === BUY) longWaitingRequiredAmount += order.heldMargin;
    else shortWaitingRequiredAmount += order.heldMargin;
  }
  const usdtm = futuresAvailable + usingRequiredAmount + longWaitingRequiredAmount + shortWaitingRequiredAmount;
  return {
    bsc,
    usdtm,
    usdt: bsc + usdtm,
    usingRequiredAmount,
    longWaitingRequiredAmount,
    shortWaitingRequiredAmount,
    futuresAvailable,
    optionStaked: s.balance(Account.optionStake(userId)),
  };
}
