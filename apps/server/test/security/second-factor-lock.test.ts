/**
 * Wrong second-factor codes are counted per account on every route that takes one (#27 item 1): after
 * SECOND_FACTOR_LIMIT's number of wrong codes every code waits (a right one too), the user gets an alarm and a line in
 * the security history, and the count is in PostgreSQL, so a second API node on the same database sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type LoginAnswer, type SecurityOverview } from '@tickline/protocol';
import { buildApp } from '../../src/http/build-app.ts';
import { totpCode } from '../../src/services/auth/totp.ts';
import { get, loginAs, post } from '../helpers/test-app.ts';
import { enableTwoFactor } from '../helpers/two-factor.ts';
import { freshAddress } from '../wallet/helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from '../wallet/helpers/wallet-app.ts';

const USDT = 1_000_000;
const LOCK_MS = 900_000; // the default SECOND_FACTOR_LIMIT, 5/900
const { TOTP_INVALID, SECOND_FACTOR_LOCKED } = Errors;

let t: WalletTestApp;
beforeAll(async () => {
  t = await createWalletTestApp({ hotWalletUsdt: 10_000 });
});
afterAll(async () => {
  await t?.close();
});

/** A funded member with two-factor on, and its current code and a code that is certainly wrong. */
async function memberWithTwoFactor() {
  const user = await t.member();
  t.ledger.fund(user.userId, 1_000 * USDT);
  const { secret, code } = await enableTwoFactor(t, user.accessToken);
  t.clock.advance(30_000); // the enabling code's step is spent
  const wrong = () => {
    const near = [-30_000, 0, 30_000].map((offset) => totpCode(secret, t.clock.now() + offset));
    let guess = 100_000;
    while (near.includes(String(guess))) guess += 1;
    return String(guess);
  };
  return { ...user, code, wrong };
}

async function withdrawalCount(userId: number): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]!.n;
}

