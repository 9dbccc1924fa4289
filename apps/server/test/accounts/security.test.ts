import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer, SecurityOverview, TotpEnableAnswer, TotpSetupAnswer } from '@tickline/protocol';
import { totpCode } from '../../src/services/auth/totp.ts';
import { createTestApp, DEFAULT_PASSWORD, get, post, registerAndLogin, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

function login(member: Member, extra: Record<string, string> = {}, userAgent = 'Test browser') {
  return t.app
    .inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'user-agent': userAgent },
      payload: { userid: member.userid, password: member.password, ...extra },
    })
    .then((response) => response.json() as { code: number; message: string; data: LoginAnswer });
}

const overview = async (token: string) => (await get<SecurityOverview>(t.app, '/user/security', token)).body.data!;

/** Turns two-factor on for `member`; answers the secret (the test is the authenticator app) and the recovery codes. */
async function enrol(member: Member): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post<TotpSetupAnswer>(t.app, '/user/totp/setup', {}, member.accessToken);
  expect(setup.body.data!.uri).toMatch(/^otpauth:\/\/totp\/Tickline:.+\?.*secret=/);
  const secret = setup.body.data!.secret;
  const enabled = await post<TotpEnableAnswer>(
    t.app,
    '/user/totp/enable',
    { code: totpCode(secret, t.clock.now()) },
    member.accessToken,
  );
  expect(enabled.body.code).toBe(0);
  return { secret, recoveryCodes: enabled.body.data!.recoveryCodes };
}

describe('sessions and login history', () => {
  it('lists live sessions with device and address, marks the current one, and ends another on request', async () => {
    const member = await registerAndLogin(t.app);
    const other = await login(member, {}, 'Phone browser');
    const listed = await overview(member.accessToken);
    expect(listed.sessions).toHaveLength(2);
    const phone = listed.sessions.find((session) => session.device === 'Phone browser')!;
    expect(phone).toMatchObject({ current: false, address: '127.0.0.1' });
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(listed.logins[0]).toMatchObject({ outcome: 'success', device: 'Phone browser' });

    const revoked = await post(t.app, '/user/sessions/revoke', { sessionId: phone.id }, member.accessToken);
    expect(revoked.body.code).toBe(0);
    expect((await get(t.app, '/user/info', other.data.accessToken)).body.code).toBe(40000);
    expect((await get(t.app, '/user/info', member.accessToken)).body.code).toBe(0);
    expect((await overview(member.accessToken)).sessions).toHaveLength(1);
  });

  it('refuses to end a session of another account, and records failed sign-ins', async () => {
    const [alice, bob] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
    const bobSession = (await overview(bob.accessToken)).sessions[0]!.id;
    expect((await post(t.app, '/user/sessions/revoke', { sessionId: bobSession }, alice.accessToken)).body.code).toBe(
      2045,
    );
    expect((await get(t.app, '/user/info', bob.accessToken)).body.code).toBe(0);
    expect((await login({ ...alice, password: 'wrong-password' })).code).toBe(2013);
    expect((await overview(alice.accessToken)).logins[0]).toMatchObject({ outcome: 'wrong_password' });
  });
});

describe('password change with the current password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const member = await registerAndLogin(t.app);
    const answer = await post(
      t.app,
      '/user/password',
      { currentPassword: 'not-it-at-all', newPassword: 'Another123!' },
      member.accessToken,
    );
    expect(answer.body.code).toBe(2047);
    expect((await login(member)).code).toBe(0);
  });

  it('ends the other sessions, keeps this one, and blocks withdrawals for 24 h', async () => {
    const member = await registerAndLogin(t.app);
    const other = await login(member);
    const answer = await post(
      t.app,
      '/user/password',
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'Another123!' },
      member.accessToken,
    );
    expect(answer.body).toMatchObject({ code: 0, message: 'Your password has been changed.' });
    expect((await get(t.app, '/user/info', other.data.accessToken)).body.code).toBe(40000);
    expect((await get(t.app, '/user/info', member.accessToken)).body.code).toBe(0);
    expect((await login({ ...member, password: 'Another123!' })).code).toBe(0);
    const { rows } = await t.pool.query('SELECT withdrawals_blocked_until FROM users WHERE id = $1', [member.userId]);
    expect(rows[0].withdrawals_blocked_until.getTime()).toBe(t.clock.now() + 24 * 3600 * 1000);
  });
});

