import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseState, post, registerAndLogin, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function expectRefused(body: unknown, code: number, message?: string, token?: string) {
  const before = await databaseState(t.pool);
  const answer = await post(t.app, '/feedback', body, token);
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  expect(await databaseState(t.pool)).toEqual(before);
}

describe('POST /feedback', () => {
  it('stores feedback from a visitor, and with the user when a token is sent', async () => {
    expect((await post(t.app, '/feedback', { title: '  Hello ', body: 'Nice app' })).body.code).toBe(0);
    const user = await registerAndLogin(t.app);
    expect((await post(t.app, '/feedback', { title: 'Bug', body: 'Chart is slow' }, user.accessToken)).body.code).toBe(
      0,
    );
    const rows = await t.pool.query('SELECT user_id, title, body FROM feedback ORDER BY id');
    expect(rows.rows).toEqual([
      { user_id: null, title: 'Hello', body: 'Nice app' },
      { user_id: user.userId, title: 'Bug', body: 'Chart is slow' },
    ]);
  });

  it('refuses an empty title or body with the seeds messages, too long ones, and a bad token', async () => {
    await expectRefused({ title: '   ', body: 'x' }, 2027, 'Please input title please');
    await expectRefused({ body: 'x' }, 2027);
    await expectRefused({ title: 'x', body: '' }, 2028, 'Please input your feedback please');
    await expectRefused({ title: 't'.repeat(201), body: 'x' }, 2029);
    await expectRefused({ title: 'x', body: 'b'.repeat(5001) }, 2029);
    await expectRefused({ title: 'x', body: 5 }, 1001, 'body must be a text');
    await expectRefused({ title: 'x', body: 'y' }, 40000, undefined, 'not-a-token');
  });

  it('is rate limited', async () => {
    const limited = await createTestApp({ config: { rateLimits: { feedback: { max: 1, windowMs: 60_000 } } } });
    try {
      expect((await post(limited.app, '/feedback', { title: 'a', body: 'b' })).status).toBe(200);
      const blocked = await post(limited.app, '/feedback', { title: 'a', body: 'b' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe(1004);
    } finally {
      await limited.close();
    }
  });
});
