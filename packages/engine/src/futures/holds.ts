/**
 * Order margin. A resting order holds initial margin for the part that would open or add to the position and the
 * taker fee on all of it (makers pay less, so fills are always covered). The opposite side's orders, oldest first,
 * may reduce the position without margin up to its size. Holds follow every position change.
 */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import type { OrderState, Side, UserId } from '../types.ts';
import type { PositionFigures } from './fill-calculator.ts';
import { initialMargin, tradingFee } from './margin.ts';
import { cancelResting } from './orders.ts';
import { trimReduceOnly } from './reduce-only.ts';

export function holdFor(
  s: MarketState,
  price: PriceTicks,
  remainingQty: QtyLots,
  reducingQty: QtyLots,
  leverage: number,
): MicroUsdt {
  const openingQty = remainingQty - reducingQty;
  const margin = openingQty > 0 ? initialMargin(price, openingQty, leverage) : 0;
  return margin + tradingFee(price, remainingQty, s.config.takerFeeRatePpm);
}

/** What each resting order of the user should hold now, oldest first. */
export function requiredHolds(s: MarketState, userId: UserId, leverage: number): Array<[OrderState, MicroUsdt]> {
  const position = s.positionsByUser.get(userId);
  let reduceBudget = position ? position.qty : 0;
  const holds: Array<[OrderState, MicroUsdt]> = [];
  for (const orderId of s.orderIdsByUser.get(userId) ?? []) {
    const order = s.openOrdersById.get(orderId) as OrderState;
    const remaining = order.qty - order.filledQty;
    const reducing = position && order.side !== position.side ? Math.min(remaining, reduceBudget) : 0;
    reduceBudget -= reducing;
    // A reduce-only order never opens (reduce-only.ts): it holds the fee only, and takes its share of the budget.
    if (order.reduceOnly) {
      holds.push([order, holdFor(s, order.price as PriceTicks, remaining, remaining, leverage)]);
      continue;
    }
    holds.push([order, holdFor(s, order.price as PriceTicks, remaining, reducing, leverage)]);
  }
  return holds;
}

/** Brings every resting order's hold to what it needs; an order whose extra hold the wallet cannot cover is cancelled. */
export function rebalanceHolds(s: MarketState, userId: UserId, effects: Effects): void {
  trimReduceOnly(s, userId, effects);
  for (;;) {
    const holds = requiredHolds(s, userId, s.leverage(userId));
    for (const [order, required] of holds) {
      if (required >= order.heldMargin) continue;
      const ref = `order:${order.id}`;
      s.post(
        s.accounts.orderMargin(userId),
        Account.futures(userId),
        order.heldMargin - required,
        'order_margin_release',
        ref,
        effects,
      );
      order.heldMargin = required;
      s.markOrder(order, effects);
    }
    let cancelledOne = false;
    for (const [order, required] of holds) {
      if (required <= order.heldMargin) continue;
      const extra = required - order.heldMargin;
      if (s.freeFutures(userId) < extra) {
        cancelResting(s, order, true, effects);
        cancelledOne = true;
        break;
      }
      addHold(s, order, extra, effects);
    }
    if (!cancelledOne) return;
  }
}

/** Moves `amount` from the user's futures wallet into the order's hold. */
export function addHold(s: MarketState, order: OrderState, amount: MicroUsdt, effects: Effects): void {
  const { userId } = order;
  s.post(
    Account.futures(userId),
    s.accounts.orderMargin(userId),
    amount,
    'order_margin_hold',
    `order:${order.id}`,
    effects,
  );
  order.heldMargin += amount;
  s.markOrder(order, effects);
}

/** Gives the order's whole hold back to the futures wallet. */
export function releaseHold(s: MarketState, order: OrderState, effects: Effects): void {
  if (order.heldMargin === 0) return;
  const { userId } = order;
  const ref = `order:${order.id}`;
  s.post(
    s.accounts.orderMargin(userId),
    Account.futures(userId),
    order.heldMargin,
    'order_margin_release',
    ref,
    effects,
  );
  order.heldMargin = 0;
}

/** How much of a new order on `side` may reduce the position: its size less the older opposite orders' claims. */
export function reducibleQty(
  s: MarketState,
  userId: UserId,
  side: Side,
  position: Readonly<PositionFigures> | null,
): QtyLots {
  if (!position || position.qty === 0 || position.side === side) return 0;
  let claimed = 0;
  for (const orderId of s.orderIdsByUser.get(userId) ?? []) {
    const order = s.openOrdersById.get(orderId) as OrderState;
    if (order.side === side) claimed += order.qty - order.filledQty;
  }
  return Math.max(0, position.qty - claimed);
}
