import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, databaseState, get, post, registerAndLogin, type TestClock } from '../helpers/test-app.ts';
import { optionRoundTicks } from '@tickline/db';
import type { OptionRoundAudit } from '@tickline/protocol';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { TRADING_TABLES, createTradingTestApp, type TradingTestApp } from './helpers/trading-app.ts';

const USDT = 1_000_000;
const ROUND_START = Date.UTC(2026, 10, 21, 3, 0, 0);

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let clock: TestClock;
let alice: Trader;
let bob: Trader;

/** `POST /optionOrder/register` for `trader`: a stake of `volume` USDT on `betType` (1 higher, 2 lower). */
function bet(trader: Trader, volume: number | string, betType: 1 | 2 = 1) {
  return post<{ no: number }>(testApp.app, '/optionOrder/register', { symbol: 1, betType, volume }, trader.accessToken);
}

async function price(ticks: number): Promise<void> {
  expect((await testApp.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks })).ok).toBe(true);
}

beforeAll(async () => {
  clock = createTestClock(ROUND_START + 10_000);
  testApp = await createTradingTestApp({ clock });
  alice = await registerAndLogin(testApp.app);
  bob = await registerAndLogin(testApp.app);
  await testApp.trading.fundDemoUser(alice.userId, 10_000 * USDT);
});
afterAll(async () => {
  await testApp?.close();
});

