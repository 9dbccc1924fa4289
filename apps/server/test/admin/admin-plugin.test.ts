import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { createTestApp, get, post, registerAndLogin, type TestApp } from '../helpers/test-app.ts';

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
  await t.pool.query("UPDATE users SET role = 'operator' WHERE id = $1", [operator.userId]);
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

  it('keeps the guard inside the plugin: routes outside it are unaffected', async () => {
    expect((await get(t.app, '/server/serverTime')).body.code).toBe(0);
    expect((await get(t.app, '/user/info', member.accessToken)).body.code).toBe(0);
  });
});