describe('wrong second-factor codes, per account', () => {
  it('lock withdrawals after five, refuse a right code during the lock, warn the user, and open again', async () => {
    const user = await memberWithTwoFactor();
    const to = freshAddress();
    const withdraw = (otp: string) =>
      post(t.app, '/withdraw/register', { walletAddress: to, amount: 20, otp }, user.accessToken);

    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await withdraw(user.wrong())).body.code);
    expect(codes).toEqual(Array(5).fill(TOTP_INVALID.code));
    const locked = await withdraw(user.code());
    expect(locked.body.code).toBe(SECOND_FACTOR_LOCKED.code);
    expect(locked.body.message).toMatch(/try again in 900 seconds/);
    expect(locked.body.data).toEqual({ retryAfterSeconds: 900 });
    expect(await withdrawalCount(user.userId)).toBe(0);

    const alarms = await get<Array<{ content: string }>>(t.app, '/alarm/lookup', user.accessToken);
    expect(alarms.body.data!.filter((alarm) => /5 wrong two-factor codes/.test(alarm.content))).toHaveLength(1);
    const security = await get<SecurityOverview>(t.app, '/user/security', user.accessToken);
    expect(security.body.data!.logins.map((login) => login.outcome)).toContain('code_locked');

    // The session's access token outlives no lock: the end of the lock is seen from the sign-in, which takes a code too.
    const signIn = (otp: string) =>
      post<LoginAnswer>(t.app, '/auth/login', { userid: user.userid, password: user.password, otp });
    t.clock.advance(LOCK_MS - 1_000);
    expect((await signIn(user.code())).body.code).toBe(SECOND_FACTOR_LOCKED.code);
    t.clock.advance(1_000);
    const session = await signIn(user.code());
    expect(session.body.code).toBe(0);
    t.clock.advance(30_000);
    const answer = await post(
      t.app,
      '/withdraw/register',
      { walletAddress: to, amount: 20, otp: user.code() },
      session.body.data!.accessToken,
    );
    expect(answer.body.code).toBe(0);
    expect(await withdrawalCount(user.userId)).toBe(1);
  });

  it('counts wrong codes of every route together: disable, whitelist add and toggle, sign-in', async () => {
    const user = await memberWithTwoFactor();
    const token = user.accessToken;
    expect((await post(t.app, '/user/whitelist/toggle', { enabled: true, otp: '' }, token)).body.code).toBe(0);
    const address = freshAddress();
    const attempts = [
      () => post(t.app, '/user/totp/disable', { code: user.wrong() }, token),
      () => post(t.app, '/user/whitelist/add', { address, label: 'x', otp: user.wrong() }, token),
      () => post(t.app, '/user/whitelist/toggle', { enabled: false, otp: user.wrong() }, token),
      () => post(t.app, '/user/totp/disable', { code: user.wrong() }, token),
    ];
    for (const attempt of attempts) expect((await attempt()).body.code).toBe(TOTP_INVALID.code);
    const signIn = await post<LoginAnswer>(t.app, '/auth/login', {
      userid: user.userid,
      password: user.password,
      otp: user.wrong(),
    });
    expect(signIn.body.code).toBe(TOTP_INVALID.code);

    // Now locked everywhere, the right code included.
    const rightOnes = [
      () => post(t.app, '/user/totp/disable', { code: user.code() }, token),
      () => post(t.app, '/user/whitelist/add', { address, label: 'x', otp: user.code() }, token),
      () => post(t.app, '/user/whitelist/toggle', { enabled: false, otp: user.code() }, token),
      () => post(t.app, '/auth/login', { userid: user.userid, password: user.password, otp: user.code() }),
    ];
    for (const attempt of rightOnes) expect((await attempt()).body.code).toBe(SECOND_FACTOR_LOCKED.code);
    const state = await t.pool.query<{ totp_secret: string | null; whitelist_enabled: boolean }>(
      'SELECT totp_secret, whitelist_enabled FROM users WHERE id = $1',
      [user.userId],
    );
    expect(state.rows[0]!.totp_secret).not.toBeNull();
    expect(state.rows[0]!.whitelist_enabled).toBe(true);
  });

  it('is shared by every API node on the database', async () => {
    const user = await memberWithTwoFactor();
    const secondNode = await buildApp({
      config: t.config,
      pool: t.pool,
      secrets: t.app.context.secrets,
      services: { trading: t.app.context.services.trading, wallet: t.wallet },
      clock: t.clock,
    });
    try {
      const nodes = [t.app, secondNode];
      const to = freshAddress();
      for (let i = 0; i < 5; i++) {
        const answer = await post(
          nodes[i % 2]!,
          '/withdraw/register',
          {
            walletAddress: to,
            amount: 20,
            otp: user.wrong(),
          },
          user.accessToken,
        );
        expect(answer.body.code).toBe(TOTP_INVALID.code);
      }
      for (const node of nodes) {
        const answer = await post(
          node,
          '/withdraw/register',
          { walletAddress: to, amount: 20, otp: user.code() },
          user.accessToken,
        );
        expect(answer.body.code).toBe(SECOND_FACTOR_LOCKED.code);
      }
    } finally {
      await secondNode.close();
    }
  });

  it('forgets the count at a right code', async () => {
    const user = await memberWithTwoFactor();
    const session = await loginAs(t.app, user.userid, user.password).catch(() => null);
    expect(session).toBeNull(); // two-factor asks for the code
    const disable = (code: string) => post(t.app, '/user/totp/disable', { code }, user.accessToken);
    for (let i = 0; i < 4; i++) expect((await disable(user.wrong())).body.code).toBe(TOTP_INVALID.code);
    const toggle = await post(t.app, '/user/whitelist/toggle', { enabled: true, otp: '' }, user.accessToken);
    expect(toggle.body.code).toBe(0);
    const add = await post(
      t.app,
      '/user/whitelist/add',
      {
        address: freshAddress(),
        label: '',
        otp: user.code(),
      },
      user.accessToken,
    );
    expect(add.body.code).toBe(0);
    t.clock.advance(30_000);
    for (let i = 0; i < 4; i++) expect((await disable(user.wrong())).body.code).toBe(TOTP_INVALID.code);
    expect((await disable(user.code())).body.code).toBe(0);
  });
});
