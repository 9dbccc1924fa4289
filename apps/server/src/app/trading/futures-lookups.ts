import type { UserId } from '@tickline/engine';
import { pageFuturesHistory } from '@tickline/db';
import { paginationView } from '../pagination.ts';
import { HISTORY_PAGE_SIZE, RECENT_LIMIT, type TradingContext } from './core.ts';
import { futuresHistoryView, openOrderView, positionView } from './views.ts';

/** `/order/waitLookup`: the caller's resting orders, from the engine. */
export function openOrders(core: TradingContext, userId: UserId) {
  return core.engine.read('openOrders', userId).then((orders) => orders.map(openOrderView));
}

/** `/postion/lookup`: the caller's position (one-way mode: at most one). */
export function positions(core: TradingContext, userId: UserId) {
  return core.engine.read('position', userId).then((position) => (position ? [positionView(position)] : []));
}

/** `/order/history`: the latest rows of the caller's trade history. */
export async function recentFuturesHistory(core: TradingContext, userId: UserId) {
  const page = await pageFuturesHistory(core.pool, userId, 1, RECENT_LIMIT);
  return page.rows.map(futuresHistoryView);
}

/** `/order/lookup?page=N`. */
export async function futuresHistoryPage(core: TradingContext, userId: UserId, pageNumber: number) {
  const page = await pageFuturesHistory(core.pool, userId, pageNumber, HISTORY_PAGE_SIZE);
  return { orders: page.rows.map(futuresHistoryView), pageInfo: paginationView(page) };
}