describe('one-minute options', () => {
  it('refuses a bet while there is no index price', async () => {
    const answer = await bet(alice, 10);
    expect(answer.body.code).toBe(4006);
  });

  it('takes a bet at the index price and lists it as waiting', async () => {
    await price(5_000_000);
    const placed = await bet(alice, '10');
    expect(placed.body).toMatchObject({
      code: 0,
      message: 'Order successfully completed.',
      data: { no: expect.any(Number) },
    });
    const waiting = await get<unknown[]>(testApp.app, '/optionOrder/waitLookup', alice.accessToken);
    expect(waiting.body.data).toEqual([
      {
        no: placed.body.data!.no,
        insertDate: new Date(ROUND_START + 10_000).toISOString(),
        symbol: 1,
        volume: 10,
        openPrice: 50_000,
        resultPrice: 0,
        betType: 1,
        result: 0,
        settleFee: 0,
        expireDate: new Date(ROUND_START + 60_000).toISOString(),
        refunded: false,
        roundStart: ROUND_START,
      },
    ]);
    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', alice.accessToken);
    expect(balance.body.data!.usdtm).toBe(9_990);
    expect((await get<unknown[]>(testApp.app, '/optionOrder/waitLookup', bob.accessToken)).body.data).toEqual([]);
  });

  it('settles the round: a win pays the stake × 1.95 and shows in history pages', async () => {
    clock.set(ROUND_START + 59_000);
    await price(5_000_100);
    clock.set(ROUND_START + 60_000);
    expect(
      (await testApp.sequencer.submit({ type: 'settleOptionRound', roundStartMs: ROUND_START, resultPrice: 5_000_100 }))
        .ok,
    ).toBe(true);
    const history = await get<{ list: Array<Record<string, unknown>>; pagination: unknown }>(
      testApp.app,
      '/optionOrder/lookup?page=1',
      alice.accessToken,
    );
    expect(history.body.data!.list).toHaveLength(1);
    expect(history.body.data!.list[0]).toMatchObject({ result: 1, resultPrice: 50_001, settleFee: 9.5, betType: 1 });
    expect(history.body.data!.pagination).toEqual({
      curPage: 1,
      endPage: 1,
      existNextPage: false,
      existPrevPage: false,
    });
    const top = await get<unknown[]>(testApp.app, '/optionOrder/top', alice.accessToken);
    expect(top.body.data).toEqual(history.body.data!.list);
    expect((await get<unknown[]>(testApp.app, '/optionOrder/waitLookup', alice.accessToken)).body.data).toEqual([]);
    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', alice.accessToken);
    expect(balance.body.data!.usdtm).toBe(10_009.5);
    await expectLedgerInvariants(testApp.pool);
  });

  it("shows anyone the settled round's audit: its settlement, open and close ticks and their sources", async () => {
    const source = (name: string, price: number, at: number) => ({ source: name, price, quotedAtMs: at });
    await optionRoundTicks.recordRoundTicks(
      testApp.pool,
      {
        roundStartMs: ROUND_START,
        open: {
          price: 4_999_900,
          takenAtMs: ROUND_START - 400,
          sources: [source('simulated', 4_999_900, ROUND_START - 450)],
        },
        close: {
          price: 5_000_100,
          takenAtMs: ROUND_START + 59_000,
          sources: [
            source('simulated', 5_000_000, ROUND_START + 58_900),
            source('binance', 5_000_200, ROUND_START + 58_950),
          ],
        },
      },
      ROUND_START + 60_000,
    );
    const audit = await get<OptionRoundAudit>(testApp.app, `/optionRound/audit?round=${ROUND_START}`);
    expect(audit.body).toMatchObject({ code: 0 });
    expect(audit.body.data).toEqual({
      roundStart: ROUND_START,
      roundEnd: ROUND_START + 60_000,
      status: 2,
      resultPrice: 50_001,
      settledAt: ROUND_START + 60_000,
      open: {
        price: 49_999,
        takenAt: ROUND_START - 400,
        sources: [{ source: 'simulated', price: 49_999, quotedAt: ROUND_START - 450 }],
      },
      close: {
        price: 50_001,
        takenAt: ROUND_START + 59_000,
        sources: [
          { source: 'simulated', price: 50_000, quotedAt: ROUND_START + 58_900 },
          { source: 'binance', price: 50_002, quotedAt: ROUND_START + 58_950 },
        ],
      },
      ticksKept: true,
      betCount: 1,
    });
    const open = await get<OptionRoundAudit>(testApp.app, `/optionRound/audit?round=${ROUND_START + 60_000}`);
    expect(open.body.data).toMatchObject({ status: 0, resultPrice: null, open: null, close: null, ticksKept: false });
  });

  it.each([
    ['a time that is not a round start', String(ROUND_START + 1_000), 4008],
    ['a round that has not started', String(ROUND_START + 10 * 60_000), 4008],
    ['a value that is not a number', 'yesterday', 1001],
  ])('refuses a round audit of %s', async (_name, round, code) => {
    expect((await get(testApp.app, `/optionRound/audit?round=${round}`)).body.code).toBe(code);
  });

  it('pages the history newest first, 10 to a page', async () => {
    clock.set(ROUND_START + 70_000);
    await price(5_000_000);
    for (let index = 0; index < 11; index++) expect((await bet(alice, 1, 2)).body.code).toBe(0);
    const first = await get<{ list: Array<{ no: number }>; pagination: unknown }>(
      testApp.app,
      '/optionOrder/lookup?page=1',
      alice.accessToken,
    );
    expect(first.body.data!.list).toHaveLength(10);
    expect(first.body.data!.pagination).toEqual({ curPage: 1, endPage: 2, existNextPage: true, existPrevPage: false });
    const second = await get<{ list: Array<{ no: number }>; pagination: unknown }>(
      testApp.app,
      '/optionOrder/lookup?page=2',
      alice.accessToken,
    );
    expect(second.body.data!.list).toHaveLength(2);
    expect(second.body.data!.pagination).toEqual({ curPage: 2, endPage: 2, existNextPage: false, existPrevPage: true });
    const numbers = [...first.body.data!.list, ...second.body.data!.list].map((row) => row.no);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it.each([
    ['an unknown symbol', { symbol: 2, betType: 1, volume: 10 }, 1001],
    ['an unknown bet type', { symbol: 1, betType: 3, volume: 10 }, 4001],
    ['a zero stake', { symbol: 1, betType: 1, volume: 0 }, 4002],
    ['a negative stake', { symbol: 1, betType: 1, volume: -10 }, 4002],
    ['a non-numeric stake', { symbol: 1, betType: 2, volume: 'ten' }, 4002],
    ['a fractional stake', { symbol: 1, betType: 2, volume: 1.5 }, 4002],
    ['a stake over the maximum', { symbol: 1, betType: 2, volume: 10_001 }, 4003],
    ['a stake over the per-round limit', { symbol: 1, betType: 2, volume: 9_990 }, 4004],
  ])('refuses %s with a clear code and changes nothing', async (_name, body, code) => {
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const answer = await post(testApp.app, '/optionOrder/register', body, alice.accessToken);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message.length).toBeGreaterThan(5);
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
  });

  it('refuses bets while the last index price is more than 10 seconds old', async () => {
    clock.set(ROUND_START + 2 * 60_000);
    await price(5_000_000);
    clock.set(ROUND_START + 2 * 60_000 + 10_001);
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const answer = await bet(alice, 1);
    expect(answer.body.code).toBe(4006);
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
  });

  it('refuses bets in the last 5 seconds of a round', async () => {
    clock.set(ROUND_START + 60_000 + 56_000);
    const answer = await bet(alice, 1);
    expect(answer.body.code).toBe(4005);
  });

  it('refuses an account without funds', async () => {
    clock.set(ROUND_START + 3 * 60_000 + 1_000);
    await price(5_000_000);
    const answer = await bet(bob, 1);
    expect(answer.body.code).toBe(5002);
  });
});
