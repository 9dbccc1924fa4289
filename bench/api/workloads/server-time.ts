// The no-op peer: no authentication, no database, no engine; every other row is a share of this one.
import { HttpConnection, outcomeOf } from '../http-connection.ts';
import type { Workload } from './types.ts';

export const workload: Workload = {
  name: 'serverTime',
  request: 'GET /api/v1/server/serverTime (public, answers the clock)',
  async open(ctx) {
    const http = new HttpConnection(ctx.baseUrl);
    return {
      next: async () => outcomeOf(await http.call('GET', '/api/v1/server/serverTime')),
      close: () => http.close(),
    };
  },
};
