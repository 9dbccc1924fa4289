// End to end through the trading core: deposits credited and withdrawals held, released and paid out by the engine's
// wallet commands through the sequencer, on a real anvil and PostgreSQL; the ledger invariants checked in SQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { localCommandGateway } from '../../src/app/engine/command-gateway.ts';
import { SequencerWalletLedger } from '../../src/app/wallet/sequencer-ledger.ts';
import { get, post } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from '../trading/helpers/ledger-invariants.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';
import { usdt } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

let trading: TradingTestApp;
let t: WalletTestApp<SequencerWalletLedger>;

const spotOf = async (token: string) => (await get<{ bsc: number }>(t.app, '/user/balance', token)).body.data!.bsc;

beforeAll(async () => {
  trading = await createTradingTestApp();
  t = await createWalletTestApp({
    base: { testApp: trading, ledger: new SequencerWalletLedger(localCommandGateway(trading.sequencer)) },
  });
});

afterAll(async () => {
  await t?.wallet.stop();
  await trading?.close();
  await t?.chain.stop();
});

describe('the wallet through the sequencer', () => {
  it('credits a final deposit once into the spot wallet and takes it back when its block leaves the chain', async () => {
    const user = await t.member();
    const snapshot = await t.chain.control.snapshot();
    await t.chain.send(user.address as `0x${string}`, usdt(300));
    await t.wallet.watcher.tick();
    expect(await spotOf(user.accessToken)).toBe(0);
    await t.chain.mine(1);
    await t.wallet.watcher.tick();
    await t.wallet.watcher.tick();
    expect(await spotOf(user.accessToken)).toBe(300);
    await expectLedgerInvariants(t.pool);

    await t.chain.control.revert({ id: snapshot });
    await t.chain.mine(5);
    await t.wallet.watcher.tick();
    expect(await spotOf(user.accessToken)).toBe(0);
    const lookup = await get<{ deposits: Array<{ status: number }> }>(t.app, '/deposit/lookup', user.accessToken);
    expect(lookup.body.data!.deposits.map((d) => d.status)).toEqual([3]);
    await expectLedgerInvariants(t.pool);
  });

  it('holds, refuses, approves and pays out a withdrawal; 200 concurrent requests for the full balance hold once', async () => {
    const user = await t.member();
    const operator = await t.member({ role: 'operator' });
    await t.chain.send(user.address as `0x${string}`, usdt(1_000));
    await t.chain.mine(2);
    await t.wallet.watcher.tick();
    expect(await spotOf(user.accessToken)).toBe(1_000);

    const to = privateKeyToAccount(generatePrivateKey()).address;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        post<{ no: number }>(t.app, '/withdraw/register', { walletAddress: to, amount: 995 }, user.accessToken),
      ),
    );
    const accepted = answers.filter((a) => a.body.code === 0);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === 5002)).toHaveLength(199);
    expect(await spotOf(user.accessToken)).toBe(0);
    const no = accepted[0]!.body.data!.no;

    expect(
      (await post(t.app, '/admin/withdrawals/refuse', { no, reason: 'check' }, operator.accessToken)).body.code,
    ).toBe(0);
    expect(await spotOf(user.accessToken)).toBe(1_000);
    const again = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: to, amount: 500 },
      user.accessToken,
    );
    expect(
      (await post(t.app, '/admin/withdrawals/approve', { no: again.body.data!.no }, operator.accessToken)).body.code,
    ).toBe(0);
    await t.wallet.desk.tick(); // a broadcast whose answer was lost is sent again (same bytes) by the desk
    expect(await t.chain.balanceOf(to)).toBe(usdt(500));
    expect(await spotOf(user.accessToken)).toBe(495);
    const fees = await t.pool.query<{ balance: number }>(
      "SELECT balance FROM house_balances WHERE id = 'house:fee_revenue'",
    );
    expect(fees.rows[0]!.balance).toBe(5_000_000);
    await expectLedgerInvariants(t.pool);
  });
});
