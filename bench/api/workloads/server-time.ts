// The no-op peer: no authentication, no database, no engine; every other row is a share of this one.
import { outcomeOf } from '../http-connection.ts';
import { httpWorkload } from './http-workload.ts';

export const workload = httpWorkload(
  'serverTime',
  'GET /api/v1/server/serverTime (public, answers the clock)',
  (http) => async () => outcomeOf(await http.call('GET', '/api/v1/server/serverTime')),
);
