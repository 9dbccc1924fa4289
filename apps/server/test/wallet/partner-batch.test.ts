import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/test-app.ts';
import { freshAddress, usdt } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

let t: WalletTestApp;
const USDT = 1_000_000;

beforeAll(async () => {
  t = await createWalletTestApp({ hotWalletUsdt: 1_000 });
});
afterAll(async () => {
  await t?.close();
});

describe("partners' withdrawals in the 22:00 KST batch", () => {
  it('are registered by partners only, wait for the batch, then go out and complete on chain', async () => {
    const member = await t.member();
    t.ledger.fund(member.userId, 100 * USDT);
    const body = { amount: 20, walletAddress: freshAddress() };
    expect((await post(t.app, '/withdraw/registerWithdrawManager', body, member.accessToken)).body.code).toBe(6001);

    const partner = await t.member({ level: 3 });
    t.ledger.fund(partner.userId, 100 * USDT);
    const registered = await post(t.app, '/withdraw/registerWithdrawManager', body, partner.accessToken);
    expect(registered.body).toMatchObject({ code: 0, message: 'Withdrawal request has been completed.' });
    const lookup = () =>
      get<Array<{ status: number; amount: number; walletAddress: string }>>(
        t.app,
        '/withdraw/withdrawManagerLookup',
        partner.accessToken,
      );
    expect((await lookup()).body.data).toEqual([
      expect.objectContaining({ status: 1, amount: 20, walletAddress: body.walletAddress }),
    ]);
    // The desk's regular pass does not send it: only the batch does.
    await t.wallet.desk.tick();
    expect(await t.chain.balanceOf(body.walletAddress as `0x${string}`)).toBe(0n);
    expect(await t.wallet.desk.sendBatch()).toBe(1);
    expect(await t.wallet.desk.sendBatch()).toBe(0);
    expect(await t.chain.balanceOf(body.walletAddress as `0x${string}`)).toBe(usdt(20));
    expect((await lookup()).body.data![0]!.status).toBe(1); // sent, not yet final
    await t.chain.mine(2);
    await t.wallet.desk.tick();
    expect((await lookup()).body.data![0]!.status).toBe(2);
    expect((await get<unknown[]>(t.app, '/withdraw/withdrawManagerLookup', member.accessToken)).body.code).toBe(6001);
  });
});
