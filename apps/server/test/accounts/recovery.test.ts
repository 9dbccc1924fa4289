import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  databaseState,
  get,
  loginAs,
  post,
  registerAndLogin,
  type TestApp,
} from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function expectRefused(url: string, body: unknown, code: number, message?: string) {
  const before = await databaseState(t.pool);
  const answer = await post(t.app, url, body);
  expect(answer.status).toBe(200);
  expect(answer.body.code).toBe(code);
  if (message !== undefined) expect(answer.body.message).toBe(message);
  expect(await databaseState(t.pool)).toEqual(before);
}

describe('POST /auth/findid', () => {
  it('answers the user id when email and phone match (phone with or without hyphens)', async () => {
    const user = await registerAndLogin(t.app, { phone: '010-5555-0001' });
    const answer = await post(t.app, '/auth/findid', { email: user.userid.toUpperCase(), phone: '010-5555-0001' });
    expect(answer.body).toEqual({ code: 0, message: 'Success', data: user.userid });
    const bare = await post(t.app, '/auth/findid', { email: user.userid, phone: '01055550001' });
    expect(bare.body.data).toBe(user.userid);
  });

  it('refuses with the seeds messages, and a clear one when nothing matches', async () => {
    const user = await registerAndLogin(t.app, { phone: '010-5555-0002' });
    await expectRefused('/auth/findid', { email: '', phone: '010-5555-0002' }, 2001, 'Please enter your email.');
    await expectRefused('/auth/findid', { email: 'nope', phone: '010-5555-0002' }, 2019, 'Not an email pattern.');
    await expectRefused('/auth/findid', { email: user.userid, phone: '' }, 2020, 'Please enter your phone.');
    await expectRefused('/auth/findid', { email: user.userid, phone: '12345' }, 2008);
    await expectRefused('/auth/findid', { email: user.userid, phone: '010-5555-9999' }, 2021);
    await expectRefused('/auth/findid', { email: 'other@example.com', phone: '010-5555-0002' }, 2021);
  });

  it('is rate limited', async () => {
    const limited = await createTestApp({ config: { rateLimits: { findId: { max: 1, windowMs: 60_000 } } } });
    try {
      expect((await post(limited.app, '/auth/findid', { email: 'a@b.co', phone: '010-1111-2222' })).status).toBe(200);
      const blocked = await post(limited.app, '/auth/findid', { email: 'a@b.co', phone: '010-1111-2222' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe(1004);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /auth/changePassword', () => {
  it('with the right address: changes the password, revokes every session, blocks withdrawals 24 h, writes an alarm', async () => {
    const user = await registerAndLogin(t.app);
    const second = await loginAs(t.app, user.userid, user.password);
    const info = await get<{ bscAddress: string }>(t.app, '/user/info', user.accessToken);
    const answer = await post(t.app, '/auth/changePassword', {
      userid: user.userid,
      bscAddress: info.body.data!.bscAddress.toLowerCase(),
      password: 'BrandNew123',
    });
    expect(answer.body).toEqual({ code: 0, message: 'Your password has been changed.', data: null });

    for (const token of [user.accessToken, second.accessToken])
      expect((await get(t.app, '/user/info', token)).body.code).toBe(40000);
    expect((await post(t.app, '/auth/refresh', { refreshToken: user.refreshToken })).body.code).toBe(40000);
    expect((await post(t.app, '/auth/login', { userid: user.userid, password: user.password })).body.code).toBe(2013);

    const fresh = await loginAs(t.app, user.userid, 'BrandNew123');
    const after = await get<{ withdrawalsBlockedUntil: string }>(t.app, '/user/info', fresh.accessToken);
    expect(after.body.data!.withdrawalsBlockedUntil).toBe(new Date(t.clock.now() + 24 * 3600 * 1000).toISOString());
    const stored = await t.pool.query('SELECT withdrawals_blocked_until FROM users WHERE id = $1', [user.userId]);
    expect((stored.rows[0] as { withdrawals_blocked_until: Date }).withdrawals_blocked_until.getTime()).toBe(
      t.clock.now() + 24 * 3600 * 1000,
    );

    const alarms = await get<Array<{ content: string; insertDate: string }>>(t.app, '/alarm/lookup', fresh.accessToken);
    expect(alarms.body.data).toHaveLength(1);
    expect(alarms.body.data![0]!.content).toContain('Your password was changed');
    expect(alarms.body.data![0]!.insertDate).toBe(new Date(t.clock.now()).toISOString());
  });

  it('refuses a wrong address and changes nothing (the old password and sessions keep working)', async () => {
    const user = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const otherInfo = await get<{ bscAddress: string }>(t.app, '/user/info', other.accessToken);
    await expectRefused(
      '/auth/changePassword',
      { userid: user.userid, bscAddress: otherInfo.body.data!.bscAddress, password: 'BrandNew123' },
      2025,
      'The user ID and USDT (BEP-20) address do not match.',
    );
    await expectRefused(
      '/auth/changePassword',
      { userid: 'unknown@example.com', bscAddress: otherInfo.body.data!.bscAddress, password: 'BrandNew123' },
      2025,
    );
    expect((await get(t.app, '/user/info', user.accessToken)).body.code).toBe(0);
    await loginAs(t.app, user.userid, user.password);
  });

  it('checks the fields in the seeds order', async () => {
    const address = '0x0000000000000000000000000000000000000001';
    await expectRefused(
      '/auth/changePassword',
      { bscAddress: address, password: 'x' },
      2022,
      'Please enter your UserID.',
    );
    await expectRefused(
      '/auth/changePassword',
      { userid: 'x', password: 'x' },
      2002,
      'Please Input your ID as an email.',
    );
    await expectRefused(
      '/auth/changePassword',
      { userid: 'a@b.co', password: 'x' },
      2023,
      'Please enter your USDT (BEP-20) Address.',
    );
    await expectRefused(
      '/auth/changePassword',
      { userid: 'a@b.co', bscAddress: address },
      2024,
      'Please enter your new password.',
    );
    await expectRefused('/auth/changePassword', { userid: 'a@b.co', bscAddress: address, password: 'short' }, 2004);
  });

  it('is rate limited', async () => {
    const limited = await createTestApp({ config: { rateLimits: { changePassword: { max: 1, windowMs: 60_000 } } } });
    try {
      const body = { userid: 'a@b.co', bscAddress: '0x01', password: 'Whatever123' };
      expect((await post(limited.app, '/auth/changePassword', body)).status).toBe(200);
      expect((await post(limited.app, '/auth/changePassword', body)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
