/** Order entry and the resting orders' bookkeeping: place, cancel, rest in the book, forget once done. */
import type { PriceTicks, QtyLots } from '@tickline/money';
import { BUY, crosses, oppositeSide, SELL } from '../book/order-book.ts';
import type { MarketState, Taker } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { reject } from '../rejections.ts';
import { OrderPath, type OrderState, type Side, type UserId } from '../types.ts';
import { checkOrderBracket } from './brackets.ts';
import { restingPlan, simulateTaker } from './fill-calculator.ts';
import { addHold, holdFor, rebalanceHolds, reducibleQty, releaseHold } from './holds.ts';
import { protectionPrice, runTaker } from './matching.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';
import { applyEntryTpSl, entryTpSlProblem } from './entry-tpsl.ts';
import { minNotionalProblem } from './min-notional.ts';
import { reduceOnlyQty } from './reduce-only.ts';
import { rests, timeInForceOf, timeInForceRefusal } from './time-in-force.ts';

/** `fired`: a trigger order that fired (futures/trigger-orders.ts), placed as itself instead of a new order. */
export function placeOrder(
  s: MarketState,
  command: CommandOf<'placeOrder'>,
  effects: Effects,
  fired?: OrderState,
): ResultOf<'placeOrder'> {
  const { userId, side, orderPath } = command;
  const isLimit = orderPath === OrderPath.Limit;
  if ((side !== BUY && side !== SELL) || (!isLimit && orderPath !== OrderPath.Market))
    return reject('INVALID_ORDER_TYPE');
  const timeInForce = timeInForceOf(command.timeInForce, isLimit);
  if (timeInForce === null) return reject('INVALID_TIME_IN_FORCE');
  const qtyProblem = s.checkQty(command.qty);
  if (qtyProblem) return reject(qtyProblem);
  const reduceOnly = command.reduceOnly === true;
  const qty = reduceOnly ? reduceOnlyQty(s, userId, side, command.qty) : command.qty;
  if (typeof qty !== 'number') return reject(qty);
  if (isLimit && !s.isValidPrice(command.price)) return reject('INVALID_PRICE');
  if (isLimit && (s.orderIdsByUser.get(userId)?.size ?? 0) >= s.config.maxOpenOrdersPerUser)
    return reject('TOO_MANY_OPEN_ORDERS');
  const limitPrice = isLimit ? (command.price as PriceTicks) : protectionPrice(s, side);
  if (limitPrice === null) return reject('NO_LIQUIDITY');
  // A fired trigger was held to the minimum when it was placed. A market order is valued at the mark (before the
  // first mark, at the best opposite price protectionPrice starts from), not at its protection bound.
  const valuePrice = isLimit ? limitPrice : (s.lastMarkPrice ?? s.book.bestPrice(oppositeSide(side)));
  const notionalProblem = fired ? null : minNotionalProblem(s, valuePrice, qty, reduceOnly);
  if (notionalProblem) return reject(notionalProblem);
  const leverage = s.leverage(userId);
  if (command.leverage !== undefined && command.leverage !== leverage) return reject('INVALID_LEVERAGE');
  const bracketProblem = checkOrderBracket(s, userId, side, isLimit ? limitPrice : null, qty, leverage);
  if (bracketProblem) return reject(bracketProblem);
  const { takeProfit, stopLoss } = command;
  const tpSlReference = isLimit ? limitPrice : (s.lastMarkPrice ?? limitPrice);
  const tpSlProblem = entryTpSlProblem(s, side, tpSlReference, takeProfit, stopLoss, reduceOnly);
  if (tpSlProblem) return reject(tpSlProblem);

  // Most limit orders only rest: nothing to walk.
  const bestOpposite = s.book.bestPrice(oppositeSide(side));
  const wouldTake = bestOpposite !== 0 && crosses(side, limitPrice, bestOpposite);
  const plan = wouldTake ? simulateTaker(s, userId, side, limitPrice, qty, leverage) : restingPlan(s, userId);
  if (plan.shortOfMargin) return reject('INSUFFICIENT_MARGIN');
  if (plan.stoppedToAvoidLiquidation && plan.filledQty === 0) return reject('ORDER_WOULD_LIQUIDATE');
  const tifProblem = timeInForceRefusal(timeInForce, wouldTake, plan.filledQty, qty);
  if (tifProblem) return reject(tifProblem);
  if (!isLimit && plan.filledQty === 0) return reject('NO_LIQUIDITY');
  const restingQty = qty - plan.filledQty;
  let restingHold = 0;
  if (isLimit && restingQty > 0 && rests(timeInForce)) {
    const reducible = reduceOnly ? restingQty : reducibleQty(s, userId, side, plan.position);
    restingHold = holdFor(s, limitPrice, restingQty, Math.min(reducible, restingQty), leverage);
    if (restingHold > plan.freeAfter) return reject('INSUFFICIENT_MARGIN');
  }

  const order =
    fired ?? newOrder(s, userId, side, orderPath, isLimit ? limitPrice : null, qty, leverage, reduceOnly, effects);
  if (fired) fired.qty = qty; // a reduce-only trigger is cut to the position it finds when it fires
  order.clientOrderId = command.clientOrderId ?? null;
  if (takeProfit !== undefined) order.takeProfit = takeProfit;
  if (stopLoss !== undefined) order.stopLoss = stopLoss;
  const taker: Taker = {
    userId,
    side,
    orderId: order.id,
    orderPath: order.orderPath,
    kind: 'order',
    leverage,
    effects,
  };
  if (reduceOnly) taker.reduceOnly = true;
  order.filledQty = runTaker(s, taker, limitPrice, qty);
  const remaining = qty - order.filledQty;
  const opposite = s.book.bestPrice(oppositeSide(side));
  const wouldCross = opposite !== 0 && crosses(side, limitPrice, opposite);
  if (remaining === 0) order.status = 'filled';
  else if (isLimit && !wouldCross && rests(timeInForce)) rest(s, order);
  else order.status = 'cancelled'; // market or IOC remainder, or a limit whose fills stopped at the margin available
  if (order.filledQty > 0) applyEntryTpSl(s, order, effects);
  // The common case, an order that only rests: no fill and no self-trade cancel moved the position or another
  // order, so every older order still holds what it needs and only the new one (the youngest: it comes last in
  // the reduce-budget order) takes its hold. Anything else rebalances all of the user's holds.
  const onlyRests = order.status === 'open' && plan.filledQty === 0 && effects.dirtyOrders.size === 0 && !reduceOnly;
  s.markOrder(order, effects);
  if (onlyRests) addHold(s, order, restingHold, effects);
  else rebalanceHolds(s, userId, effects);
  return { ok: true, value: { orderId: order.id, status: order.status, filledQty: order.filledQty } };
}

