// The authenticated read: a session token checked, then the profile read from the database.
import { HttpConnection, outcomeOf } from '../http-connection.ts';
import type { Workload } from './types.ts';

export const workload: Workload = {
  name: 'userInfo',
  request: 'GET /api/v1/user/info with a session token',
  async open(ctx, index) {
    const http = new HttpConnection(ctx.baseUrl);
    const trader = ctx.traders[index % ctx.traders.length]!;
    return {
      next: async () => outcomeOf(await http.call('GET', '/api/v1/user/info', undefined, trader.accessToken)),
      close: () => http.close(),
    };
  },
};
