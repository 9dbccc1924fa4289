// The authenticated read: a session token checked, then the profile read from the database.
import { outcomeOf } from '../http-connection.ts';
import { httpWorkload } from './http-workload.ts';

export const workload = httpWorkload(
  'userInfo',
  'GET /api/v1/user/info with a session token',
  (http, trader) => async () => outcomeOf(await http.call('GET', '/api/v1/user/info', undefined, trader.accessToken)),
);