/** A new open order with the next id, not yet in the book (reduce-only: a close, TP/SL or liquidation). */
export function newOrder(
  s: MarketState,
  userId: UserId,
  side: Side,
  orderPath: OrderPath,
  price: PriceTicks | null,
  qty: QtyLots,
  leverage: number,
  reduceOnly: boolean,
  effects: Effects,
): OrderState {
  return {
    id: s.nextIds.order++,
    symbol: s.symbol,
    userId,
    side,
    orderPath,
    price,
    qty,
    filledQty: 0,
    leverage,
    heldMargin: 0,
    status: 'open',
    reduceOnly,
    clientOrderId: null,
    createdAtMs: effects.nowMs,
    updatedAtMs: effects.nowMs,
  };
}

export function cancelOrder(
  s: MarketState,
  command: CommandOf<'cancelOrder'>,
  effects: Effects,
): ResultOf<'cancelOrder'> {
  const order = s.openOrdersById.get(command.orderId);
  if (!order || order.userId !== command.userId) return reject('ORDER_NOT_FOUND');
  cancelResting(s, order, true, effects);
  rebalanceHolds(s, order.userId, effects);
  return { ok: true, value: { orderId: order.id } };
}

/** Puts the order in the book and in its owner's list (a new order, or one from a snapshot). */
export function rest(s: MarketState, order: OrderState): void {
  s.book.add(order.id, order.userId, order.side, order.price as PriceTicks, order.qty - order.filledQty);
  s.openOrdersById.set(order.id, order);
  let ids = s.orderIdsByUser.get(order.userId);
  if (!ids) s.orderIdsByUser.set(order.userId, (ids = new Set()));
  ids.add(order.id);
}

export function forget(s: MarketState, order: OrderState): void {
  s.openOrdersById.delete(order.id);
  const ids = s.orderIdsByUser.get(order.userId);
  ids?.delete(order.id);
  if (ids?.size === 0) s.orderIdsByUser.delete(order.userId);
}

export function cancelResting(s: MarketState, order: OrderState, stillInBook: boolean, effects: Effects): void {
  if (stillInBook) s.book.cancel(order.id);
  releaseHold(s, order, effects);
  order.status = 'cancelled';
  forget(s, order);
  s.markOrder(order, effects);
}

export function cancelAllOrders(s: MarketState, userId: UserId, effects: Effects): void {
  for (const orderId of [...(s.orderIdsByUser.get(userId) ?? [])])
    cancelResting(s, s.openOrdersById.get(orderId) as OrderState, true, effects);
}
