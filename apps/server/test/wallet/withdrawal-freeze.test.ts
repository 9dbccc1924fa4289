/**
 * An operator freezes a user's withdrawals (#16 item 4): new requests are refused with WITHDRAWALS_FROZEN, and a
 * request already waiting is sent neither by an operator nor by the automatic approval until it is unfrozen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import { post } from '../helpers/test-app.ts';
import { freshAddress, usdt } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

let t: WalletTestApp;
const USDT = 1_000_000;

beforeAll(async () => {
  t = await createWalletTestApp({ chainConfig: { withdrawAutoApproveMax: 50 * USDT } });
});
afterAll(async () => {
  await t?.close();
});

describe('frozen withdrawals', () => {
  it('refuses new requests, holds a waiting one back from operators and the automatic approval, and lets go after unfreezing', async () => {
    const user = await t.member();
    const operator = await t.member({ role: 'operator' });
    t.ledger.fund(user.userId, 500 * USDT);
    const to = freshAddress();
    // Above the automatic approval's 50 USDT: it waits for an operator.
    const waiting = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: to, amount: 100 },
      user.accessToken,
    );
    expect(waiting.body.code).toBe(0);

    const freeze = (path: string, reason: string) =>
      post(t.app, path, { userNo: user.userId, withdrawals: true, reason }, operator.accessToken);
    expect((await freeze('/admin/users/freeze', 'Address on a sanctions list')).body).toMatchObject({
      code: 0,
      data: { trading: false, withdrawals: true },
    });

    const small = await post(t.app, '/withdraw/register', { walletAddress: to, amount: 20 }, user.accessToken);
    expect(small.body).toEqual({
      code: Errors.WITHDRAWALS_FROZEN.code,
      message: Errors.WITHDRAWALS_FROZEN.message,
      data: null,
    });
    expect(t.ledger.spot(user.userId)).toBe(500 * USDT - 105 * USDT); // only the first request is held

    const approve = await post(
      t.app,
      '/admin/withdrawals/approve',
      { no: waiting.body.data!.no },
      operator.accessToken,
    );
    expect(approve.body.code).toBe(Errors.WITHDRAWALS_FROZEN.code);
    expect((await withdrawals.findWithdrawal(t.pool, waiting.body.data!.no))!.status).toBe(1);

    // A small request that slipped in before the freeze is skipped by the automatic approval, not sent.
    await t.pool.query('UPDATE users SET withdrawals_frozen_at = NULL WHERE id = $1', [user.userId]);
    const slipped = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: to, amount: 20 },
      user.accessToken,
    );
    await t.pool.query('UPDATE users SET withdrawals_frozen_at = now() WHERE id = $1', [user.userId]);
    await t.wallet.desk.tick();
    expect((await withdrawals.findWithdrawal(t.pool, slipped.body.data!.no))!.status).toBe(1);
    expect(await t.chain.balanceOf(to)).toBe(0n);

    expect((await freeze('/admin/users/unfreeze', 'Cleared by compliance')).body.code).toBe(0);
    await t.wallet.desk.tick();
    expect((await withdrawals.findWithdrawal(t.pool, slipped.body.data!.no))!.status).toBe(2);
    expect(
      (await post(t.app, '/admin/withdrawals/approve', { no: waiting.body.data!.no }, operator.accessToken)).body.code,
    ).toBe(0);
    expect(await t.chain.balanceOf(to)).toBe(usdt(120));
    expect(
      (await post(t.app, '/withdraw/register', { walletAddress: to, amount: 20 }, user.accessToken)).body.code,
    ).toBe(0);
  });
});
