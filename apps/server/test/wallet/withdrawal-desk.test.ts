import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainWatch, findFreePort, operatorAudit, withdrawals } from '@tickline/db';
import type { Hex } from 'viem';
import { WalletAlerts } from '../../src/app/wallet/alerts.ts';
import { WithdrawalDesk } from '../../src/app/wallet/withdrawal-desk.ts';
import { chainReader } from '../../src/services/chain/client.ts';
import { HotWallet } from '../../src/services/chain/hot-wallet.ts';
import { get, post } from '../helpers/test-app.ts';
import { freshAddress, TEST_CHAIN_ID, usdt } from './helpers/test-chain.ts';
import { expectTestLedgerInvariants } from './helpers/test-ledger.ts';
import { createWalletTestApp, hotWalletKey, type WalletTestApp } from './helpers/wallet-app.ts';

let t: WalletTestApp;
let operator: { userId: number; accessToken: string };
const USDT = 1_000_000;

/** A desk as a (re)started server builds it; `broadcastTo` another endpoint makes broadcasts fail. */
function desk(options: { broadcastTo?: string; autoApproveMax?: number } = {}): WithdrawalDesk {
  const reader = chainReader(TEST_CHAIN_ID, t.chain.rpcUrl);
  const broadcaster = options.broadcastTo ? chainReader(TEST_CHAIN_ID, options.broadcastTo) : reader;
  return new WithdrawalDesk({
    pool: t.pool,
    ledger: t.ledger,
    hotWallet: new HotWallet(reader, hotWalletKey(), TEST_CHAIN_ID, t.chain.token, broadcaster),
    alerts: new WalletAlerts(t.pool, t.clock, () => undefined),
    clock: t.clock,
    confirmations: 2,
    autoApproveMax: options.autoApproveMax ?? 0,
    resendAfterMs: 0,
  });
}

/** The audit log's entries about one withdrawal, oldest first. */
async function auditOf(no: number) {
  const page = await operatorAudit.searchOperatorActions(t.pool, { targetType: 'withdrawal', targetId: no }, 1, 50);
  return page.rows.reverse();
}

async function requestWithdrawal(amount: number, to = freshAddress()) {
  const user = await t.member();
  t.ledger.fund(user.userId, (amount + 5) * USDT);
  const { body } = await post<{ no: number }>(
    t.app,
    '/withdraw/register',
    { walletAddress: to, amount },
    user.accessToken,
  );
  expect(body.code).toBe(0);
  return { user, no: body.data!.no, to };
}

beforeAll(async () => {
  t = await createWalletTestApp({ hotWalletUsdt: 10_000 });
  operator = await t.member({ role: 'operator' });
});

afterAll(async () => {
  await t?.close();
});

