/**
 * What a signed request may call (#29): the route table's key permission and weight, looked up by method and the
 * route as registered (e.g. POST /api/v1/order/cancel). A route outside the table, or `none`, refuses every key: a
 * key never withdraws, never changes security settings, never manages keys, never moves partner money.
 */
import { ROUTE_LIST, type KeyPermission } from '@tickline/protocol/routes';

export interface KeyRoute {
  permission: KeyPermission;
  /** Cost against the per-key and per-user budgets: 1 for a small read or a command, more for a page of history. */
  weight: number;
}

const API_PREFIX = '/api/v1';

const KEY_ROUTES: ReadonlyMap<string, KeyRoute> = new Map(
  ROUTE_LIST.map((route) => [
    `${route.method} ${API_PREFIX}${route.path}`,
    { permission: route.permission, weight: route.weight ?? 1 },
  ]),
);

const REFUSED: KeyRoute = { permission: 'none', weight: 1 };

/** What a key needs to call `method route` (the route as registered); `none` = not allowed. */
export function keyRouteOf(method: string, route: string | undefined): KeyRoute {
  return (route && KEY_ROUTES.get(`${method.toUpperCase()} ${route}`)) || REFUSED;
}
