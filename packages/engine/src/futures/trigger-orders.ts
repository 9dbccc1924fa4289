/**
 * Trigger orders (#32 item 3): stop and take-profit orders (a limit with orderPath 1, a market with 2) and the
 * trailing stop, held by the engine (trigger-book.ts) until the watched price crosses them, then placed as the limit
 * or market order they carry, within the same command that moved the price: a price tick for the mark, the trade
 * for the last price. A trigger leaves the book before it is placed, so it fires exactly once.
 *
 * Margin is checked when placed (nothing is held) and again when fired, by the order entry itself; a fired order the
 * wallet, the book or the limits refuse is cancelled. docs/decisions.md (2026-11-26, #32 item 3) has the rules.
 */
import type { PriceTicks } from '@tickline/money';
import { BUY, SELL } from '../book/order-book.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { reject } from '../rejections.ts';
import { OrderPath, type OrderState, type OrderTrigger, type TriggerBy, type TriggerRequest } from '../types.ts';
import { holdFor } from './holds.ts';
import { minNotionalProblem } from './min-notional.ts';
import { newOrder, placeOrder } from './orders.ts';
import { isValidCallbackRate, trackFrom } from './trailing-stop.ts';

type Refusal = Parameters<typeof reject>[0];

export function placeTriggerOrder(
  s: MarketState,
  command: CommandOf<'placeOrder'>,
  effects: Effects,
): ResultOf<'placeOrder'> {
  const { userId, side, orderPath, qty } = command;
  const isLimit = orderPath === OrderPath.Limit;
  if ((side !== BUY && side !== SELL) || (!isLimit && orderPath !== OrderPath.Market))
    return reject('INVALID_ORDER_TYPE');
  const request = command.trigger as TriggerRequest;
  if (!['stop', 'takeProfit', 'trailingStop'].includes(request.type) || !['mark', 'last'].includes(request.by))
    return reject('INVALID_TRIGGER');
  // A fired trigger enters as GTC and carries no TP/SL of its own (decisions, 2026-11-26 merge): refused, not ignored.
  if (command.timeInForce !== undefined && command.timeInForce !== 'GTC') return reject('INVALID_TIME_IN_FORCE');
  if (command.takeProfit !== undefined || command.stopLoss !== undefined) return reject('INVALID_TRIGGER');
  const qtyProblem = s.checkQty(qty);
  if (qtyProblem) return reject(qtyProblem);
  if (isLimit && !s.isValidPrice(command.price)) return reject('INVALID_PRICE');
  const leverage = s.leverage(userId);
  if (command.leverage !== undefined && command.leverage !== leverage) return reject('INVALID_LEVERAGE');
  if ((s.orderIdsByUser.get(userId)?.size ?? 0) + s.triggers.countOf(userId) >= s.config.maxOpenOrdersPerUser)
    return reject('TOO_MANY_OPEN_ORDERS');
  const reference = request.by === 'mark' ? s.lastMarkPrice : s.triggers.lastTradePrice;
  if (reference === null) return reject(request.by === 'mark' ? 'NO_MARK_PRICE' : 'NO_LAST_PRICE');
  const trigger = heldTrigger(s, command, request, reference);
  if (typeof trigger === 'string') return reject(trigger);

  // Checked, not held: the price it would trade at (its limit, else its trigger or activation price) must be
  // affordable from the free futures balance now; the order entry checks again, and holds, when it fires.
  const checkPrice = isLimit ? (command.price as PriceTicks) : (trigger.price ?? trigger.activationPrice ?? reference);
  // The minimum notional is checked here at the same price, and not again when it fires (as Binance: at placement).
  const reduceOnly = command.reduceOnly === true; // checked against the position when it fires
  const notionalProblem = minNotionalProblem(s, checkPrice, qty, reduceOnly);
  if (notionalProblem) return reject(notionalProblem);
  const position = s.positionsByUser.get(userId);
  const reducing = position && position.side !== side ? Math.min(qty, position.qty) : 0;
  if (holdFor(s, checkPrice, qty, reducing, leverage) > s.freeFutures(userId)) return reject('INSUFFICIENT_MARGIN');

  const path = isLimit ? OrderPath.StopLimit : OrderPath.StopMarket;
  const order = newOrder(s, userId, side, path, isLimit ? command.price : null, qty, leverage, reduceOnly, effects);
  order.clientOrderId = command.clientOrderId ?? null;
  order.trigger = trigger;
  s.triggers.add(order);
  s.markOrder(order, effects);
  return { ok: true, value: { orderId: order.id, status: order.status, filledQty: 0 } };
}

