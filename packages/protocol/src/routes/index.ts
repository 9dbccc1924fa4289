// The route table of /api/v1: every REST route, once. The server registers from it, the OpenAPI document is made
// from it, and the web's calls take their types from it (their method and path from endpoints.ts, generated).
import { accountRoutes } from './accounts.ts';
import { adminConsoleRoutes } from './admin-console.ts';
import { adminMoneyRoutes } from './admin-money.ts';
import { auditRoutes } from './audit.ts';
import type { RouteDefinition } from './define.ts';
import { futuresRoutes } from './futures.ts';
import { marketRoutes } from './market.ts';
import { optionRoutes } from './options.ts';
import { orderControlRoutes } from './order-controls.ts';
import { partnerRoutes } from './partners.ts';
import { programRoutes } from './programs.ts';
import { securityRoutes } from './security.ts';
import { walletRoutes } from './wallet.ts';
import { isWsRoute, type WsMethod } from './ws-methods.ts';

export * from './define.ts';
export { clientOrderIdSchema } from './futures.ts';
export * from './order-controls.ts';
export type { AuditKeyView, ReservesProofView, ReservesView, RoundLogRecordView } from './audit.ts';
export {
  accountRoutes,
  adminConsoleRoutes,
  adminMoneyRoutes,
  auditRoutes,
  futuresRoutes,
  marketRoutes,
  optionRoutes,
  orderControlRoutes,
  partnerRoutes,
  programRoutes,
  securityRoutes,
  walletRoutes,
};
export { buildOpenApiDocument } from './openapi.ts';
export { isWsRoute, type WsDataOf, type WsMethod, type WsParamsOf } from './ws-methods.ts';

export const ROUTES = {
  ...accountRoutes,
  ...securityRoutes,
  ...programRoutes,
  ...futuresRoutes,
  ...orderControlRoutes,
  ...optionRoutes,
  ...walletRoutes,
  ...marketRoutes,
  ...partnerRoutes,
  ...adminMoneyRoutes,
  ...adminConsoleRoutes,
  ...auditRoutes,
} as const;

export type Routes = typeof ROUTES;
export type RouteName = keyof Routes;

/** Every route with its name, for suites that walk the whole API (registration, OpenAPI, fuzzing). */
export const ROUTE_LIST: ReadonlyArray<RouteDefinition & { name: RouteName }> = Object.entries(ROUTES).map(
  ([name, route]) => ({ name: name as RouteName, ...(route as RouteDefinition) }),
);

/** Every route callable over the websocket by its name (ws-methods.ts). */
export const WS_METHODS: readonly WsMethod[] = ROUTE_LIST.filter((route) => isWsRoute(route)).map(
  (route) => route.name as WsMethod,
);
