import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { ROUTE_LIST } from '@tickline/protocol/routes';
import {
  createTestApp,
  databaseState,
  get,
  post,
  registerAndLogin,
  type TestApp,
  promoteToOperator,
} from '../helpers/test-app.ts';

/** Every operator route of the route table, below /admin. */
function declaredAdminRoutes(): Array<{ method: 'GET' | 'POST'; path: string }> {
  const operatorRoutes = ROUTE_LIST.filter((route) => route.auth === 'operator');
  // Operator routes are exactly those under /admin, so the console's paths say who may call them.
  expect(operatorRoutes.map((route) => route.path)).toEqual(
    ROUTE_LIST.filter((route) => route.path.startsWith('/admin/')).map((route) => route.path),
  );
  return operatorRoutes.map((route) => ({ method: route.method, path: route.path.slice('/admin'.length) }));
}

/** Tables an operator call could change; sessions by what matters (a request touches its own "last used"). */
const WATCHED_TABLES = [
  'users',
  'alarms',
  'operator_audit',
  'withdrawals',
  'partner_settlement_withdrawals',
  'orders',
  'option_orders',
  'ledger_postings',
  'feedback',
];
async function watchedState(): Promise<Record<string, unknown[]>> {
  const state = await databaseState(t.pool, WATCHED_TABLES);
  state.sessions = (await t.pool.query('SELECT id, revoked_at FROM sessions ORDER BY id')).rows;
  return state;
}

let t: TestApp;
let member: Awaited<ReturnType<typeof registerAndLogin>>;
let partner: Awaited<ReturnType<typeof registerAndLogin>>;
let operator: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await registerAndLogin(t.app);
  partner = await registerAndLogin(t.app);
  operator = await registerAndLogin(t.app);
  await t.pool.query('UPDATE users SET level = 7 WHERE id = $1', [partner.userId]);
  await promoteToOperator(t, { id: operator.userId });
});
afterAll(async () => {
  await t.close();
});

describe('the admin plugin (/api/v1/admin), guarded as a whole', () => {
  it('answers a missing or bad token with 40000, a member and a level-7 partner with FORBIDDEN', async () => {
    expect((await get(t.app, '/admin/feedback')).body).toMatchObject({ code: 40000, data: null });
    expect((await get(t.app, '/admin/feedback', 'not-a-token')).body.code).toBe(40000);
    for (const caller of [member, partner]) {
      const answer = await get(t.app, '/admin/feedback', caller.accessToken);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ code: Errors.FORBIDDEN.code, message: Errors.FORBIDDEN.message, data: null });
    }
  });

  it('lets an operator in: the feedback inbox, newest first, with the pagination block', async () => {
    expect(
      (await post(t.app, '/feedback', { title: 'First', body: 'Charts lag.' }, member.accessToken)).body.code,
    ).toBe(0);
    t.clock.advance(1_000);
    expect((await post(t.app, '/feedback', { title: 'Second', body: 'Dark mode please.' })).body.code).toBe(0);
    const answer = await get<{ list: Array<Record<string, unknown>>; pagination: Record<string, unknown> }>(
      t.app,
      '/admin/feedback?page=1',
      operator.accessToken,
    );
    expect(answer.body.code).toBe(0);
    expect(answer.body.data!.list.map((row) => [row.title, row.userNo])).toEqual([
      ['Second', null],
      ['First', member.userId],
    ]);
    expect(answer.body.data!.pagination).toEqual({
      curPage: 1,
      endPage: 1,
      existNextPage: false,
      existPrevPage: false,
    });
  });

  it('refuses every declared admin route to a member, a partner and a missing token, and changes nothing', async () => {
    const routes = declaredAdminRoutes();
    // The console's areas, so a broken reading of the sources cannot pass with an empty list.
    for (const expected of ['/feedback', '/withdrawals/approve', '/users', '/users/freeze', '/users/revoke-sessions'])
      expect(routes.map((route) => route.path)).toContain(expected);
    const before = await watchedState();
    const body = { userNo: member.userId, no: 1, trading: true, withdrawals: true, reason: 'probe', level: 7 };
    for (const token of [member.accessToken, partner.accessToken, undefined]) {
      for (const route of routes) {
        const url = `/api/v1/admin${route.path.replace(/:[a-zA-Z]+/g, String(member.userId))}`;
        const query = route.method === 'GET' ? `?no=${member.userId}&q=a` : '';
        const response = await t.app.inject({
          method: route.method,
          url: url + query,
          ...(route.method === 'POST' ? { payload: body } : {}),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const answer = response.json<{ code: number; data: unknown }>();
        const expected = token ? Errors.FORBIDDEN.code : Errors.SESSION_INVALID.code;
        expect(answer, `${route.method} ${route.path}`).toMatchObject({ code: expected, data: null });
      }
    }
    expect(await watchedState()).toEqual(before);
  });

  it('keeps the guard inside the plugin: routes outside it are unaffected', async () => {
    expect((await get(t.app, '/server/serverTime')).body.code).toBe(0);
    expect((await get(t.app, '/user/info', member.accessToken)).body.code).toBe(0);
  });
});
