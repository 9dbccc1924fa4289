/**
 * The market a trading request names (#34). A request without `symbol` is about BTCUSDT exactly as before markets
 * existed: nothing more is read and its command carries no symbol. A named market is checked against the engine's
 * markets before anything is sent (today the engine runs BTCUSDT only, and ignores a command's symbol), and its order
 * is checked against that market's own rules.
 */
import { DEFAULT_SYMBOL, type MarketSymbol } from '@tickline/engine';
import type { PriceTicks, QtyLots } from '@tickline/money';
import type { MarketRules } from '../engine/engine-link.ts';
import type { TradingContext } from './core.ts';
import { refuse } from './input.ts';

/** A named market (its rules), or undefined when the request named none (BTCUSDT, as before). */
export type RequestedMarket = MarketRules | undefined;

/** The text of a symbol as requests send it: any case, e.g. `ethusdt`; anything but text is no symbol of ours. */
function symbolText(symbol: unknown): MarketSymbol {
  if (typeof symbol !== 'string' || !/^[A-Za-z0-9]{1,20}$/.test(symbol)) refuse('MARKET_UNKNOWN_SYMBOL');
  return symbol.toUpperCase();
}

/** How long a node trusts the market list it read: markets change only with configuration, i.e. an engine restart. */
const MARKETS_FRESH_MS = 10_000;
const marketLists = new WeakMap<TradingContext, { list: Promise<MarketRules[]>; readAtMs: number }>();

/**
 * The engine's markets, BTCUSDT first: read once and kept (#30: a call naming a symbol made an engine read each
 * time). Read again after MARKETS_FRESH_MS so a restarted engine's configuration is seen; a failed read is not kept.
 */
export function marketsOf(core: TradingContext): Promise<MarketRules[]> {
  const now = performance.now();
  const known = marketLists.get(core);
  if (known && now - known.readAtMs < MARKETS_FRESH_MS) return known.list;
  const list = core.engine.read('markets');
  marketLists.set(core, { list, readAtMs: now });
  list.catch(() => {
    if (marketLists.get(core)?.list === list) marketLists.delete(core);
  });
  return list;
}

/** The market `symbol` names; MARKET_UNKNOWN_SYMBOL (7001) when the engine does not run it. */
export async function requestedMarket(core: TradingContext, symbol: unknown): Promise<RequestedMarket> {
  if (symbol === undefined || symbol === null || symbol === '') return undefined;
  const wanted = symbolText(symbol);
  const market = (await marketsOf(core)).find((candidate) => candidate.symbol === wanted);
  if (!market) refuse('MARKET_UNKNOWN_SYMBOL');
  return market;
}

/** The symbol of a request's market (BTCUSDT when it named none). */
export const symbolOfMarket = (market: RequestedMarket): MarketSymbol => market?.symbol ?? DEFAULT_SYMBOL;

/** The command field the engine takes (#34): present only when the request named a market. */
export const symbolField = (market: RequestedMarket): { symbol?: MarketSymbol } =>
  market === undefined ? {} : { symbol: market.symbol };

/** The engine's read argument: the named market's symbol, or undefined (BTCUSDT; every market for open orders). */
export const symbolArg = (market: RequestedMarket): MarketSymbol | undefined => market?.symbol;

/**
 * A named market's own limits, checked before the order is sent (the engine checks them again as it applies the
 * order): leverage up to the market's maximum, the price on its tick grid and under its cap, the quantity on its lot
 * grid within its minimum and maximum. Without a named market the engine's checks alone stand, as before.
 */
export function checkOrderRules(
  market: RequestedMarket,
  order: { leverage?: number; price?: PriceTicks | null; qty?: QtyLots },
): void {
  if (market === undefined) return;
  if (order.leverage !== undefined && order.leverage > market.maxLeverage)
    refuse('INVALID_LEVERAGE', `${market.symbol}'s leverage is at most ${market.maxLeverage}×.`);
  const price = order.price;
  if (price !== undefined && price !== null && (price > market.maxPriceTicks || price % market.tickSizeTicks !== 0))
    refuse('INVALID_PRICE');
  const qty = order.qty;
  if (qty === undefined) return;
  if (qty % market.lotSizeLots !== 0) refuse('INVALID_QUANTITY');
  if (qty < market.minOrderQty) refuse('QUANTITY_BELOW_MINIMUM');
  if (qty > market.maxOrderQty) refuse('QUANTITY_ABOVE_MAXIMUM');
}
