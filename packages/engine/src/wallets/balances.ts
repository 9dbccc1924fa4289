import type { EngineState } from '../core/state.ts';
import { BUY } from '../book/order-book.ts';
import { Account } from '../ledger.ts';
import type { BalanceView, OrderState, UserId } from '../types.ts';

/** The user's wallets and holds (see BalanceView; the server maps them to the seeds' `/user/balance` fields). */
export function balanceView(s: EngineState, userId: UserId): BalanceView {
  const spot = s.balance(Account.spot(userId));
  const futuresAvailable = s.balance(Account.futures(userId));
  // Position margin and order holds of every market (#34), summed into the same fields.
  let positionMargin = 0;
  let longOrderHolds = 0;
  let shortOrderHolds = 0;
  for (const market of s.markets) {
    positionMargin += s.balance(market.accounts.positionMargin(userId));
    for (const orderId of market.orderIdsByUser.get(userId) ?? []) {
      const order = market.openOrdersById.get(orderId) as OrderState;
      if (order.side === BUY) longOrderHolds += order.heldMargin;
      else shortOrderHolds += order.heldMargin;
    }
  }
  const futuresTotal = futuresAvailable + positionMargin + longOrderHolds + shortOrderHolds;
  return {
    spot,
    futuresTotal,
    total: spot + futuresTotal,
    positionMargin,
    longOrderHolds,
    shortOrderHolds,
    futuresAvailable,
    optionStaked: s.balance(Account.optionStake(userId)),
  };
}
