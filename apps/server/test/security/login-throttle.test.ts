/**
 * Login is throttled per account as well as per client address: after a few failures each further attempt on the
 * account waits a growing delay (capped, so an attacker cannot lock the user out for long), whatever address it
 * comes from, and the user gets an alarm.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type LoginAnswer } from '@tickline/protocol';
import { createTestApp, get, loginAs, registerUser, type RegisteredUser, type TestApp } from '../helpers/test-app.ts';

const LOGIN_FAILED = Errors.LOGIN_FAILED.code;

let t: TestApp;
let victim: RegisteredUser;

beforeAll(async () => {
  t = await createTestApp();
  victim = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A login from its own client address (the per-address limit never applies). */
let nextAddress = 1;
async function loginFromNewAddress(userid: string, password: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userid, password },
    remoteAddress: `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
  });
  return response.json<{ code: number; message: string; data: LoginAnswer }>();
}

describe('per-account login throttle', () => {
  it('makes guesses from many addresses wait, tells the user, and lets the user in after the delay', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await loginFromNewAddress(victim.userid, `wrong-${i}`)).code);
    // Five free failures, then every attempt inside the delay is refused without checking the password.
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(LOGIN_FAILED));
    expect(codes.slice(5)).toEqual(Array(5).fill(Errors.LOGIN_THROTTLED.code));
    const throttled = await loginFromNewAddress(victim.userid, victim.password);
    expect(throttled.code).toBe(Errors.LOGIN_THROTTLED.code);
    expect(throttled.data.accessToken).toBe('');
    expect(throttled.data.errorMessage).toMatch(/try again in \d+ seconds?/i);

    // The first delay is one second; a failure then doubles it.
    t.clock.advance(1_000);
    expect((await loginFromNewAddress(victim.userid, 'wrong-again')).code).toBe(LOGIN_FAILED);
    t.clock.advance(1_000);
    expect((await loginFromNewAddress(victim.userid, victim.password)).code).toBe(Errors.LOGIN_THROTTLED.code);
    t.clock.advance(1_000);
    const session = await loginAs(t.app, victim.userid, victim.password);
    const alarms = await get<Array<{ content: string }>>(t.app, '/alarm/lookup', session.accessToken);
    expect(alarms.body.data!.some((alarm) => /failed sign-in attempts/.test(alarm.content))).toBe(true);

    // A success clears the count.
    expect((await loginFromNewAddress(victim.userid, 'wrong')).code).toBe(LOGIN_FAILED);
  });

  it('caps the delay at a minute however long the attack goes on', async () => {
    const target = await registerUser(t.app);
    for (let i = 0; i < 40; i++) {
      await loginFromNewAddress(target.userid, `wrong-${i}`);
      t.clock.advance(60_000);
    }
    expect((await loginFromNewAddress(target.userid, target.password)).code).toBe(0);
  });

  it('throttles unknown accounts alike, so answers do not reveal which accounts exist', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await loginFromNewAddress('nobody-here@example.com', 'guess')).code);
    expect(codes.slice(5)).toEqual([Errors.LOGIN_THROTTLED.code, Errors.LOGIN_THROTTLED.code]);
  });
});

describe('behind a proxy without TRUST_PROXY', () => {
  it('warns once, at the first proxied request', async () => {
    const lines: string[] = [];
    const { buildApp, loggerOptions } = await import('../../src/http/build-app.ts');
    const app = await buildApp({
      config: t.config,
      pool: t.pool,
      secrets: t.app.context.secrets,
      services: { trading: t.app.context.services.trading },
      logger: loggerOptions({ ...t.config, logLevel: 'warn' }, { write: (line: string) => lines.push(line) }),
    });
    try {
      await app.inject({ method: 'GET', url: '/api/v1/server/serverTime' });
      expect(lines.join('')).not.toContain('TRUST_PROXY');
      for (let i = 0; i < 2; i++)
        await app.inject({
          method: 'GET',
          url: '/api/v1/server/serverTime',
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
      expect(lines.filter((line) => line.includes('TRUST_PROXY is off'))).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
