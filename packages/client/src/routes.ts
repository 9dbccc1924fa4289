// The calls of the route table this client makes, typed from the table's schemas (@tickline/protocol/routes).
import type { RouteBody, RouteData, RouteName, RouteParams, RouteQuery, Routes } from '@tickline/protocol/routes';

/** Routes answering the JSON envelope (uploads and file downloads are the web's, not a program's). */
export type CallableRoute = {
  [N in RouteName]: Routes[N] extends { upload: object } | { produces: string } ? never : N;
}[RouteName];

type BodyOf<N extends RouteName> = NonNullable<RouteBody<Routes[N]>>;

/** The order paths: routes whose body takes a client order id (place, close, TP/SL, option bet). */
export type OrderPathRoute = {
  [N in CallableRoute]: [BodyOf<N>] extends [never] ? never : 'clientOrderId' extends keyof BodyOf<N> ? N : never;
}[CallableRoute];

/** A route's query: the schema's field names, values as text, numbers or booleans (empty ones left out). */
export type QueryOf<N extends RouteName> = {
  [K in keyof NonNullable<RouteQuery<Routes[N]>>]?: string | number | boolean;
};

/** One call of a route: its body, query and path parameters as the route's schemas accept them. */
export interface CallOptions<N extends CallableRoute> {
  body?: RouteBody<Routes[N]>;
  query?: QueryOf<N>;
  params?: RouteParams<Routes[N]>;
  signal?: AbortSignal;
}

/** What a call answers: the envelope's data, typed by the route. */
export type DataOf<N extends RouteName> = RouteData<Routes[N]>;

/** The answer with how it came about: the client order id sent (order paths) and whether a 1010 was resolved. */
export interface CallResult<N extends CallableRoute> {
  data: DataOf<N>;
  /** The id sent with an order path (the caller's, or one generated); undefined for other routes. */
  clientOrderId: string | undefined;
  /** True when the first answer was 1010 (outcome unknown) and the outcome was found by the client order id. */
  resolvedUnknownOutcome: boolean;
}

/** `/order/:no` with `{ no: 5 }` → `/order/5`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new TypeError(`path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=x`, in the caller's order; '' when there is nothing to send. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}
