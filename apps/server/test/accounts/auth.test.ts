import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { LoginAnswer } from '@tickline/protocol';
import {
  createTestApp,
  databaseState,
  DEFAULT_PASSWORD,
  get,
  loginAs,
  post,
  registerUser,
  type RegisteredUser,
  type TestApp,
} from '../helpers/test-app.ts';

function sessionIdOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
}

let t: TestApp;
let alice: RegisteredUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, { userid: 'Alice@Example.com' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /auth/login', () => {
  it('answers level and a token pair; the userid is matched without regard to case', async () => {
    const answer = await post<LoginAnswer>(t.app, '/auth/login', {
      userid: 'ALICE@example.COM',
      password: DEFAULT_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ level: 1, errorMessage: '' });
    expect(answer.body.data!.accessToken.split('.')).toHaveLength(3);
    expect(answer.body.data!.refreshToken.length).toBeGreaterThanOrEqual(40);
    const info = await get<{ userid: string }>(t.app, '/user/info', answer.body.data!.accessToken);
    expect(info.body.data!.userid).toBe('alice@example.com');
  });

  it('refuses a wrong password with the login shape and an errorMessage, and changes nothing', async () => {
    const before = await databaseState(t.pool);
    const answer = await post<LoginAnswer>(t.app, '/auth/login', { userid: alice.userid, password: 'wrong-password' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      code: 2013,
      message: 'The email or password is incorrect.',
      data: { level: 0, accessToken: '', refreshToken: '', errorMessage: 'The email or password is incorrect.' },
    });
    expect(await databaseState(t.pool)).toEqual(before);
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const before = await databaseState(t.pool);
    const answer = await post(t.app, '/auth/login', { userid: 'nobody@example.com', password: DEFAULT_PASSWORD });
    expect(answer.body.code).toBe(2013);
    expect(answer.body.message).toBe('The email or password is incorrect.');
    expect(await databaseState(t.pool)).toEqual(before);
  });

  it('asks for the email, then the password, with the seeds messages', async () => {
    const before = await databaseState(t.pool);
    const noEmail = await post<LoginAnswer>(t.app, '/auth/login', { password: 'x' });
    expect(noEmail.body).toMatchObject({ code: 2001, message: 'Please enter your email.' });
    expect(noEmail.body.data!.errorMessage).toBe('Please enter your email.');
    const noPassword = await post(t.app, '/auth/login', { userid: alice.userid, password: '' });
    expect(noPassword.body).toMatchObject({ code: 2003, message: 'Please enter your password.' });
    const wrongType = await post(t.app, '/auth/login', { userid: 42, password: 'x' });
    expect(wrongType.body).toMatchObject({ code: 1001, message: 'userid must be a text' });
    expect(await databaseState(t.pool)).toEqual(before);
  });
});

