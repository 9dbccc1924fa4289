// A page of the caller's futures history (the orders the order workloads placed and cancelled before it).
import { outcomeOf } from '../http-connection.ts';
import { httpWorkload } from './http-workload.ts';

export const workload = httpWorkload(
  'historyPage',
  'GET /api/v1/order/lookup?page=1 with a session token',
  (http, trader) => async () =>
    outcomeOf(await http.call('GET', '/api/v1/order/lookup?page=1', undefined, trader.accessToken)),
);
