// The routes a program may call over the websocket (order entry and its reads, #30): a member's routes that API keys
// may call (`read` or `trade`), answering the JSON envelope, without path parameters or a per-address limit. Any route
// added to the table with these traits is callable over the socket by its name.
import type { RouteBody, RouteData, RouteDefinition, RouteQuery } from './define.ts';
import type { RouteName, Routes } from './index.ts';

type Offered<R> = R extends { auth: 'user'; permission: 'read' | 'trade' }
  ? R extends { upload: object } | { produces: string } | { params: object } | { rateLimit: { per: 'address' } }
    ? false
    : true
  : false;

/** The route names `{ id, method, params }` accepts as `method`. */
export type WsMethod = { [N in RouteName]: Offered<Routes[N]> extends true ? N : never }[RouteName];

/**
 * A method's params: the route's body (POST) as its schema accepts it, or its query (GET): the query's fields, as text,
 * numbers or booleans (read as a URL's text would be).
 */
export type WsParamsOf<M extends WsMethod> = Routes[M]['method'] extends 'POST'
  ? RouteBody<Routes[M]>
  : { [K in keyof NonNullable<RouteQuery<Routes[M]>>]?: string | number | boolean };

/** A method's data on success. */
export type WsDataOf<M extends WsMethod> = RouteData<Routes[M]>;

/** Whether a route is offered over the socket (the runtime twin of `WsMethod`). */
export function isWsRoute(route: RouteDefinition): boolean {
  return (
    route.auth === 'user' &&
    (route.permission === 'read' || route.permission === 'trade') &&
    route.upload === undefined &&
    route.produces === undefined &&
    route.params === undefined &&
    // A limit per client address is the HTTP edge's (its rate-limit plugin); such a route stays REST only.
    route.rateLimit?.per !== 'address'
  );
}
