/**
 * Reduce-only closes: a user's market close, TP/SL exits and liquidations. A price tick runs liquidations first,
 * then TP/SL; only the triggers that fire are touched.
 */
import type { PriceTicks, QtyLots } from '@tickline/money';
import { BUY, oppositeSide } from '../book/order-book.ts';
import type { MarketState, TakerKind } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { reject } from '../rejections.ts';
import { OrderPath, type OrderState, type PositionState } from '../types.ts';
import { autoDeleverage } from './adl.ts';
import { fillableQty } from './fill-calculator.ts';
import { protectionPrice, runTaker } from './matching.ts';
import { cancelAllOrders, newOrder } from './orders.ts';
import { indexPosition, positionChanged, unindexPosition } from './positions.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';

export function closePosition(
  s: MarketState,
  command: CommandOf<'closePosition'>,
  effects: Effects,
): ResultOf<'closePosition'> {
  const position = s.positionsByUser.get(command.userId);
  if (!position) return reject('NO_POSITION');
  const qtyProblem = s.checkQty(command.qty, false);
  if (qtyProblem) return reject(qtyProblem);
  if (command.qty > position.qty) return reject('CLOSE_EXCEEDS_POSITION');
  const order = closeAtMarket(s, position, command.qty, OrderPath.Market, 'close', effects);
  if (!order) return reject('NO_LIQUIDITY');
  return { ok: true, value: { orderId: order.id, status: order.status, filledQty: order.filledQty } };
}

/**
 * A reduce-only market close (close position, TP/SL, liquidation): cancels the user's waiting orders, then takes
 * what the book offers within the protection price; the rest of the order is cancelled. Null (and nothing done)
 * when the book has nothing to take.
 */
function closeAtMarket(
  s: MarketState,
  position: PositionState,
  qty: QtyLots,
  orderPath: OrderPath,
  kind: TakerKind,
  effects: Effects,
): OrderState | null {
  const { userId } = position;
  const side = oppositeSide(position.side);
  const limitPrice = protectionPrice(s, side);
  if (limitPrice === null || fillableQty(s, position, kind, limitPrice, qty) === 0) return null;
  cancelAllOrders(s, userId, effects);
  const leverage = s.leverage(userId);
  const order = newOrder(s, userId, side, orderPath, null, qty, leverage, true, effects);
  order.filledQty = runTaker(
    s,
    { userId, side, orderId: order.id, orderPath, kind, leverage, effects },
    limitPrice,
    qty,
  );
  order.status = order.filledQty === qty ? 'filled' : 'cancelled';
  s.markOrder(order, effects);
  return order;
}

export function setTpSl(s: MarketState, command: CommandOf<'setTpSl'>, effects: Effects): ResultOf<'setTpSl'> {
  const { userId, takeProfit, stopLoss } = command;
  const position = s.positionsByUser.get(userId);
  if (!position) return reject('NO_POSITION');
  if ((takeProfit !== null && !s.isValidPrice(takeProfit)) || (stopLoss !== null && !s.isValidPrice(stopLoss)))
    return reject('INVALID_PRICE');
  const reference = s.lastMarkPrice ?? position.entryPrice;
  const long = position.side === BUY;
  if (takeProfit !== null && (long ? takeProfit <= reference : takeProfit >= reference)) return reject('INVALID_TP_SL');
  if (stopLoss !== null && (long ? stopLoss >= reference : stopLoss <= reference)) return reject('INVALID_TP_SL');
  cancelAllOrders(s, userId, effects);
  position.takeProfit = takeProfit;
  position.stopLoss = stopLoss;
  positionChanged(s, position, effects);
  return { ok: true, value: { takeProfit, stopLoss } };
}

export function priceTick(s: MarketState, command: CommandOf<'priceTick'>, effects: Effects): ResultOf<'priceTick'> {
  if (!s.isValidPrice(command.indexPrice, false) || !s.isValidPrice(command.markPrice, false))
    return reject('INVALID_PRICE');
  s.lastIndexPrice = command.indexPrice;
  s.lastMarkPrice = command.markPrice;
  s.lastPriceAtMs = effects.nowMs;
  const liquidated = runLiquidations(s, effects);
  const triggered = runExits(s, effects);
  return { ok: true, value: { liquidated, triggered } };
}

/** Liquidates every position whose liquidation price the mark has reached; returns how many. */
export function runLiquidations(s: MarketState, effects: Effects): number {
  const mark = s.lastMarkPrice;
  if (mark === null) return 0;
  let liquidated = 0;
  for (const userId of [...s.longLiquidations.popFiring(mark), ...s.shortLiquidations.popFiring(mark)]) {
    const position = s.positionsByUser.get(userId);
    if (!position) continue; // auto-deleveraged earlier in this tick
    s.liquidationCutByFund = false;
    const order = closeAtMarket(s, position, position.qty, OrderPath.Liquidation, 'liquidation', effects);
    if (order && s.liquidationCutByFund && s.positionsByUser.has(userId)) autoDeleverage(s, position, order, effects);
    if (s.positionsByUser.has(userId)) {
      unindexPosition(s, userId); // what is left (nothing to close against): try again on the next tick
      indexPosition(s, position);
    }
    if (!order || order.filledQty === 0) continue;
    liquidated++;
    effects.events.push({
      type: 'notice',
      symbol: s.symbol,
      userId,
      kind: 'liquidation',
      text: `Your ${position.side === BUY ? 'long' : 'short'} position was liquidated at mark price ${mark}.`,
    });
  }
  return liquidated;
}

function runExits(s: MarketState, effects: Effects): number {
  const mark = s.lastMarkPrice as PriceTicks;
  let triggered = 0;
  for (const userId of [...s.exitsAbove.popFiring(mark), ...s.exitsBelow.popFiring(mark)]) {
    const position = s.positionsByUser.get(userId);
    if (!position) continue;
    const long = position.side === BUY;
    const takeProfitHit =
      position.takeProfit !== null && (long ? mark >= position.takeProfit : mark <= position.takeProfit);
    const order = closeAtMarket(s, position, position.qty, OrderPath.StopMarket, 'close', effects);
    if (!order) {
      unindexPosition(s, userId);
      indexPosition(s, position);
      continue;
    }
    triggered++;
    effects.events.push({
      type: 'notice',
      symbol: s.symbol,
      userId,
      kind: takeProfitHit ? 'takeProfit' : 'stopLoss',
      text: `${takeProfitHit ? 'Take profit' : 'Stop loss'} executed: ${order.filledQty} lots closed at mark price ${mark}.`,
    });
  }
  return triggered;
}