describe('withdrawal approval on a real anvil', () => {
  it('signs, stores, sends and mines an approved withdrawal: the address receives the amount, the fee stays', async () => {
    const { user, no, to } = await requestWithdrawal(120);
    const queue = await get<{
      withdrawals: Array<{ no: number; status: number; userId: number; userid: string }>;
      hotWallet: { balance: number; waitingTotal: number; covered: boolean };
    }>(t.app, '/admin/withdrawals?status=1', operator.accessToken);
    expect(queue.body.data!.withdrawals.map((w) => w.no)).toContain(no);
    // Who asked, by login email as well as by number.
    expect(queue.body.data!.withdrawals.find((w) => w.no === no)).toMatchObject({
      userId: user.userId,
      userid: user.userid,
    });
    // The hot wallet beside the queue: 10,000 USDT against the waiting amounts (this one's 120 among them).
    expect(queue.body.data!.hotWallet).toMatchObject({ balance: 10_000, covered: true });
    expect(queue.body.data!.hotWallet.waitingTotal).toBeGreaterThanOrEqual(120);

    const answer = await post<{ txHash: Hex }>(t.app, '/admin/withdrawals/approve', { no }, operator.accessToken);
    expect(answer.body.code).toBe(0);
    const row = (await withdrawals.findWithdrawal(t.pool, no))!;
    expect(row).toMatchObject({
      status: 2,
      txHash: answer.body.data!.txHash,
      ledgerSent: true,
      decidedBy: operator.userId,
    });
    expect(row.rawTx).toMatch(/^0x/);
    expect(await t.chain.balanceOf(to)).toBe(usdt(120));
    expect(t.ledger.hold(user.userId)).toBe(0);
    expect(t.ledger.balance('house:fee_revenue')).toBeGreaterThanOrEqual(5 * USDT);
    expect(await auditOf(no)).toEqual([
      expect.objectContaining({
        operatorId: operator.userId,
        action: 'withdrawal.approve',
        previous: { status: 1 },
        next: expect.objectContaining({ status: 2, txHash: answer.body.data!.txHash }),
        clientAddress: '127.0.0.1',
      }),
    ]);
    const mine = await get<{ withdraws: Array<{ status: number; txHash: string }> }>(
      t.app,
      '/withdraw/lookup',
      user.accessToken,
    );
    expect(mine.body.data!.withdraws[0]).toMatchObject({ status: 2, txHash: answer.body.data!.txHash });

    await t.chain.mine(2);
    await t.wallet.desk.tick();
    expect((await withdrawals.findWithdrawal(t.pool, no))!.chainState).toBe('confirmed');
    const sent = await get<{ withdrawals: Array<{ no: number; txHash: string; confirmations: number | null }> }>(
      t.app,
      '/admin/withdrawals?status=2',
      operator.accessToken,
    );
    expect(sent.body.data!.withdrawals.find((w) => w.no === no)).toMatchObject({
      txHash: answer.body.data!.txHash,
      confirmations: expect.any(Number),
    });
    expect(sent.body.data!.withdrawals.find((w) => w.no === no)!.confirmations).toBeGreaterThanOrEqual(3);
    expect((await post(t.app, '/admin/withdrawals/approve', { no }, operator.accessToken)).body.code).toBe(5212);
    expectTestLedgerInvariants(t.ledger);
  });

  it('refuses with a reason, giving the hold back', async () => {
    const { user, no } = await requestWithdrawal(40);
    expect((await post(t.app, '/admin/withdrawals/refuse', { no, reason: ' ' }, operator.accessToken)).body.code).toBe(
      5214,
    );
    expect(
      (
        await post(
          t.app,
          '/admin/withdrawals/refuse',
          { no, reason: 'address on a sanctions list' },
          operator.accessToken,
        )
      ).body.code,
    ).toBe(0);
    expect(t.ledger.spot(user.userId)).toBe(45 * USDT);
    expect(await auditOf(no)).toEqual([
      expect.objectContaining({
        operatorId: operator.userId,
        action: 'withdrawal.refuse',
        next: { status: 4 },
        reason: 'address on a sanctions list',
      }),
    ]);
    const mine = await get<{ withdraws: Array<{ status: number; reason: string }> }>(
      t.app,
      '/withdraw/lookup',
      user.accessToken,
    );
    expect(mine.body.data!.withdraws[0]).toMatchObject({ status: 4, reason: 'address on a sanctions list' });
    expect((await post(t.app, '/admin/withdrawals/approve', { no }, operator.accessToken)).body.code).toBe(5212);
    expectTestLedgerInvariants(t.ledger);
  });

  it('sends exactly once when the server stops between signing and broadcasting', async () => {
    const { no, to } = await requestWithdrawal(77);
    const nonceBefore = await t.chain.nonceOf(t.wallet.hotWalletAddress);
    // Signed and stored, but the broadcast never reaches the node (nothing listens there).
    const deadEnd = `http://127.0.0.1:${await findFreePort()}`;
    const { txHash } = await desk({ broadcastTo: deadEnd }).approve(no, { id: operator.userId, clientAddress: null });
    expect(await t.chain.balanceOf(to)).toBe(0n);
    const stored = (await withdrawals.findWithdrawal(t.pool, no))!;
    expect(stored).toMatchObject({ status: 2, txHash, chainState: 'pending' });

    // After the restart the stored bytes are sent, and sent again while the outcome is unknown: one transfer.
    const restarted = desk();
    await restarted.tick();
    await restarted.tick();
    await t.chain.mine(2);
    await restarted.tick();
    expect(await t.chain.balanceOf(to)).toBe(usdt(77));
    expect(await t.chain.nonceOf(t.wallet.hotWalletAddress)).toBe(nonceBefore + 1);
    expect((await withdrawals.findWithdrawal(t.pool, no))!).toMatchObject({
      chainState: 'confirmed',
      txHash,
      nonce: stored.nonce,
    });
    expectTestLedgerInvariants(t.ledger);
  });

  it('never gives a second withdrawal the nonce of one signed but not yet on the chain', async () => {
    const first = await requestWithdrawal(11);
    const second = await requestWithdrawal(12);
    const nonceBefore = await t.chain.nonceOf(t.wallet.hotWalletAddress);
    const by = { id: operator.userId, clientAddress: null };
    // The first is signed and stored, its broadcast lost: the chain (pending included) has not seen its nonce.
    const deadEnd = `http://127.0.0.1:${await findFreePort()}`;
    await desk({ broadcastTo: deadEnd }).approve(first.no, by);
    // Another server approves the second while the chain still expects nonceBefore.
    await desk().approve(second.no, by);
    const nonceOf = async (no: number) => (await withdrawals.findWithdrawal(t.pool, no))!.nonce;
    expect([await nonceOf(first.no), await nonceOf(second.no)]).toEqual([nonceBefore, nonceBefore + 1]);
    // The first's stored bytes are sent again: both arrive (the second was waiting behind the nonce gap).
    await desk().tick();
    expect(await t.chain.balanceOf(first.to)).toBe(usdt(11));
    expect(await t.chain.balanceOf(second.to)).toBe(usdt(12));
    expect(await t.chain.nonceOf(t.wallet.hotWalletAddress)).toBe(nonceBefore + 2);
    expectTestLedgerInvariants(t.ledger);
  });

  it('holds the queue and alerts when the hot wallet cannot cover the next withdrawal', async () => {
    const big = await requestWithdrawal(50_000);
    const small = await requestWithdrawal(15);
    expect((await post(t.app, '/admin/withdrawals/approve', { no: big.no }, operator.accessToken)).body.code).toBe(
      5213,
    );
    expect((await withdrawals.findWithdrawal(t.pool, big.no))!.status).toBe(1);
    expect((await chainWatch.listChainAlerts(t.pool, 5)).map((a) => a.kind)).toContain('hot_wallet_short');

    // Automatic approval up to 100,000 USDT: the big one first, so the queue waits and the small one too.
    const auto = desk({ autoApproveMax: 100_000 * USDT });
    await auto.tick();
    expect((await withdrawals.findWithdrawal(t.pool, small.no))!.status).toBe(1);
    await t.wallet.desk.refuse(big.no, { id: operator.userId, clientAddress: null }, 'too large for now');
    await auto.tick();
    expect((await withdrawals.findWithdrawal(t.pool, small.no))!.status).toBe(2);
    expect(await t.chain.balanceOf(small.to)).toBe(usdt(15));
    expect(await auditOf(small.no)).toEqual([
      expect.objectContaining({ operatorId: null, action: 'withdrawal.approve' }),
    ]);
    expectTestLedgerInvariants(t.ledger);
  });

  it('lets only operators see and decide the queue', async () => {
    const { no } = await requestWithdrawal(30);
    const member = await t.member();
    const partner = await t.member({ level: 3 });
    const before = await t.pool.query('SELECT * FROM withdrawals ORDER BY no');
    for (const token of [member.accessToken, partner.accessToken, undefined]) {
      expect((await get(t.app, '/admin/withdrawals?status=1', token)).body.code).not.toBe(0);
      expect((await post(t.app, '/admin/withdrawals/approve', { no }, token)).body.code).not.toBe(0);
      expect((await post(t.app, '/admin/withdrawals/refuse', { no, reason: 'no' }, token)).body.code).not.toBe(0);
    }
    expect((await t.pool.query('SELECT * FROM withdrawals ORDER BY no')).rows).toEqual(before.rows);
    expect(await auditOf(no)).toEqual([]);
  });
});