describe('two-factor (TOTP)', () => {
  it('is asked for at login once on, and a code works once', async () => {
    const member = await registerAndLogin(t.app);
    const { secret } = await enrol(member);
    expect((await overview(member.accessToken)).totp).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const withoutCode = await login(member);
    expect(withoutCode).toMatchObject({ code: 2040, data: { accessToken: '' } });
    expect((await login(member, { otp: '000000' })).code).toBe(2041);
    t.clock.advance(30_000); // the enrolment used this step's code
    const code = totpCode(secret, t.clock.now());
    const withCode = await login(member, { otp: code });
    expect(withCode.code).toBe(0);
    expect(withCode.data.accessToken).not.toBe('');
    expect((await login(member, { otp: code })).code).toBe(2041); // replayed
    const outcomes = (await overview(member.accessToken)).logins.map((attempt) => attempt.outcome);
    expect(outcomes.slice(0, 4)).toEqual(['wrong_code', 'success', 'wrong_code', 'code_required']);
  });

  it('takes each recovery code once in place of a code, and turning it off needs a code', async () => {
    const member = await registerAndLogin(t.app);
    const { secret, recoveryCodes } = await enrol(member);
    expect(recoveryCodes).toHaveLength(10);
    expect((await login(member, { otp: recoveryCodes[0]!.toUpperCase() })).code).toBe(0);
    expect((await login(member, { otp: recoveryCodes[0]! })).code).toBe(2041);
    expect((await overview(member.accessToken)).totp.recoveryCodesLeft).toBe(9);

    expect((await post(t.app, '/user/totp/disable', { code: '' }, member.accessToken)).body.code).toBe(2040);
    t.clock.advance(30_000);
    const off = await post(t.app, '/user/totp/disable', { code: totpCode(secret, t.clock.now()) }, member.accessToken);
    expect(off.body.code).toBe(0);
    expect((await login(member)).code).toBe(0);
  });

  it('refuses to enable without a pending setup or with a wrong code', async () => {
    const member = await registerAndLogin(t.app);
    expect((await post(t.app, '/user/totp/enable', { code: '123456' }, member.accessToken)).body.code).toBe(2044);
    await post(t.app, '/user/totp/setup', {}, member.accessToken);
    expect((await post(t.app, '/user/totp/enable', { code: 'abc' }, member.accessToken)).body.code).toBe(2041);
    expect((await overview(member.accessToken)).totp.enabled).toBe(false);
  });
});

describe('withdrawal address whitelist', () => {
  const address = '0x' + 'ab'.repeat(20);

  it('adds an address usable 24 h later, refuses a bad or repeated one, and removes it', async () => {
    const member = await registerAndLogin(t.app);
    const add = (body: Record<string, unknown>) => post(t.app, '/user/whitelist/add', body, member.accessToken);
    expect((await add({ address: '0x1234', label: '' })).body.code).toBe(2048);
    expect((await add({ address, label: 'x'.repeat(41) })).body.code).toBe(2051);
    expect((await add({ address: address.toUpperCase().replace('0X', '0x'), label: 'Cold wallet' })).body.code).toBe(0);
    expect((await add({ address, label: 'Again' })).body.code).toBe(2049);
    const { whitelist } = await overview(member.accessToken);
    expect(whitelist.addresses).toEqual([
      {
        id: expect.any(Number),
        address,
        label: 'Cold wallet',
        addedAt: new Date(t.clock.now()).toISOString(),
        usableFrom: new Date(t.clock.now() + 24 * 3600 * 1000).toISOString(),
      },
    ]);
    const id = whitelist.addresses[0]!.id;
    expect((await post(t.app, '/user/whitelist/remove', { id: id + 1000 }, member.accessToken)).body.code).toBe(2050);
    expect((await post(t.app, '/user/whitelist/remove', { id }, member.accessToken)).body.code).toBe(0);
  });

  it('turning it off takes the two-factor code when two-factor is on', async () => {
    const member = await registerAndLogin(t.app);
    const { secret } = await enrol(member);
    const toggle = (body: Record<string, unknown>) => post(t.app, '/user/whitelist/toggle', body, member.accessToken);
    expect((await toggle({ enabled: true })).body.code).toBe(0);
    expect((await toggle({ enabled: false })).body.code).toBe(2040);
    t.clock.advance(30_000);
    expect((await toggle({ enabled: false, otp: totpCode(secret, t.clock.now()) })).body.code).toBe(0);
    expect((await overview(member.accessToken)).whitelist.enabled).toBe(false);
  });
});
