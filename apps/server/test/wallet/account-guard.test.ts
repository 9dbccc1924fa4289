import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, post } from '../helpers/test-app.ts';
import { enableTwoFactor } from '../helpers/two-factor.ts';
import { freshAddress } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

// The account's own protections on a withdrawal (#17): the address whitelist and the two-factor code.

let t: WalletTestApp;
const USDT = 1_000_000;
const DAY_MS = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await createWalletTestApp({ hotWalletUsdt: 10_000 });
});
afterAll(async () => {
  await t?.close();
});

async function heldTotal(userId: number): Promise<number> {
  const { rows } = await t.pool.query<{ count: string }>('SELECT count(*) FROM withdrawals WHERE user_id = $1', [
    userId,
  ]);
  return Number(rows[0]!.count);
}

describe('a withdrawal with the whitelist on', () => {
  it('goes only to an address on it, added at least 24 h before', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 1_000 * USDT);
    const listed = freshAddress();
    const elsewhere = freshAddress();
    let token = user.accessToken;
    const withdraw = (walletAddress: string) => post(t.app, '/withdraw/register', { walletAddress, amount: 20 }, token);
    expect(
      (await post(t.app, '/user/whitelist/add', { address: listed, label: 'Mine' }, user.accessToken)).body.code,
    ).toBe(0);
    expect((await post(t.app, '/user/whitelist/toggle', { enabled: true }, user.accessToken)).body.code).toBe(0);

    expect((await withdraw(elsewhere)).body.code).toBe(2052);
    expect((await withdraw(listed)).body.code).toBe(2053);
    expect(await heldTotal(user.userId)).toBe(0);
    expect(t.ledger.spot(user.userId)).toBe(1_000 * USDT);

    t.clock.advance(DAY_MS);
    token = (await loginAs(t.app, user.userid, user.password)).accessToken; // a day later: a new session
    expect((await withdraw(listed)).body.code).toBe(0);
    expect((await withdraw(elsewhere)).body.code).toBe(2052);
    expect(await heldTotal(user.userId)).toBe(1);
  });
});

describe('a withdrawal with two-factor on', () => {
  it('needs a current code, used once', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 1_000 * USDT);
    const { code } = await enableTwoFactor(t, user.accessToken);
    const to = freshAddress();
    const withdraw = (otp?: string) =>
      post(t.app, '/withdraw/register', { walletAddress: to, amount: 20, otp }, user.accessToken);

    expect((await withdraw()).body.code).toBe(2040);
    expect((await withdraw('111111')).body.code).toBe(2041);
    expect(await heldTotal(user.userId)).toBe(0);
    t.clock.advance(30_000);
    const current = code();
    expect((await withdraw(current)).body.code).toBe(0);
    expect((await withdraw(current)).body.code).toBe(2041);
    expect(await heldTotal(user.userId)).toBe(1);
  });
});
