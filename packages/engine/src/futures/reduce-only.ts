/**
 * Reduce-only orders (#32): they never open or grow the position. At entry the order must be on the side opposite the
 * position and its size is cut to the position; while it rests, every change of the position trims it to the
 * position's size (keeping its place in the queue) or cancels it when the position is gone or has turned to its side.
 * As a taker it fills only what reduces (matching.ts); as a maker its remaining size never exceeds the position, so a
 * fill of it only reduces. It holds no margin, only the fee (holds.ts).
 */
import type { QtyLots } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import type { OrderState, Side, UserId } from '../types.ts';
import { cancelResting } from './orders.ts';

/** The size a new reduce-only order of `qty` on `side` may have (cut to the position), or why it is refused. */
export function reduceOnlyQty(s: MarketState, userId: UserId, side: Side, qty: QtyLots): QtyLots | ErrorName {
  const position = s.positionsByUser.get(userId);
  if (!position) return 'REDUCE_ONLY_NO_POSITION';
  if (position.side === side) return 'REDUCE_ONLY_WRONG_SIDE';
  return Math.min(qty, position.qty);
}

/** Trims the user's resting reduce-only orders to the position (cancels them when it is gone or on their side). */
export function trimReduceOnly(s: MarketState, userId: UserId, effects: Effects): void {
  const ids = s.orderIdsByUser.get(userId);
  if (!ids) return;
  const position = s.positionsByUser.get(userId);
  for (const orderId of [...ids]) {
    const order = s.openOrdersById.get(orderId) as OrderState;
    if (!order.reduceOnly) continue;
    if (!position || position.side === order.side) {
      cancelResting(s, order, true, effects);
      continue;
    }
    const remaining = order.qty - order.filledQty;
    if (remaining <= position.qty) continue;
    s.book.reduce(order.id, position.qty);
    order.qty = order.filledQty + position.qty;
    s.markOrder(order, effects);
  }
}
