import type { UserId } from '@tickline/engine';
import { pageOptionOrders, recentOptionOrders as recentStoredOptionOrders } from '@tickline/db';
import { paginationView } from '../pagination.ts';
import { HISTORY_PAGE_SIZE, RECENT_LIMIT, readEngine, type TradingCore } from './core.ts';
import { optionOrderView } from './views.ts';

/** `/optionOrder/top`. */
export async function recentOptionOrders(core: TradingCore, userId: UserId) {
  return (await recentStoredOptionOrders(core.pool, userId, RECENT_LIMIT)).map(optionOrderView);
}

/** `/optionOrder/waitLookup`: the caller's unsettled option orders, from the engine. */
export function waitingOptionOrders(core: TradingCore, userId: UserId) {
  return readEngine(core, 'optionOrders', userId).then((orders) => orders.map(optionOrderView));
}

/** `/optionOrder/lookup?page=N`. */
export async function optionHistoryPage(core: TradingCore, userId: UserId, pageNumber: number) {
  const page = await pageOptionOrders(core.pool, userId, pageNumber, HISTORY_PAGE_SIZE);
  return { list: page.rows.map(optionOrderView), pagination: paginationView(page) };
}
