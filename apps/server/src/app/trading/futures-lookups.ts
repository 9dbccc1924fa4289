import type { UserId } from '@tickline/engine';
import { pageFuturesHistory, recentCancelledOrders } from '@tickline/db';
import { paginationView } from '../pagination.ts';
import { HISTORY_PAGE_SIZE, RECENT_LIMIT, type TradingContext } from './core.ts';
import { cancelledOrderHistoryView, futuresHistoryView, openOrderView, positionView } from './views.ts';

/** `/order/waitLookup`: the caller's resting orders, from the engine. */
export function openOrders(core: TradingContext, userId: UserId) {
  return core.engine.read('openOrders', userId).then((orders) => orders.map(openOrderView));
}

/** `/postion/lookup`: the caller's position (one-way mode: at most one), with its ADL quantile. */
export async function positions(core: TradingContext, userId: UserId) {
  const [position, adlQuantile] = await Promise.all([
    core.engine.read('position', userId),
    core.engine.read('adlQuantile', userId),
  ]);
  return position ? [positionView(position, adlQuantile)] : [];
}

/**
 * `/order/history`: the latest rows of the caller's trade history, with the limit orders cancelled among them (#28
 * item 12: a close or TP/SL cancels resting orders, and the trader should see it), newest first.
 */
export async function recentFuturesHistory(core: TradingContext, userId: UserId) {
  const [page, cancelled] = await Promise.all([
    pageFuturesHistory(core.pool, userId, 1, RECENT_LIMIT),
    recentCancelledOrders(core.pool, userId, RECENT_LIMIT),
  ]);
  const rows = [
    ...page.rows.map((entry) => ({ at: entry.timeMs, row: futuresHistoryView(entry) })),
    ...cancelled.map((order) => ({ at: order.updatedAtMs, row: cancelledOrderHistoryView(order) })),
  ];
  // Stable: within one moment, history rows (newest id first) keep their order and come before the cancellations.
  rows.sort((a, b) => b.at - a.at);
  return rows.slice(0, RECENT_LIMIT).map(({ row }) => row);
}

/** `/order/lookup?page=N`. */
export async function futuresHistoryPage(core: TradingContext, userId: UserId, pageNumber: number) {
  const page = await pageFuturesHistory(core.pool, userId, pageNumber, HISTORY_PAGE_SIZE);
  return { orders: page.rows.map(futuresHistoryView), pageInfo: paginationView(page) };
}
