/**
 * The market's minimum notional (#34), Binance's MIN_NOTIONAL: an order's price × quantity must reach
 * `config.minNotional`. As on Binance, reduce-only orders are exempt ("unless you choose reduce only"), and so are the
 * closes the engine makes itself (close position, TP/SL, liquidation: futures/closing.ts never asks). Which price
 * values an order is decided by its caller: a limit's own price, a market order's mark (docs/decisions.md, #34).
 */
import type { PriceTicks, QtyLots } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import type { MarketState } from '../core/state.ts';
import { notional } from './margin.ts';

/** NOTIONAL_BELOW_MINIMUM when `qty` at `price` is worth less than the market's minimum; null when it may go on. */
export function minNotionalProblem(
  s: MarketState,
  price: PriceTicks,
  qty: QtyLots,
  reduceOnly: boolean,
): ErrorName | null {
  const minimum = s.config.minNotional;
  if (minimum === 0 || reduceOnly) return null;
  return notional(price, qty) < minimum ? 'NOTIONAL_BELOW_MINIMUM' : null;
}
