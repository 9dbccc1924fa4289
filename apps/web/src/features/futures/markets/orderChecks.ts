// A market's own steps and floor checked in the order form before sending (#34 item 5): ETHUSDT's lot is 0.001 ETH,
// SOLUSDT's 0.01 SOL, both have a 5 USDT minimum notional. The server checks the same and has the last word.
import { multiply, type PriceTicks, type QtyLots } from '@tickline/money';
import type { MarketInfo } from '../../rules/serverRules.ts';

export type OrderCheck =
  | { problem: 'lotStep'; step: QtyLots }
  | { problem: 'tickStep'; step: PriceTicks }
  | { problem: 'minNotional'; floor: number };

/**
 * The first rule of the market an order breaks, or null. `price` is the limit price, or the last price for a market
 * order (0 when unknown: then only the lot is checked). Notional in micro-USDT is ticks × lots exactly, as
 * PRICE_SCALE + QTY_SCALE = USDT_SCALE.
 */
export function orderCheck(
  market: Pick<MarketInfo, 'trading' | 'tickSize' | 'minNotional'>,
  price: PriceTicks,
  qty: QtyLots,
  isLimit: boolean,
): OrderCheck | null {
  if (qty % market.trading.lotSize !== 0) return { problem: 'lotStep', step: market.trading.lotSize };
  if (isLimit && price % market.tickSize !== 0) return { problem: 'tickStep', step: market.tickSize };
  if (price > 0 && market.minNotional > 0 && multiply(price, qty) < market.minNotional)
    return { problem: 'minNotional', floor: market.minNotional };
  return null;
}
