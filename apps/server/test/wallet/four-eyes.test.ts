import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAudit, withdrawals } from '@tickline/db';
import { post } from '../helpers/test-app.ts';
import { freshAddress, usdt } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

let t: WalletTestApp;
const USDT = 1_000_000;

beforeAll(async () => {
  t = await createWalletTestApp({ hotWalletUsdt: 100_000, chainConfig: { withdrawFourEyesMin: 10_000 * USDT } });
});
afterAll(async () => {
  await t?.close();
});

describe('four-eyes withdrawals (WITHDRAW_FOUR_EYES_MIN)', () => {
  it('sends a large withdrawal only after a second, different operator approves it', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 20_000 * USDT);
    const to = freshAddress();
    const asked = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: to, amount: 15_000 },
      user.accessToken,
    );
    expect(asked.body.code).toBe(0);
    const no = asked.body.data!.no;
    const [first, second] = [await t.member({ role: 'operator' }), await t.member({ role: 'operator' })];

    const once = await post<{ txHash: string | null; awaitingSecondApproval: boolean }>(
      t.app,
      '/admin/withdrawals/approve',
      { no },
      first.accessToken,
    );
    expect(once.body.data).toEqual({ txHash: null, awaitingSecondApproval: true });
    expect((await withdrawals.findWithdrawal(t.pool, no))!.status).toBe(1);
    expect((await post(t.app, '/admin/withdrawals/approve', { no }, first.accessToken)).body.code).toBe(5218);
    expect(await t.chain.balanceOf(to)).toBe(0n);

    const twice = await post<{ txHash: string | null; awaitingSecondApproval: boolean }>(
      t.app,
      '/admin/withdrawals/approve',
      { no },
      second.accessToken,
    );
    expect(twice.body.data).toMatchObject({ txHash: expect.stringMatching(/^0x/), awaitingSecondApproval: false });
    expect(await t.chain.balanceOf(to)).toBe(usdt(15_000));
    const audit = await operatorAudit.searchOperatorActions(t.pool, { targetType: 'withdrawal', targetId: no }, 1, 10);
    expect(audit.rows.map((row) => [row.action, row.operatorId]).reverse()).toEqual([
      ['withdrawal.first-approve', first.userId],
      ['withdrawal.approve', second.userId],
    ]);
  });

  it('needs one operator below the amount', async () => {
    const user = await t.member();
    t.ledger.fund(user.userId, 200 * USDT);
    const asked = await post<{ no: number }>(
      t.app,
      '/withdraw/register',
      { walletAddress: freshAddress(), amount: 100 },
      user.accessToken,
    );
    const operator = await t.member({ role: 'operator' });
    const answer = await post<{ awaitingSecondApproval: boolean }>(
      t.app,
      '/admin/withdrawals/approve',
      { no: asked.body.data!.no },
      operator.accessToken,
    );
    expect(answer.body.data!.awaitingSecondApproval).toBe(false);
  });
});
