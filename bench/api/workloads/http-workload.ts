// A workload over keep-alive HTTP: one HttpConnection per connection, connection `index` speaking for trader
// `index % traders` (the traders take turns).
import { HttpConnection } from '../http-connection.ts';
import type { BenchTrader, RequestOutcome, Workload } from './types.ts';

export function httpWorkload(
  name: string,
  request: string,
  /** Answers the connection's `next` (one request per call). */
  connect: (http: HttpConnection, trader: BenchTrader, index: number) => () => Promise<RequestOutcome>,
): Workload {
  return {
    name,
    request,
    async open(ctx, index) {
      const http = new HttpConnection(ctx.baseUrl);
      return { next: connect(http, ctx.traders[index % ctx.traders.length]!, index), close: () => http.close() };
    },
  };
}
