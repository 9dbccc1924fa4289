/**
 * TP/SL attached at entry (#32): an order may carry take-profit and stop-loss prices, checked against its own price
 * when placed (its limit price; for a market order the mark) and set on the position when the order fills on the
 * side of the position (it opened or grew it). A fill that only reduces leaves the position's TP/SL as it is.
 */
import type { PriceTicks } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import { BUY } from '../book/order-book.ts';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import type { OrderState, Side } from '../types.ts';
import { positionChanged } from './positions.ts';

/** Whether the order's TP/SL make sense for an entry on `side` at `reference`: null when they do. */
export function entryTpSlProblem(
  s: MarketState,
  side: Side,
  reference: PriceTicks,
  takeProfit: PriceTicks | undefined,
  stopLoss: PriceTicks | undefined,
  reduceOnly: boolean,
): ErrorName | null {
  if (takeProfit === undefined && stopLoss === undefined) return null;
  if (reduceOnly) return 'INVALID_TP_SL';
  if (
    (takeProfit !== undefined && !s.isValidPrice(takeProfit)) ||
    (stopLoss !== undefined && !s.isValidPrice(stopLoss))
  )
    return 'INVALID_PRICE';
  const long = side === BUY;
  if (takeProfit !== undefined && (long ? takeProfit <= reference : takeProfit >= reference)) return 'INVALID_TP_SL';
  if (stopLoss !== undefined && (long ? stopLoss >= reference : stopLoss <= reference)) return 'INVALID_TP_SL';
  return null;
}

/** After a fill of `order`: its TP/SL onto the position, when it carries any and the position is on its side. */
export function applyEntryTpSl(s: MarketState, order: OrderState, effects: Effects): void {
  const takeProfit = order.takeProfit ?? null;
  const stopLoss = order.stopLoss ?? null;
  if (takeProfit === null && stopLoss === null) return;
  const position = s.positionsByUser.get(order.userId);
  if (!position || position.side !== order.side) return;
  if (takeProfit !== null) position.takeProfit = takeProfit;
  if (stopLoss !== null) position.stopLoss = stopLoss;
  positionChanged(s, position, effects);
}
