// Order entry with a session token: place, then cancel, alternating (order-cycle.ts).
import { httpWorkload } from './http-workload.ts';
import { orderCycle } from './order-cycle.ts';

export const workload = httpWorkload(
  'orderSession',
  'POST /api/v1/order/registerOrder then /order/cancel, alternating, with a session token',
  (http, trader, index) => orderCycle((path, body) => http.call('POST', path, body, trader.accessToken), index * 101),
);
