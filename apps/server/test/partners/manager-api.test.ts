import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal, parseUsdt, USDT_SCALE } from '@tickline/money';
import { DEMO_PASSWORD, seedDemo } from '../../src/app/demo/seed.ts';
import { kstDay } from '../../src/app/partners/days.ts';
import {
  createTestClock,
  get,
  loginAs,
  post,
  registerAndLogin,
  type TestClock,
  promoteToOperator,
} from '../helpers/test-app.ts';
import { expectLedgerInvariants } from '../trading/helpers/ledger-invariants.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';

const USDT = 1_000_000;
const PRICE = 5_000_000;
const LEVELS = [7, 6, 5, 4, 3, 2] as const;

let t: TradingTestApp;
let clock: TestClock;
const tokens = new Map<string, string>();
let outsiderMember: Awaited<ReturnType<typeof registerAndLogin>>;
let outsiderPartner: Awaited<ReturnType<typeof registerAndLogin>>;

const token = (who: string) => tokens.get(who)!;
const partner = (level: number) => token(`partner${level}@tickline.dev`);

async function price(ticks: number): Promise<void> {
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks })).ok).toBe(true);
}

beforeAll(async () => {
  // Postings are stamped by PostgreSQL's clock: the test clock starts at the real time so days agree.
  clock = createTestClock(Date.now());
  t = await createTradingTestApp({ clock });
  const ids = await seedDemo(t.app.context);
  for (const userid of ids.keys()) tokens.set(userid, (await loginAs(t.app, userid, DEMO_PASSWORD)).accessToken);
  outsiderMember = await registerAndLogin(t.app);
  outsiderPartner = await registerAndLogin(t.app);
  await t.pool.query('UPDATE users SET level = 3, fee_rate_bps = 3000 WHERE id = $1', [outsiderPartner.userId]);
  const demoId = ids.get('demo@tickline.dev')!;
  for (const id of [demoId, outsiderMember.userId]) await t.trading.fundDemoUser(id, 10_000 * USDT);
  await price(PRICE);

  // The demo member trades: a futures buy taking the outsider's offer (a taker fee) and a losing option bet.
  const sell = { leverage: 1, volume: '0.01', type: 2, priceType: 1, position: 2, orderPath: 1, price: '50000' };
  expect((await post(t.app, '/order/registerOrder', sell, outsiderMember.accessToken)).body.code).toBe(0);
  const buy = { leverage: 1, volume: '0.01', type: 2, priceType: 2, position: 1, orderPath: 2 };
  expect((await post(t.app, '/order/registerOrder', buy, token('demo@tickline.dev'))).body.code).toBe(0);
  const roundStart = Math.floor(clock.now() / 60_000) * 60_000;
  clock.set(roundStart + 10_000);
  const bet = await post(
    t.app,
    '/optionOrder/register',
    { symbol: 1, betType: 1, volume: '10' },
    token('demo@tickline.dev'),
  );
  expect(bet.body.code).toBe(0);
  clock.set(roundStart + 60_000);
  const settled = await t.sequencer.submit({
    type: 'settleOptionRound',
    roundStartMs: roundStart,
    resultPrice: PRICE - 100,
  });
  expect(settled.ok).toBe(true);
  await t.app.context.services.partners.settlements.refreshEstimate();
});

afterAll(async () => {
  await t?.close();
});

