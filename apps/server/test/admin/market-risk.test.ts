/**
 * The market and risk panel of the operator console (#16 item 5): settled option rounds with their ticks and the
 * house's result, revenue per day by source from the ledger, the insurance fund, open interest and the largest
 * positions with their distance to liquidation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionRoundTicks } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import {
  createTestApp,
  createTestClock,
  get,
  post,
  registerAndLogin,
  type TestApp,
  promoteToOperator,
} from '../helpers/test-app.ts';

const USDT = 1_000_000;
const MARK = 5_000_000; // 50,000.00
// Close to the real time (the ledger stamps postings with PostgreSQL's clock), 10 s into a round.
const ROUND_START = Math.floor(Date.now() / 60_000) * 60_000;

type Account = Awaited<ReturnType<typeof registerAndLogin>>;
let t: TestApp;
let operator: Account;
let alice: Account;
let bob: Account;
let carol: Account;
let dave: Account;
let eve: Account;

const order = (position: 1 | 2, orderPath: 1 | 2, price: string, leverage = 1) => ({
  leverage,
  volume: '0.01',
  type: 2,
  priceType: orderPath,
  position,
  orderPath,
  price,
});
async function tick(ticks: number): Promise<void> {
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks })).ok).toBe(true);
}
async function placed(trader: Account, body: ReturnType<typeof order>): Promise<void> {
  const answer = await post(t.app, '/order/registerOrder', body, trader.accessToken);
  expect(answer.body, JSON.stringify(body)).toMatchObject({ code: 0 });
}

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(ROUND_START + 10_000) });
  operator = await registerAndLogin(t.app);
  await promoteToOperator(t, { id: operator.userId });
  [alice, bob, carol, dave, eve] = [
    await registerAndLogin(t.app),
    await registerAndLogin(t.app),
    await registerAndLogin(t.app),
    await registerAndLogin(t.app),
    await registerAndLogin(t.app),
  ];
  for (const trader of [alice, bob, carol, dave, eve]) await t.trading.fundDemoUser(trader.userId, 5_000 * USDT);
  await tick(MARK);
});
afterAll(async () => {
  await t.close();
});

describe('GET /admin/market/rounds', () => {
  it('lists a settled round with its ticks, its bets and the house’s result', async () => {
    const bet = (trader: Account, betType: 1 | 2, volume: number) =>
      post(t.app, '/optionOrder/register', { symbol: 1, betType, volume }, trader.accessToken);
    expect((await bet(alice, 1, 10)).body.code).toBe(0); // wins 9.5
    expect((await bet(bob, 2, 20)).body.code).toBe(0); // loses 20
    expect((await bet(carol, 2, 5)).body.code).toBe(0); // loses 5
    t.clock.set(ROUND_START + 60_000);
    const settled = await t.sequencer.submit({
      type: 'settleOptionRound',
      roundStartMs: ROUND_START,
      resultPrice: MARK + 1_000,
    });
    expect(settled.ok).toBe(true);
    const quote = (price: number, at: number) => [{ source: 'simulated', price, quotedAtMs: at }];
    await optionRoundTicks.recordRoundTicks(
      t.pool,
      {
        roundStartMs: ROUND_START,
        open: { price: MARK, takenAtMs: ROUND_START, sources: quote(MARK, ROUND_START) },
        close: {
          price: MARK + 1_000,
          takenAtMs: ROUND_START + 60_000,
          sources: quote(MARK + 1_000, ROUND_START + 59_900),
        },
      },
      t.clock.now(),
    );
    const answer = await get<{ list: Array<Record<string, unknown>>; pagination: Record<string, unknown> }>(
      t.app,
      '/admin/market/rounds?page=1',
      operator.accessToken,
    );
    expect(answer.body.code).toBe(0);
    expect(answer.body.data!.list[0]).toEqual({
      roundStart: ROUND_START,
      roundStartDate: new Date(ROUND_START).toISOString(),
      resultPrice: 50_010,
      settledAt: new Date(ROUND_START + 60_000).toISOString(),
      ticksRecorded: true,
      open: { price: 50_000, at: new Date(ROUND_START).toISOString(), sources: 1 },
      close: { price: 50_010, at: new Date(ROUND_START + 60_000).toISOString(), sources: 1 },
      bets: 3,
      refundedBets: 0,
      stakes: 35,
      stakesLost: 25,
      winningsPaid: 9.5,
      housePnl: 15.5,
    });
    expect(answer.body.data!.pagination).toMatchObject({ curPage: 1, endPage: 1 });
  });
});

describe('GET /admin/market/positions and /insurance', () => {
  it('shows open interest and the largest positions with their distance to liquidation', async () => {
    for (const trader of [carol]) await post(t.app, '/user/updateLeverage', { leverage: 100 }, trader.accessToken);
    await placed(alice, order(1, 1, '50000'));
    await placed(bob, order(2, 2, '0'));
    await placed(dave, order(2, 1, '50000'));
    await placed(carol, order(1, 2, '0', 100));
    const answer = await get<{
      markPrice: number;
      openInterest: Record<string, unknown>;
      largest: Array<{ userNo: number; userid: string; liquidationPrice: number; liquidationDistancePercent: number }>;
    }>(t.app, '/admin/market/positions', operator.accessToken);
    expect(answer.body.code).toBe(0);
    const data = answer.body.data!;
    expect(data.markPrice).toBe(50_000);
    expect(data.openInterest).toEqual({
      positions: 4,
      longs: 2,
      shorts: 2,
      longVolume: 0.02,
      shortVolume: 0.02,
      notional: 1_000,
    });
    const carols = data.largest.find((row) => row.userNo === carol.userId)!;
    expect(carols.userid).toBe(carol.userid);
    // 100× long: liquidated within about 1 % of the mark; the distance is floored in basis points.
    expect(carols.liquidationPrice).toBeGreaterThan(49_000);
    expect(carols.liquidationDistancePercent).toBe(
      Math.floor(((50_000 - carols.liquidationPrice) * 10_000) / 50_000) / 100,
    );
    const alices = data.largest.find((row) => row.userNo === alice.userId)!;
    expect(alices.liquidationDistancePercent).toBe(100); // 1× long: liquidated only at 0
  });

  it('shows the insurance fund after a liquidation pays its leftover margin in', async () => {
    const before = await get<{ balance: number }>(t.app, '/admin/market/insurance', operator.accessToken);
    expect(before.body.data!.balance).toBe(0);
    await placed(eve, order(1, 1, '49700'));
    await tick(4_968_000); // below carol's liquidation price: closed into eve's bid
    const positions = await get<{ openInterest: { longs: number } }>(
      t.app,
      '/admin/market/positions',
      operator.accessToken,
    );
    expect(positions.body.data!.openInterest.longs).toBe(2); // alice and now eve
    const answer = await get<{
      balance: number;
      days: Array<{ day: string; paidIn: number; paidOut: number; refilled: number; net: number }>;
    }>(t.app, '/admin/market/insurance?days=7', operator.accessToken);
    expect(answer.body.code).toBe(0);
    const { balance, days } = answer.body.data!;
    expect(balance).toBeGreaterThan(0);
    expect(days).toHaveLength(7);
    expect(days.reduce((sum, day) => sum + day.net, 0)).toBeCloseTo(balance, 6);
  });
});

describe('GET /admin/market/revenue', () => {
  it('sums futures fees and the option house result per day from the ledger', async () => {
    const answer = await get<{
      days: Array<{ day: string; futuresFees: number; optionHousePnl: number; total: number }>;
      total: { futuresFees: number; optionHousePnl: number; withdrawalFees: number; total: number };
    }>(t.app, '/admin/market/revenue?days=30', operator.accessToken);
    expect(answer.body.code).toBe(0);
    const { days, total } = answer.body.data!;
    expect(days).toHaveLength(30);
    expect(days.map((day) => day.day)).toEqual([...days.map((day) => day.day)].sort().reverse());
    const fees = await t.pool.query<{ sum: string }>(
      "SELECT sum(amount)::text AS sum FROM ledger_postings WHERE kind = 'trading_fee' AND credit = 'house:fee_revenue'",
    );
    expect(total.futuresFees * USDT).toBe(Number(fees.rows[0]!.sum));
    expect(total.futuresFees).toBeGreaterThan(0);
    expect(total.optionHousePnl).toBe(15.5);
    expect(total.withdrawalFees).toBe(0);
    expect(total.total).toBe(total.futuresFees + 15.5);
  });

  it('checks the days and the page', async () => {
    for (const url of [
      '/admin/market/revenue?days=0',
      '/admin/market/insurance?days=91',
      '/admin/market/rounds?page=x',
    ])
      expect((await get(t.app, url, operator.accessToken)).body.code, url).toBe(Errors.VALIDATION_FAILED.code);
  });
});
