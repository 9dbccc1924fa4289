// A page of the caller's futures history (the orders the order workloads placed and cancelled before it).
import { HttpConnection, outcomeOf } from '../http-connection.ts';
import type { Workload } from './types.ts';

export const workload: Workload = {
  name: 'historyPage',
  request: 'GET /api/v1/order/lookup?page=1 with a session token',
  async open(ctx, index) {
    const http = new HttpConnection(ctx.baseUrl);
    const trader = ctx.traders[index % ctx.traders.length]!;
    return {
      next: async () => outcomeOf(await http.call('GET', '/api/v1/order/lookup?page=1', undefined, trader.accessToken)),
      close: () => http.close(),
    };
  },
};
