// Order entry by a program: the same alternating place and cancel, each request signed with an API key (#29).
import { httpWorkload } from './http-workload.ts';
import { orderCycle } from './order-cycle.ts';

export const workload = httpWorkload(
  'orderSigned',
  'POST /api/v1/order/registerOrder then /order/cancel, alternating, signed with an API key',
  (http, trader, index) => orderCycle((path, body) => http.signed('POST', path, trader.apiKey, body), index * 103),
);
