import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress } from 'viem';
import { withdrawals } from '@tickline/db';
import { get, post } from '../helpers/test-app.ts';
import { freshAddress } from './helpers/test-chain.ts';
import { expectTestLedgerInvariants } from './helpers/test-ledger.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

let t: WalletTestApp;
const USDT = 1_000_000;

beforeAll(async () => {
  t = await createWalletTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('POST /withdraw/register', () => {
  it('refuses bad requests with their codes and writes nothing', async () => {
    const user = await t.member();
    const other = await t.member();
    t.ledger.fund(user.userId, 100 * USDT);
    const lower = freshAddress().toLowerCase();
    const badChecksum = lower.slice(0, 2) + lower.slice(2).replace(/[a-f]/, (c) => c.toUpperCase());
    const cases: Array<[object, number]> = [
      [{ walletAddress: '', amount: 20 }, 5201],
      [{ walletAddress: freshAddress(), amount: '' }, 5202],
      [{ walletAddress: '0x1234', amount: 20 }, 5203],
      [{ walletAddress: badChecksum, amount: 20 }, 5203],
      [{ walletAddress: '0x0000000000000000000000000000000000000000', amount: 20 }, 5203],
      [{ walletAddress: other.address, amount: 20 }, 5204],
      [{ walletAddress: user.address.toLowerCase(), amount: 20 }, 5204],
      [{ walletAddress: t.wallet.hotWalletAddress, amount: 20 }, 5204],
      [{ walletAddress: freshAddress(), amount: '10.5' }, 5205],
      [{ walletAddress: freshAddress(), amount: 10.5 }, 5205],
      [{ walletAddress: freshAddress(), amount: 9 }, 5206],
      [{ walletAddress: freshAddress(), amount: '1000001' }, 5207],
      [{ walletAddress: freshAddress(), amount: '-20' }, 5001],
      [{ walletAddress: freshAddress(), amount: 96 }, 5002], // 96 + 5 fee > 100
    ];
    for (const [body, code] of cases) {
      const answer = await post(t.app, '/withdraw/register', body, user.accessToken);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
    }
    expect((await t.pool.query('SELECT count(*)::int AS n FROM withdrawals')).rows[0].n).toBe(0);
    expect(t.ledger.spot(user.userId)).toBe(100 * USDT);
  });

  it('needs verified KYC and waits 24 hours after a password change', async () => {
    const pending = await t.member({ kyc: 3 });
    t.ledger.fund(pending.userId, 100 * USDT);
    expect(
      (await post(t.app, '/withdraw/register', { walletAddress: freshAddress(), amount: 20 }, pending.accessToken)).body
        .code,
    ).toBe(5209);

    const changed = await t.member();
    t.ledger.fund(changed.userId, 100 * USDT);
    await t.pool.query('UPDATE users SET withdrawals_blocked_until = $2 WHERE id = $1', [
      changed.userId,
      new Date(t.clock.now() + 60_000),
    ]);
    expect(
      (await post(t.app, '/withdraw/register', { walletAddress: freshAddress(), amount: 20 }, changed.accessToken)).body
        .code,
    ).toBe(5210);
    t.clock.advance(61_000);
    expect(
      (await post(t.app, '/withdraw/register', { walletAddress: freshAddress(), amount: 20 }, changed.accessToken)).body
        .code,
    ).toBe(0);
  });

  it('holds amount + fee at once, lists it as WAIT, and gives it back on cancel', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 50 * USDT);
    const to = freshAddress();
    const answer = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: to.toLowerCase(), amount: '30' },
      user.accessToken,
    );
    expect(answer.body).toMatchObject({ code: 0, message: 'Successfully registered.' });
    expect(t.ledger.spot(user.userId)).toBe(15 * USDT);
    expect(t.ledger.hold(user.userId)).toBe(35 * USDT);
    const list = await get<{ withdraws: Array<Record<string, unknown>> }>(t.app, '/withdraw/lookup', user.accessToken);
    expect(list.body.data!.withdraws).toEqual([
      expect.objectContaining({
        no: answer.body.data!.no,
        amount: 30,
        fee: 5,
        walletAddress: getAddress(to),
        status: 1,
        txHash: null,
      }),
    ]);

    expect((await post(t.app, '/withdraw/cancel', { no: answer.body.data!.no }, user.accessToken)).body.code).toBe(0);
    expect((await post(t.app, '/withdraw/cancel', { no: answer.body.data!.no }, user.accessToken)).body.code).toBe(
      5212,
    );
    expect(t.ledger.spot(user.userId)).toBe(50 * USDT);
    expect(t.ledger.hold(user.userId)).toBe(0);
    const after = await get<{ withdraws: Array<{ status: number }> }>(t.app, '/withdraw/lookup', user.accessToken);
    expect(after.body.data!.withdraws[0]!.status).toBe(3);
    expectTestLedgerInvariants(t.ledger);
  });

  it('lets nobody cancel another user’s withdrawal', async () => {
    const owner = await t.member();
    const intruder = await t.member();
    t.ledger.fund(owner.userId, 50 * USDT);
    const { body } = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: freshAddress(), amount: 20 },
      owner.accessToken,
    );
    expect((await post(t.app, '/withdraw/cancel', { no: body.data!.no }, intruder.accessToken)).body.code).toBe(5211);
    expect((await withdrawals.findWithdrawal(t.pool, body.data!.no))!.status).toBe(1);
  });

  it('keeps each user within 1,000,000 USDT a rolling day', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 3_000_000 * USDT);
    const send = (amount: number) =>
      post(t.app, '/withdraw/register', { walletAddress: freshAddress(), amount }, user.accessToken);
    expect((await send(600_000)).body.code).toBe(0);
    expect((await send(400_000)).body.code).toBe(0);
    expect((await send(10)).body.code).toBe(5208);
    // A day later (the requests moved back rather than the clock forward: the session would expire).
    await t.pool.query(
      "UPDATE withdrawals SET inserted_at = inserted_at - interval '24 hours 1 second' WHERE user_id = $1",
      [user.userId],
    );
    expect((await send(10)).body.code).toBe(0);
  });

  it('accepts exactly one of 200 concurrent withdrawals of the full balance', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 105 * USDT);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        post(t.app, '/withdraw/register', { walletAddress: freshAddress(), amount: 100 }, user.accessToken),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c !== 0).every((c) => c === 5002)).toBe(true);
    expect(t.ledger.spot(user.userId)).toBe(0);
    expect(t.ledger.hold(user.userId)).toBe(105 * USDT);
    const rows = await t.pool.query('SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [user.userId]);
    expect(rows.rows[0].n).toBe(1);
    expectTestLedgerInvariants(t.ledger);
  });
});
