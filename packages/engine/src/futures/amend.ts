/**
 * Amending a resting order in place (#32): a new price and/or a new total quantity, the order number kept. As on
 * Binance futures and dYdX v4, the order keeps its place in the queue only when its size alone shrinks; any other
 * change re-queues it at the back of its (new) price level under the next number of the order sequence (`queueSeq`,
 * so a restore rebuilds the same queue). An amend that would fill at once is refused (cancel and place instead), and
 * so is one whose extra hold the free wallet cannot cover: nothing else is ever cancelled to make room for it.
 */
import type { PriceTicks } from '@tickline/money';
import { crosses, oppositeSide } from '../book/order-book.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { reject } from '../rejections.ts';
import { entryTpSlProblem } from './entry-tpsl.ts';
import { rebalanceHolds, requiredHolds } from './holds.ts';
import { minNotionalProblem } from './min-notional.ts';

export function amendOrder(s: MarketState, command: CommandOf<'amendOrder'>, effects: Effects): ResultOf<'amendOrder'> {
  const { userId, orderId } = command;
  const order = s.openOrdersById.get(orderId);
  // A trigger order still waiting for its price is not in the book: cancel and place it again to change it.
  if (!order && s.triggers.byId.get(orderId)?.userId === userId) return reject('ORDER_NOT_AMENDABLE');
  if (!order || order.userId !== userId) return reject('ORDER_NOT_FOUND');
  if (command.price === undefined && command.qty === undefined) return reject('AMEND_NOTHING_TO_CHANGE');
  if (command.price !== undefined && !s.isValidPrice(command.price)) return reject('INVALID_PRICE');
  const qtyProblem = command.qty === undefined ? null : s.checkQty(command.qty);
  if (qtyProblem) return reject(qtyProblem);
  const oldPrice = order.price as PriceTicks;
  const oldQty = order.qty;
  const price = command.price ?? oldPrice;
  let qty = command.qty ?? oldQty;
  if (qty <= order.filledQty) return reject('AMEND_QTY_BELOW_FILLED');
  // A reduce-only order is never larger than the position (reduce-only.ts): a larger amount is cut to it.
  const position = s.positionsByUser.get(userId);
  if (order.reduceOnly && position) qty = Math.min(qty, order.filledQty + position.qty);
  if (price === oldPrice && qty === oldQty) return reject('AMEND_NOTHING_TO_CHANGE');
  // The whole order (its filled part included, as at placement) must still reach the market's minimum.
  const notionalProblem = minNotionalProblem(s, price, qty, order.reduceOnly);
  if (notionalProblem) return reject(notionalProblem);
  const opposite = s.book.bestPrice(oppositeSide(order.side));
  if (opposite !== 0 && crosses(order.side, price, opposite)) return reject('AMEND_WOULD_CROSS');
  const takeProfit = order.takeProfit ?? undefined;
  const stopLoss = order.stopLoss ?? undefined;
  if (price !== oldPrice && entryTpSlProblem(s, order.side, price, takeProfit, stopLoss, false))
    return reject('INVALID_TP_SL');

  const priorityKept = price === oldPrice && qty < oldQty;
  const ids = s.orderIdsByUser.get(userId) as Set<number>;
  const idsBefore = [...ids];
  order.price = price;
  order.qty = qty;
  if (!priorityKept) {
    // Re-queued: last in its owner's reduce-budget order too, as a restore (in queue order) rebuilds it.
    ids.delete(order.id);
    ids.add(order.id);
  }
  let extra = 0;
  for (const [each, required] of requiredHolds(s, userId, s.leverage(userId))) extra += required - each.heldMargin;
  if (extra > s.freeFutures(userId)) {
    order.price = oldPrice;
    order.qty = oldQty;
    s.orderIdsByUser.set(userId, new Set(idsBefore));
    return reject('INSUFFICIENT_MARGIN');
  }

  const remaining = qty - order.filledQty;
  if (priorityKept) s.book.reduce(order.id, remaining);
  else {
    s.book.cancel(order.id);
    order.queueSeq = s.nextIds.order++;
    s.book.add(order.id, userId, order.side, price, remaining);
  }
  s.markOrder(order, effects);
  rebalanceHolds(s, userId, effects);
  return { ok: true, value: { orderId: order.id, price, qty, priorityKept } };
}
