// Order entry by a program: the same alternating place and cancel, each request signed with an API key (#29).
import { HttpConnection } from '../http-connection.ts';
import { orderCycle } from './order-cycle.ts';
import type { Workload } from './types.ts';

export const workload: Workload = {
  name: 'orderSigned',
  request: 'POST /api/v1/order/registerOrder then /order/cancel, alternating, signed with an API key',
  async open(ctx, index) {
    const http = new HttpConnection(ctx.baseUrl);
    const trader = ctx.traders[index % ctx.traders.length]!;
    return orderCycle(
      (path, body) => http.signed('POST', path, trader.apiKey, body),
      index * 103,
      () => http.close(),
    );
  },
};