describe('access tokens', () => {
  async function infoCode(authorization?: string): Promise<number> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user/info',
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { code: number }).code;
  }

  it('accepts a valid bearer token', async () => {
    const { accessToken } = await loginAs(t.app, alice.userid);
    expect(await infoCode(`Bearer ${accessToken}`)).toBe(0);
  });

  it('answers 40000 for a missing, malformed or non-bearer token', async () => {
    expect(await infoCode()).toBe(40000);
    expect(await infoCode('Bearer')).toBe(40000);
    expect(await infoCode('Bearer not.a.jwt')).toBe(40000);
    expect(await infoCode('Basic dXNlcjpwYXNz')).toBe(40000);
  });

  it('answers 40000 for a tampered signature or payload', async () => {
    const { accessToken } = await loginAs(t.app, alice.userid);
    const [header, payload, signature] = accessToken.split('.') as [string, string, string];
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await infoCode(`Bearer ${header}.${payload}.${flipped}`)).toBe(40000);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '999' })).toString('base64url');
    expect(await infoCode(`Bearer ${header}.${forged}.${signature}`)).toBe(40000);
  });

  it('answers 40000 for a token signed with another key or with alg none', async () => {
    const { accessToken } = await loginAs(t.app, alice.userid);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-sufficient-length-000'));
    expect(await infoCode(`Bearer ${otherKey}`)).toBe(40000);
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${accessToken.split('.')[1]}.`;
    expect(await infoCode(`Bearer ${none}`)).toBe(40000);
  });

  it('answers 40000 once the token has expired', async () => {
    const { accessToken } = await loginAs(t.app, alice.userid);
    t.clock.advance((t.config.accessTokenTtlSeconds - 5) * 1000);
    expect(await infoCode(`Bearer ${accessToken}`)).toBe(0);
    t.clock.advance(10_000);
    expect(await infoCode(`Bearer ${accessToken}`)).toBe(40000);
  });

  it('answers 40000 after logout, and logout ends only that session', async () => {
    const first = await loginAs(t.app, alice.userid);
    const second = await loginAs(t.app, alice.userid);
    const logout = await post(t.app, '/auth/logout', undefined, first.accessToken);
    expect(logout.body.code).toBe(0);
    expect(await infoCode(`Bearer ${first.accessToken}`)).toBe(40000);
    expect(await infoCode(`Bearer ${second.accessToken}`)).toBe(0);
    const refreshAfterLogout = await post(t.app, '/auth/refresh', { refreshToken: first.refreshToken });
    expect(refreshAfterLogout.body.code).toBe(40000);
  });

  it('logs out with only the refresh token when the access token is gone', async () => {
    const session = await loginAs(t.app, alice.userid);
    const logout = await post(t.app, '/auth/logout', { refreshToken: session.refreshToken });
    expect(logout.body.code).toBe(0);
    expect(await infoCode(`Bearer ${session.accessToken}`)).toBe(40000);
    const before = await databaseState(t.pool);
    expect((await post(t.app, '/auth/logout', {})).body.code).toBe(40000);
    expect((await post(t.app, '/auth/logout', { refreshToken: 'unknown' })).body.code).toBe(40000);
    expect(await databaseState(t.pool)).toEqual(before);
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: the new pair works and the old access token stays valid until it expires', async () => {
    const first = await loginAs(t.app, alice.userid);
    const answer = await post<{ accessToken: string; refreshToken: string }>(t.app, '/auth/refresh', {
      refreshToken: first.refreshToken,
    });
    expect(answer.body.code).toBe(0);
    expect(answer.body.data!.refreshToken).not.toBe(first.refreshToken);
    expect((await get(t.app, '/user/info', answer.body.data!.accessToken)).body.code).toBe(0);
    const again = await post(t.app, '/auth/refresh', { refreshToken: answer.body.data!.refreshToken });
    expect(again.body.code).toBe(0);
  });

  it('revokes the whole session when a rotated refresh token is presented again', async () => {
    const first = await loginAs(t.app, alice.userid);
    const rotated = await post<{ accessToken: string; refreshToken: string }>(t.app, '/auth/refresh', {
      refreshToken: first.refreshToken,
    });
    const reuse = await post(t.app, '/auth/refresh', { refreshToken: first.refreshToken });
    expect(reuse.body).toMatchObject({ code: 40000, data: null });
    // The thief's replay also locks out the holder of the newest pair: the session is gone.
    expect((await get(t.app, '/user/info', rotated.body.data!.accessToken)).body.code).toBe(40000);
    expect((await post(t.app, '/auth/refresh', { refreshToken: rotated.body.data!.refreshToken })).body.code).toBe(
      40000,
    );
    const sessionId = sessionIdOf(first.accessToken);
    const session = await t.pool.query('SELECT revoked_reason FROM sessions WHERE id = $1', [sessionId]);
    expect(session.rows[0]).toEqual({ revoked_reason: 'refresh token reused' });
  });

  it('refuses an unknown or missing refresh token and changes nothing', async () => {
    const before = await databaseState(t.pool);
    expect((await post(t.app, '/auth/refresh', { refreshToken: 'x'.repeat(43) })).body.code).toBe(40000);
    expect((await post(t.app, '/auth/refresh', {})).body).toMatchObject({ code: 2014 });
    expect(await databaseState(t.pool)).toEqual(before);
  });

  it('refuses a refresh token whose session expired', async () => {
    const session = await loginAs(t.app, alice.userid);
    t.clock.advance(t.config.refreshTokenTtlSeconds * 1000 + 1000);
    expect((await post(t.app, '/auth/refresh', { refreshToken: session.refreshToken })).body.code).toBe(40000);
  });
});

describe('rate limits', () => {
  it('answers 429 with the envelope once the login limit is used up', async () => {
    const limited = await createTestApp({ config: { rateLimits: { login: { max: 2, windowMs: 60_000 } } } });
    try {
      for (let i = 0; i < 2; i++)
        expect((await post(limited.app, '/auth/login', { userid: 'a@b.co', password: 'x' })).status).toBe(200);
      const blocked = await post(limited.app, '/auth/login', { userid: 'a@b.co', password: 'x' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({
        code: 1004,
        message: 'Too many requests. Please wait a moment and try again.',
        data: null,
      });
      // Other routes have their own budget.
      expect((await get(limited.app, '/server/serverTime')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
