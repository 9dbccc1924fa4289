/**
 * Operators never decide on their own money (#27 item 2): not their own withdrawal (approve or refuse, nor as one of
 * the four eyes), not their own settlement application, not their own KYC or level. The queue marks their own rows and
 * says which approval would be the first of two.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type AdminQueueWithdrawal } from '@tickline/protocol';
import { get, post } from '../helpers/test-app.ts';
import { freshAddress } from './helpers/test-chain.ts';
import { createWalletTestApp, type WalletTestApp } from './helpers/wallet-app.ts';

const USDT = 1_000_000;
const OWN = Errors.OWN_REQUEST.code;

let t: WalletTestApp;
beforeAll(async () => {
  t = await createWalletTestApp({ hotWalletUsdt: 100_000, chainConfig: { withdrawFourEyesMin: 10_000 * USDT } });
});
afterAll(async () => {
  await t?.close();
});

async function withdrawalOf(who: { userId: number; accessToken: string }, amount: number): Promise<number> {
  t.ledger.fund(who.userId, (amount + 10) * USDT);
  const asked = await post<{ no: number }>(
    t.app,
    '/withdraw/register',
    { walletAddress: freshAddress(), amount },
    who.accessToken,
  );
  expect(asked.body.code).toBe(0);
  return asked.body.data!.no;
}

const statusOf = async (no: number) =>
  (await t.pool.query<{ status: number }>('SELECT status FROM withdrawals WHERE no = $1', [no])).rows[0]!.status;

describe("an operator's own requests", () => {
  it('cannot be approved or refused by that operator, small or four-eyes', async () => {
    const desk = await t.member({ role: 'operator' });
    const other = await t.member({ role: 'operator' });
    const small = await withdrawalOf(desk, 50);
    const large = await withdrawalOf(desk, 10_000);

    for (const no of [small, large]) {
      expect((await post(t.app, '/admin/withdrawals/approve', { no }, desk.accessToken)).body.code).toBe(OWN);
      const refused = await post(t.app, '/admin/withdrawals/refuse', { no, reason: 'mine' }, desk.accessToken);
      expect(refused.body.code).toBe(OWN);
      expect(await statusOf(no)).toBe(1);
    }
    const firstApprovals = await t.pool.query(
      "SELECT 1 FROM operator_audit WHERE action = 'withdrawal.first-approve' AND target_id = $1",
      [String(large)],
    );
    expect(firstApprovals.rowCount).toBe(0);

    // The requester never counts as one of the four eyes: another operator's approval is only the first of two.
    const once = await post<{ awaitingSecondApproval: boolean }>(
      t.app,
      '/admin/withdrawals/approve',
      { no: large },
      other.accessToken,
    );
    expect(once.body.data!.awaitingSecondApproval).toBe(true);
    expect((await post(t.app, '/admin/withdrawals/approve', { no: large }, desk.accessToken)).body.code).toBe(OWN);
    expect(await statusOf(large)).toBe(1);
    expect((await post(t.app, '/admin/withdrawals/approve', { no: small }, other.accessToken)).body.code).toBe(0);
  });

  it('are marked in the queue, which says when an approval is the first of two and serves the amount', async () => {
    const desk = await t.member({ role: 'operator' });
    const member = await t.member();
    const own = await withdrawalOf(desk, 20);
    const small = await withdrawalOf(member, 20);
    const large = await withdrawalOf(member, 12_000);
    type Queue = { withdrawals: AdminQueueWithdrawal[]; fourEyesMin: number };
    const queue = async () => (await get<Queue>(t.app, '/admin/withdrawals?status=1', desk.accessToken)).body.data!;
    const row = (answer: Queue, no: number) => answer.withdrawals.find((w) => w.no === no)!;

    const before = await queue();
    expect(before.fourEyesMin).toBe(10_000);
    expect(row(before, own)).toMatchObject({ own: true, firstOfTwo: false });
    expect(row(before, small)).toMatchObject({ own: false, firstOfTwo: false });
    expect(row(before, large)).toMatchObject({ own: false, firstOfTwo: true });
    expect((await post(t.app, '/admin/withdrawals/approve', { no: large }, desk.accessToken)).body.code).toBe(0);
    expect(row(await queue(), large)).toMatchObject({ firstOfTwo: false });
  });

  it('include settlement applications, KYC and levels', async () => {
    const desk = await t.member({ role: 'operator', kyc: 3 });
    const other = await t.member({ role: 'operator' });
    const { rows } = await t.pool.query<{ no: number }>(
      `INSERT INTO partner_settlement_withdrawals (partner_id, amount, inserted_at, updated_at)
       VALUES ($1, $2, now(), now()) RETURNING no`,
      [desk.userId, 5 * USDT],
    );
    const no = Number(rows[0]!.no);
    const applications = await get<{ withdrawals: Array<{ no: number; own: boolean }> }>(
      t.app,
      '/admin/settlement-withdrawals?status=1',
      desk.accessToken,
    );
    expect(applications.body.data!.withdrawals.find((w) => w.no === no)?.own).toBe(true);
    expect((await post(t.app, '/admin/settlement-withdrawals/approve', { no }, desk.accessToken)).body.code).toBe(OWN);
    const refused = await post(t.app, '/admin/settlement-withdrawals/refuse', { no, reason: 'x' }, desk.accessToken);
    expect(refused.body.code).toBe(OWN);
    const stored = await t.pool.query('SELECT status FROM partner_settlement_withdrawals WHERE no = $1', [no]);
    expect(stored.rows[0]!.status).toBe(1);
    const otherView = await get<{ withdrawals: Array<{ no: number; own: boolean }> }>(
      t.app,
      '/admin/settlement-withdrawals?status=1',
      other.accessToken,
    );
    expect(otherView.body.data!.withdrawals.find((w) => w.no === no)?.own).toBe(false);

    const kyc = await post(t.app, '/admin/kyc/decide', { userNo: desk.userId, approveStatus: 1 }, desk.accessToken);
    expect(kyc.body.code).toBe(OWN);
    const level = await post(t.app, '/admin/users/level', { userNo: desk.userId, level: 7 }, desk.accessToken);
    expect(level.body.code).toBe(OWN);
  });
});
