import type { UserId } from '@tickline/engine';
import { pageOptionOrders, recentOptionOrders as recentStoredOptionOrders } from '@tickline/db';
import { paginationView } from '../pagination.ts';
import { HISTORY_PAGE_SIZE, RECENT_LIMIT, type TradingContext } from './core.ts';
import { optionOrderView } from './views.ts';

/** `/optionOrder/top`. */
export async function recentOptionOrders(core: TradingContext, userId: UserId) {
  return (await recentStoredOptionOrders(core.pool, userId, RECENT_LIMIT)).map(optionOrderView);
}

/** `/optionOrder/waitLookup`: the caller's unsettled option orders, from the engine. */
export function waitingOptionOrders(core: TradingContext, userId: UserId) {
  return core.engine.read('optionOrders', userId).then((orders) => orders.map(optionOrderView));
}

/** `/optionOrder/lookup?page=N`. */
export async function optionHistoryPage(core: TradingContext, userId: UserId, pageNumber: number) {
  const page = await pageOptionOrders(core.pool, userId, pageNumber, HISTORY_PAGE_SIZE);
  return { list: page.rows.map(optionOrderView), pagination: paginationView(page) };
}
