// Order entry with a session token: place, then cancel, alternating (order-cycle.ts).
import { HttpConnection } from '../http-connection.ts';
import { orderCycle } from './order-cycle.ts';
import type { Workload } from './types.ts';

export const workload: Workload = {
  name: 'orderSession',
  request: 'POST /api/v1/order/registerOrder then /order/cancel, alternating, with a session token',
  async open(ctx, index) {
    const http = new HttpConnection(ctx.baseUrl);
    const trader = ctx.traders[index % ctx.traders.length]!;
    return orderCycle(
      (path, body) => http.call('POST', path, body, trader.accessToken),
      index * 101,
      () => http.close(),
    );
  },
};
