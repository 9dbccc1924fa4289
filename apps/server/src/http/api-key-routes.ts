/**
 * Which routes an API key may call, with which permission, and what each call weighs against the key's rate budget
 * (#29). Everything a session can call that is not listed here is `none`: a key never withdraws, never changes
 * security settings, never manages keys, never moves partner money. One table, keyed by method and the route as
 * registered, so that it can move into the route table as it is.
 */
import type { KeyPermission } from '../app/accounts/api-keys/authenticate.ts';

export interface KeyRoute {
  permission: Exclude<KeyPermission, 'none'>;
  /** Cost against the per-key and per-user budgets: 1 for a small read or a command, more for a page of history. */
  weight: number;
}

const read = (weight = 1): KeyRoute => ({ permission: 'read', weight });
const trade = (weight = 1): KeyRoute => ({ permission: 'trade', weight });

const KEY_ROUTES: Readonly<Record<string, KeyRoute>> = {
  'GET /api/v1/user/info': read(),
  'GET /api/v1/user/balance': read(),
  'GET /api/v1/alarm/lookup': read(2),
  'GET /api/v1/postion/lookup': read(),
  'GET /api/v1/order/waitLookup': read(),
  'GET /api/v1/order/history': read(5),
  'GET /api/v1/order/lookup': read(5),
  'GET /api/v1/optionOrder/top': read(),
  'GET /api/v1/optionOrder/waitLookup': read(),
  'GET /api/v1/optionOrder/lookup': read(5),
  'GET /api/v1/transfer/lookupForTop': read(),
  'GET /api/v1/transfer/lookup': read(5),
  'GET /api/v1/deposit/lookup': read(5),
  'GET /api/v1/withdraw/lookup': read(5),
  'GET /api/v1/manager/partner': read(),
  'GET /api/v1/manager/members': read(5),
  'GET /api/v1/manager/settlement': read(5),
  'GET /api/v1/manager/settlementLookup': read(5),
  'GET /api/v1/manager/settlementDay': read(5),
  'GET /api/v1/manager/withdrawSettlementLookup': read(5),
  'GET /api/v1/manager/trading': read(5),
  'GET /api/v1/withdraw/withdrawManagerLookup': read(5),
  'POST /api/v1/order/registerOrder': trade(),
  'POST /api/v1/order/cancel': trade(),
  'POST /api/v1/order/closePosition': trade(),
  'POST /api/v1/order/updateTpsl': trade(),
  'POST /api/v1/order/cancelAllAfter': trade(),
  'POST /api/v1/optionOrder/register': trade(),
  'POST /api/v1/user/updateLeverage': trade(),
  // Between the user's own two wallets: money never leaves the account.
  'POST /api/v1/transfer/registerFutures': trade(),
};

/** What a key needs to call `method route` (the route as registered, e.g. /api/v1/order/cancel); null = not allowed. */
export function keyRouteOf(method: string, route: string | undefined): KeyRoute | null {
  return (route && KEY_ROUTES[`${method.toUpperCase()} ${route}`]) || null;
}