describe('the manager calls on the demo chain 7 → … → 2 → demo', () => {
  it('gives every partner of the chain a positive estimate, each level its tiers below, a level 7 Super first', async () => {
    for (const level of LEVELS) {
      const answer = await get<Record<string, unknown>>(t.app, '/manager/partner', partner(level));
      expect(answer.body.code).toBe(0);
      expect(answer.body.data!.level).toBe(level);
      expect(answer.body.data!.todaySettlement as number, `partner ${level}`).toBeGreaterThan(0);
    }
    const top = (await get<Record<string, Array<{ no: number; email: string }>>>(t.app, '/manager/partner', partner(7)))
      .body.data!;
    expect(top.superUsers!.map((p) => p.email)).toEqual(['partner6@tickline.dev']);
    expect(top.influencerUsers!.map((p) => p.email)).toEqual(['partner2@tickline.dev']);
    const lowest = (await get<Record<string, unknown[]>>(t.app, '/manager/partner', partner(2))).body.data!;
    for (const tier of ['superUsers', 'megaUsers', 'starUsers', 'premiumUsers', 'influencerUsers'])
      expect(lowest[tier]).toEqual([]);
  });

  it('gives a member a non-zero code and nothing, and a partner outside the chain nothing of it', async () => {
    for (const url of ['/manager/partner', '/manager/members', '/manager/settlement', '/manager/trading'])
      expect((await get(t.app, url, token('demo@tickline.dev'))).body).toMatchObject({ code: 6001, data: null });
    const outside = await get<Record<string, unknown>>(t.app, '/manager/partner', outsiderPartner.accessToken);
    expect(outside.body.data).toMatchObject({ todaySettlement: 0, memberCount: 0, influencerUsers: [] });
    expect((await get(t.app, '/manager/members', outsiderPartner.accessToken)).body.data).toMatchObject({
      members: [],
    });
    expect((await get(t.app, '/manager/partner')).body.code).toBe(40000);
  });

  it('lists and searches the downline with balances, and the downline option orders', async () => {
    type Page = { members: Array<{ email: string; usdtm: number }>; pagination: { endPage: number } };
    const all = await get<Page>(t.app, '/manager/members', partner(7));
    expect(all.body.data!.members.map((m) => m.email)).toContain('demo@tickline.dev');
    expect(all.body.data!.members.map((m) => m.email)).not.toContain(outsiderMember.userid);
    expect(all.body.data!.pagination).toEqual({ curPage: 1, endPage: 1, existNextPage: false, existPrevPage: false });
    const found = await get<Page>(t.app, '/manager/members?search=Demo', partner(2));
    expect(found.body.data!.members).toEqual([
      expect.objectContaining({ email: 'demo@tickline.dev', usdtm: expect.any(Number) }),
    ]);
    const trading = await get<{ optionOrders: Array<{ userid: string; result: number }>; totalUserPNL: number }>(
      t.app,
      '/manager/trading',
      partner(2),
    );
    expect(trading.body.data!.optionOrders).toEqual([
      expect.objectContaining({ userid: 'demo@tickline.dev', result: 2 }),
    ]);
    expect(trading.body.data!.totalUserPNL).toBe(-10);
  });

  it('sets fees only on the direct downline, computing and cascading them on the server', async () => {
    const notDirect = await post(
      t.app,
      '/manager/distributePercent',
      { parentsDistributePercents: [{ no: 0, parentsDistributePercent: 50 }] },
      partner(7),
    );
    expect(notDirect.body.code).toBe(6002);
    const ids = (await get<Record<string, Array<{ no: number }>>>(t.app, '/manager/partner', partner(7))).body.data!;
    const five = ids.megaUsers![0]!.no;
    expect(
      (
        await post(
          t.app,
          '/manager/distributePercent',
          { parentsDistributePercents: [{ no: five, parentsDistributePercent: 50 }] },
          partner(7),
        )
      ).body.code,
    ).toBe(6002);
    const six = ids.superUsers![0]!.no;
    const applied = await post(
      t.app,
      '/manager/distributePercent',
      { parentsDistributePercents: [{ no: six, nowFee: 99, parentsDistributePercent: 150 }] },
      partner(7),
    );
    expect(applied.body).toMatchObject({ code: 0, message: 'Success' });
    const after = (
      await get<Record<string, Array<{ no: number; nowFee: number; parentsDistributePercent: number }>>>(
        t.app,
        '/manager/partner',
        partner(7),
      )
    ).body.data!;
    expect(after.superUsers![0]).toMatchObject({ nowFee: 50, parentsDistributePercent: 100 }); // clamped to 100 %
    expect(after.megaUsers![0]).toMatchObject({ nowFee: 40 }); // 80 % of 50, cascaded
    await post(
      t.app,
      '/manager/distributePercent',
      { parentsDistributePercents: [{ no: six, parentsDistributePercent: 80 }] },
      partner(7),
    );
  });

  it('settles a finished day once into payable, and takes applications up to the withdrawable amount', async () => {
    const today = kstDay(clock.now());
    clock.advance(24 * 3600 * 1000);
    const settlements = t.app.context.services.partners.settlements;
    expect(await settlements.settleFinishedDays()).toEqual([today]);
    const again = await settlements.settleDay(today);
    expect(await settlements.settleFinishedDays()).toEqual([]);
    const accruals = await t.pool.query("SELECT amount FROM ledger_postings WHERE kind = 'partner_settlement'");
    expect(accruals.rows).toHaveLength(1);
    expect(Number(accruals.rows[0].amount)).toBe(again);
    await expectLedgerInvariants(t.pool);
    // A day later the session has expired: log in again.
    tokens.set('partner7@tickline.dev', (await loginAs(t.app, 'partner7@tickline.dev', DEMO_PASSWORD)).accessToken);

    const days = await get<Array<{ day: string; settlement: number; nowFee: number }>>(
      t.app,
      '/manager/settlementLookup',
      partner(7),
    );
    expect(days.body.data).toEqual([{ day: today, settlement: expect.any(Number), nowFee: 50 }]);
    const settled = days.body.data![0]!.settlement;
    expect(settled).toBeGreaterThan(0);
    // The drill-down behind the day: the demo member, its revenue by source, the rate difference and contribution.
    const detail = await get<{
      settlement: number;
      members: Array<{
        email: string;
        revenue: number;
        fees: number;
        optionLost: number;
        rateDifference: number;
        contribution: number;
      }>;
    }>(t.app, `/manager/settlementDay?day=${today}`, partner(7));
    expect(detail.body.data!.settlement).toBe(settled);
    const [behind] = detail.body.data!.members;
    expect(detail.body.data!.members).toHaveLength(1);
    expect(behind).toMatchObject({ email: 'demo@tickline.dev', optionLost: 10, rateDifference: 10 });
    expect(behind!.revenue).toBeCloseTo(behind!.optionLost + behind!.fees, 6);
    expect(Math.abs(behind!.contribution - settled)).toBeLessThanOrEqual(0.000001);
    expect((await get(t.app, '/manager/settlementDay?day=yesterday', partner(7))).body.code).toBe(1001);
    const settledMicro = parseUsdt(settled);
    const tooMuch = await post(
      t.app,
      '/manager/registerWithdrawSettlement',
      { settlement: formatDecimal(settledMicro + 1, USDT_SCALE) },
      partner(7),
    );
    expect(tooMuch.body.code).toBe(6005);
    const applied = await post(t.app, '/manager/registerWithdrawSettlement', { settlement: settled }, partner(7));
    expect(applied.body).toMatchObject({ code: 0, message: 'Withdrawal request has been completed.' });
    expect((await post(t.app, '/manager/registerWithdrawSettlement', { settlement: 0.01 }, partner(7))).body.code).toBe(
      6005,
    );
    const summary = await get<Record<string, number>>(t.app, '/manager/settlement', partner(7));
    expect(summary.body.data).toMatchObject({ settlement: settled, withdrawSettlement: settled, receive: 0 });
    const apps = await get<Array<{ status: number; settlement: number }>>(
      t.app,
      '/manager/withdrawSettlementLookup',
      partner(7),
    );
    expect(apps.body.data).toEqual([expect.objectContaining({ status: 1, settlement: settled })]);
  });

  it('lets an operator approve an application, paying it to the spot wallet once through the ledger, audited', async () => {
    const operator = await registerAndLogin(t.app);
    await promoteToOperator(t, { id: operator.userId });
    const opToken = (await loginAs(t.app, operator.userid)).accessToken;
    const queue = await get<{ withdrawals: Array<{ no: number; userid: string; amount: number }> }>(
      t.app,
      '/admin/settlement-withdrawals?status=1',
      opToken,
    );
    const application = queue.body.data!.withdrawals.find((w) => w.userid === 'partner7@tickline.dev')!;
    const balanceOf = async () => (await get<{ bsc: number }>(t.app, '/user/balance', partner(7))).body.data!.bsc;
    const before = parseUsdt(await balanceOf());
    for (const who of [token('demo@tickline.dev'), partner(7), undefined]) {
      expect((await get(t.app, '/admin/settlement-withdrawals?status=1', who)).body.code).not.toBe(0);
      expect(
        (await post(t.app, '/admin/settlement-withdrawals/approve', { no: application.no }, who)).body.code,
      ).not.toBe(0);
      expect((await post(t.app, '/admin/users/level', { userNo: operator.userId, level: 7 }, who)).body.code).not.toBe(
        0,
      );
      expect((await post(t.app, '/admin/users/fee', { userNo: application.no, nowFee: 1 }, who)).body.code).not.toBe(0);
    }
    expect(parseUsdt(await balanceOf())).toBe(before);
    expect(
      (await post(t.app, '/admin/settlement-withdrawals/refuse', { no: application.no, reason: ' ' }, opToken)).body
        .code,
    ).toBe(5214);
    expect(
      (await post(t.app, '/admin/settlement-withdrawals/approve', { no: application.no }, opToken)).body.code,
    ).toBe(0);
    expect(parseUsdt(await balanceOf())).toBe(before + parseUsdt(application.amount));
    expect(
      (await post(t.app, '/admin/settlement-withdrawals/approve', { no: application.no }, opToken)).body.code,
    ).toBe(6006);
    await t.app.context.services.partners.decisions.finishPayments();
    expect(parseUsdt(await balanceOf())).toBe(before + parseUsdt(application.amount));
    const summary = await get<Record<string, number>>(t.app, '/manager/settlement', partner(7));
    expect(summary.body.data!.receive).toBe(application.amount);
    await expectLedgerInvariants(t.pool);
    const audit = await t.pool.query(
      "SELECT action, operator_id FROM operator_audit WHERE target_type = 'settlement-withdrawal'",
    );
    expect(audit.rows).toEqual([{ action: 'settlement-withdrawal.approve', operator_id: operator.userId }]);
  });

  it('lets an operator set levels and level-7 rates, cascading them down, and nothing else', async () => {
    const operator = await registerAndLogin(t.app);
    await promoteToOperator(t, { id: operator.userId });
    const opToken = (await loginAs(t.app, operator.userid)).accessToken;
    tokens.set('partner6@tickline.dev', (await loginAs(t.app, 'partner6@tickline.dev', DEMO_PASSWORD)).accessToken);
    const me = (await get<{ no: number }>(t.app, '/manager/partner', partner(7))).body.data!;
    const six = (await get<{ no: number }>(t.app, '/manager/partner', partner(6))).body.data!;
    expect((await post(t.app, '/admin/users/fee', { userNo: six.no, nowFee: 10 }, opToken)).body.code).toBe(6010);
    expect((await post(t.app, '/admin/users/fee', { userNo: me.no, nowFee: 100.001 }, opToken)).body.code).toBe(6009);
    expect((await post(t.app, '/admin/users/fee', { userNo: me.no, nowFee: 60 }, opToken)).body.code).toBe(0);
    const tiers = (await get<Record<string, Array<{ nowFee: number }>>>(t.app, '/manager/partner', partner(7))).body
      .data!;
    expect(tiers.nowFee).toBe(60);
    expect(tiers.superUsers![0]!.nowFee).toBe(48); // 80 % of 60, cascaded
    expect(
      (await post(t.app, '/admin/users/level', { userNo: outsiderMember.userId, level: 8 }, opToken)).body.code,
    ).toBe(6008);
    expect(
      (await post(t.app, '/admin/users/level', { userNo: outsiderMember.userId, level: 2 }, opToken)).body.code,
    ).toBe(0);
    const audit = await t.pool.query(
      "SELECT action, previous, next FROM operator_audit WHERE target_type = 'user' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      { action: 'user.fee', previous: { nowFee: 50 }, next: { nowFee: 60, cascaded: 5 } },
      { action: 'user.level', previous: { level: 1 }, next: { level: 2 } },
    ]);
  });
});