/** The trigger to hold, or why it is refused (including one that the reference price has already crossed). */
function heldTrigger(
  s: MarketState,
  command: CommandOf<'placeOrder'>,
  request: TriggerRequest,
  reference: PriceTicks,
): OrderTrigger | Refusal {
  const price = request.price ?? null;
  const callbackRateBps = request.callbackRateBps ?? null;
  const activationPrice = request.activationPrice ?? null;
  const base = { type: request.type, by: request.by, firedAtMs: null, arrivalId: null };
  if (request.type !== 'trailingStop') {
    if (!s.isValidPrice(price) || callbackRateBps !== null || activationPrice !== null) return 'INVALID_TRIGGER';
    const rising = (request.type === 'stop') === (command.side === BUY);
    if (rising ? reference >= price : reference <= price) return 'TRIGGER_WOULD_FIRE_NOW';
    return { ...base, price, callbackRateBps: null, activationPrice: null, bestPrice: null };
  }
  if (command.orderPath !== OrderPath.Market) return 'INVALID_ORDER_TYPE'; // a trailing stop fires as a market order
  if (price !== null || (activationPrice !== null && !s.isValidPrice(activationPrice))) return 'INVALID_TRIGGER';
  if (!isValidCallbackRate(callbackRateBps)) return 'INVALID_CALLBACK_RATE';
  const waiting = { ...base, price: null, callbackRateBps, activationPrice, bestPrice: null };
  if (activationPrice === null) return trackFrom(waiting, command.side, reference);
  // A sell activates on a rise to its activation price, a buy on a fall: one already there would activate now.
  if (command.side === SELL ? activationPrice <= reference : activationPrice >= reference)
    return 'TRIGGER_WOULD_FIRE_NOW';
  return waiting;
}

/** Cancels a waiting trigger order; null when `orderId` is not one (then it may be a resting order). */
export function cancelTriggerOrder(
  s: MarketState,
  command: CommandOf<'cancelOrder'>,
  effects: Effects,
): ResultOf<'cancelOrder'> | null {
  const order = s.triggers.byId.get(command.orderId);
  if (!order) return null;
  if (order.userId !== command.userId) return reject('ORDER_NOT_FOUND');
  s.triggers.remove(order);
  order.status = 'cancelled';
  s.markOrder(order, effects);
  return { ok: true, value: { orderId: order.id } };
}

/**
 * After a command: fires what the new mark crossed (a price tick), then what each of the command's trades crossed,
 * in trade order, including the trades of orders fired here (their own trades are read as the loop reaches them).
 * Returns how many fired.
 */
export function runTriggers(s: MarketState, markMoved: boolean, effects: Effects): number {
  let fired = 0;
  if (markMoved && s.lastMarkPrice !== null) fired += onPrice(s, 'mark', s.lastMarkPrice, effects);
  const events = effects.events;
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    if (event?.type !== 'trade') continue;
    s.triggers.lastTradePrice = event.trade.price;
    fired += onPrice(s, 'last', event.trade.price, effects);
  }
  return fired;
}

function onPrice(s: MarketState, by: TriggerBy, price: PriceTicks, effects: Effects): number {
  const book = s.triggers;
  if (book.byId.size === 0) return 0;
  const watch = book.watch(by);
  // Trailing stops whose best price this one beats follow it first (none of them fires at its own new best).
  for (const id of [...watch.sellsToTrail.popFiring(price), ...watch.buysToTrail.popFiring(price)])
    follow(s, book.byId.get(id) as OrderState, price, effects);
  const due: OrderState[] = [];
  for (const id of [...watch.rising.popFiring(price), ...watch.falling.popFiring(price)]) {
    const order = book.byId.get(id) as OrderState;
    const trigger = order.trigger as OrderTrigger;
    if (trigger.type === 'trailingStop' && trigger.bestPrice === null) follow(s, order, price, effects);
    else due.push(order);
  }
  for (const order of due) if (book.byId.has(order.id)) fire(s, order, effects);
  return due.length;
}

/** A trailing stop tracks from `price` (activated, or a new best): its price moves, and so does its place. */
function follow(s: MarketState, order: OrderState, price: PriceTicks, effects: Effects): void {
  order.trigger = trackFrom(order.trigger as OrderTrigger, order.side, price);
  s.triggers.index(order);
  s.markOrder(order, effects);
}

/** Leaves the trigger book, then is placed as its limit or market order; cancelled when the order entry refuses it. */
function fire(s: MarketState, order: OrderState, effects: Effects): void {
  s.triggers.remove(order);
  const arrivalId = s.nextIds.order++;
  order.trigger = { ...(order.trigger as OrderTrigger), firedAtMs: effects.nowMs, arrivalId };
  order.leverage = s.leverage(order.userId);
  const placed = placeOrder(
    s,
    {
      type: 'placeOrder',
      userId: order.userId,
      side: order.side,
      orderPath: order.orderPath === OrderPath.StopLimit ? OrderPath.Limit : OrderPath.Market,
      price: order.price,
      qty: order.qty,
      ...(order.reduceOnly ? { reduceOnly: true } : {}),
      ...(order.clientOrderId === null ? {} : { clientOrderId: order.clientOrderId }),
    },
    effects,
    order,
  );
  if (placed.ok) return;
  order.status = 'cancelled';
  s.markOrder(order, effects);
}
