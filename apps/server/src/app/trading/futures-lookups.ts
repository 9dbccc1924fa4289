import { symbolOf, type MarketSymbol, type UserId } from '@tickline/engine';
import { pageFuturesHistory, recentCancelledOrders } from '@tickline/db';
import { paginationView } from '../pagination.ts';
import { HISTORY_PAGE_SIZE, RECENT_LIMIT, type TradingContext } from './core.ts';
import { requestedMarket, symbolArg } from './markets.ts';
import { cancelledOrderHistoryView, futuresHistoryView, openOrderView, positionView } from './views.ts';

/** Rows of `symbol`'s market, or all of them when it is absent. */
const inMarket = <T extends { symbol?: MarketSymbol }>(rows: T[], symbol: MarketSymbol | undefined): T[] =>
  symbol === undefined ? rows : rows.filter((row) => symbolOf(row) === symbol);

/** `/order/waitLookup`: the caller's resting orders, from the engine; in every market unless one is named. */
export async function openOrders(core: TradingContext, userId: UserId, symbol?: unknown) {
  const market = await requestedMarket(core, symbol);
  return (await core.engine.read('openOrders', userId, symbolArg(market))).map(openOrderView);
}

/**
 * `/postion/lookup`: the caller's positions (one-way mode: at most one per market) in every market, or in the one
 * named, each with its ADL quantile.
 */
export async function positions(core: TradingContext, userId: UserId, symbol?: unknown) {
  const market = await requestedMarket(core, symbol);
  const held = inMarket(await core.engine.read('positions', userId), symbolArg(market));
  const quantiles = await Promise.all(
    held.map((position) => core.engine.read('adlQuantile', userId, symbolOf(position))),
  );
  return held.map((position, index) => positionView(position, quantiles[index] ?? null));
}

/**
 * `/order/history`: the latest rows of the caller's trade history, with the limit orders cancelled among them (#28
 * item 12: a close or TP/SL cancels resting orders, and the trader should see it), newest first; with a symbol, that
 * market's (#34).
 */
export async function recentFuturesHistory(core: TradingContext, userId: UserId, symbol?: unknown) {
  const market = symbolArg(await requestedMarket(core, symbol));
  const [page, cancelled] = await Promise.all([
    pageFuturesHistory(core.pool, userId, 1, RECENT_LIMIT, market),
    recentCancelledOrders(core.pool, userId, RECENT_LIMIT, market),
  ]);
  const rows = [
    ...page.rows.map((entry) => ({ at: entry.timeMs, row: futuresHistoryView(entry) })),
    ...cancelled.map((order) => ({ at: order.updatedAtMs, row: cancelledOrderHistoryView(order) })),
  ];
  // Stable: within one moment, history rows (newest id first) keep their order and come before the cancellations.
  rows.sort((a, b) => b.at - a.at);
  return rows.slice(0, RECENT_LIMIT).map(({ row }) => row);
}

/** `/order/lookup?page=N`; with a symbol, pages of that market's rows alone (#34). */
export async function futuresHistoryPage(core: TradingContext, userId: UserId, pageNumber: number, symbol?: unknown) {
  const market = symbolArg(await requestedMarket(core, symbol));
  const page = await pageFuturesHistory(core.pool, userId, pageNumber, HISTORY_PAGE_SIZE, market);
  return { orders: page.rows.map(futuresHistoryView), pageInfo: paginationView(page) };
}
