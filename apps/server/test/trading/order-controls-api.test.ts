import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, databaseState, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { TRADING_TABLES, createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

const USDT = 1_000_000;
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let alice: Trader;
let bob: Trader;

const order = (trader: Trader, body: object) =>
  post<{ no: number }>(testApp.app, '/order/registerOrder', body, trader.accessToken);
const amend = (trader: Trader, body: object) => post(testApp.app, '/order/amend', body, trader.accessToken);
const margin = (trader: Trader, body: object) => post(testApp.app, '/position/margin', body, trader.accessToken);

/** The request is refused with `code` and nothing stored changes. */
async function refusedWith(code: number, request: () => Promise<{ body: { code: number } }>) {
  const before = await databaseState(testApp.pool, TRADING_TABLES);
  const { body } = await request();
  expect(body.code).toBe(code);
  expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
}

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 26, 3, 0, 10)) });
  [alice, bob] = [await registerAndLogin(testApp.app), await registerAndLogin(testApp.app)];
  for (const trader of [alice, bob]) {
    await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
    expect((await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken)).body.code).toBe(0);
  }
  expect((await testApp.sequencer.submit({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_000 })).ok).toBe(
    true,
  );
});
afterAll(async () => {
  await testApp?.close();
});

describe('time in force and reduce-only on /order/registerOrder (#32)', () => {
  it('refuses each rule with its catalogued code, changing nothing', async () => {
    const ask = await order(bob, limitOrder(2, '0.1', '50010'));
    expect(ask.body.code).toBe(0);
    await refusedWith(8101, () => order(alice, { ...limitOrder(1, '0.1', '50010'), timeInForce: 'DAY' }));
    await refusedWith(8101, () =>
      order(alice, { ...limitOrder(1, '0.1', '0'), orderPath: 2, priceType: 2, timeInForce: 'FOK' }),
    );
    await refusedWith(8102, () => order(alice, { ...limitOrder(1, '0.1', '50010'), timeInForce: 'GTX' }));
    await refusedWith(8103, () => order(alice, { ...limitOrder(1, '0.2', '50010'), timeInForce: 'FOK' }));
    await refusedWith(8104, () => order(alice, { ...limitOrder(2, '0.1', '51000'), reduceOnly: true }));
    await refusedWith(3012, () => order(alice, { ...limitOrder(1, '0.1', '49000'), takeProfit: '48000' }));
  });

  it('IOC fills what is there and rests nothing; the entry TP/SL lands on the position', async () => {
    const placed = await order(alice, {
      ...limitOrder(1, '0.2', '50010'),
      timeInForce: 'IOC',
      takeProfit: '52000',
      stopLoss: '48000',
    });
    expect(placed.body.code).toBe(0);
    const open = await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', alice.accessToken);
    expect(open.body.data!.orders).toEqual([]);
    const position = await get<Array<Record<string, number>>>(testApp.app, '/postion/lookup', alice.accessToken);
    expect(position.body.data![0]).toMatchObject({ position: 1, volume: 0.1, takeProfit: 52_000, stopLoss: 48_000 });
    // Alice is long now: a reduce-only buy is on the wrong side.
    await refusedWith(8105, () => order(alice, { ...limitOrder(1, '0.1', '49000'), reduceOnly: true }));
  });

  it('lists a resting order as reduce-only or not on /order/waitLookup (#34 item 5)', async () => {
    const reducing = await order(alice, { ...limitOrder(2, '0.05', '55000'), reduceOnly: true });
    const plain = await order(alice, limitOrder(2, '0.05', '56000'));
    const open = await get<{ orders: Array<{ no: number; reduceOnly?: boolean }> }>(
      testApp.app,
      '/order/waitLookup',
      alice.accessToken,
    );
    const flags = Object.fromEntries(open.body.data!.orders.map((row) => [row.no, row.reduceOnly]));
    expect(flags).toEqual({ [reducing.body.data!.no]: true, [plain.body.data!.no]: false });
    for (const placed of [reducing, plain])
      expect(
        (await post(testApp.app, '/order/cancel', { no: placed.body.data!.no }, alice.accessToken)).body.code,
      ).toBe(0);
  });
});

describe('POST /order/amend (#32)', () => {
  it('changes a waiting order in place and refuses what it may not change', async () => {
    const placed = await order(alice, limitOrder(2, '0.05', '51000'));
    const no = placed.body.data!.no;
    const changed = await amend(alice, { no, volume: '0.04' });
    expect(changed.body).toMatchObject({ code: 0, data: { no, price: 51_000, volume: 0.04, priorityKept: true } });
    const moved = await amend(alice, { no, price: '51500' });
    expect(moved.body).toMatchObject({ code: 0, data: { no, price: 51_500, volume: 0.04, priorityKept: false } });
    const open = await get<{ orders: Array<{ no: number; price: number; volume: number }> }>(
      testApp.app,
      '/order/waitLookup',
      alice.accessToken,
    );
    expect(open.body.data!.orders).toContainEqual(expect.objectContaining({ no, price: 51_500, volume: 0.04 }));
    await refusedWith(8106, () => amend(alice, { no, price: '51500' }));
    await refusedWith(8106, () => amend(alice, { no }));
    await refusedWith(3009, () => amend(bob, { no, volume: '0.01' }));
    await refusedWith(3004, () => amend(alice, { no, price: 'abc' }));
    const bid = await order(bob, limitOrder(1, '0.01', '50900'));
    await refusedWith(8108, () => amend(alice, { no, price: '50900' }));
    // A partly filled order cannot shrink to what it filled; a filled or cancelled one cannot change at all.
    await order(bob, { ...limitOrder(1, '0.01', '0'), orderPath: 2, priceType: 2 });
    await refusedWith(8107, () => amend(alice, { no, volume: '0.01' }));
    expect((await post(testApp.app, '/order/cancel', { no }, alice.accessToken)).body.code).toBe(0);
    await refusedWith(8109, () => amend(alice, { no, volume: '0.02' }));
    expect(bid.body.code).toBe(0);
    await expectLedgerInvariants(testApp.pool);
  });
});

describe('POST /position/margin and GET /funding/lookup (#32)', () => {
  it('adds and removes isolated margin within its bounds, moving the liquidation price', async () => {
    const position = async () =>
      (await get<Array<Record<string, number>>>(testApp.app, '/postion/lookup', alice.accessToken)).body.data![0]!;
    const before = await position();
    const added = await margin(alice, { amount: '100', type: 'add' });
    expect(added.body).toMatchObject({ code: 0, data: { margin: expect.any(Number) } });
    const after = await position();
    expect(after.liquidationPrice).toBeLessThan(before.liquidationPrice!);
    // Removable: margin less the unrealised loss less the initial margin at the mark (the entry is above it).
    expect((await margin(alice, { amount: 50, type: 'remove' })).body.code).toBe(0);
    const removed = await position();
    expect(removed.liquidationPrice).toBeGreaterThan(after.liquidationPrice!);
    expect(removed.liquidationPrice).toBeLessThan(before.liquidationPrice!);
    await refusedWith(8110, () => margin(alice, { amount: '-1', type: 'add' }));
    await refusedWith(8110, () => margin(alice, { amount: '0', type: 'remove' }));
    await refusedWith(8111, () => margin(alice, { amount: '400', type: 'remove' }));
    await refusedWith(8112, () => margin(alice, { amount: '1000000', type: 'add' }));
    const carol = await registerAndLogin(testApp.app);
    await refusedWith(3010, () => margin(carol, { amount: '1', type: 'add' }));
    await refusedWith(1001, () => margin(alice, { amount: '1', type: 'take' }));
    await expectLedgerInvariants(testApp.pool);
  });

  it('lists each settlement with its rate, position, mark and amount, paged', async () => {
    for (const ratePpm of [100, -50]) {
      testApp.clock.advance(60_000);
      expect((await testApp.sequencer.submit({ type: 'settleFunding', fundingRatePpm: ratePpm })).ok).toBe(true);
    }
    const page = await get<{ rows: Array<Record<string, unknown>>; pageInfo: object }>(
      testApp.app,
      '/funding/lookup?page=1',
      alice.accessToken,
    );
    // Alice is long 0.09 BTC (0.1 bought, 0.01 of her amended ask filled): at 50,000 that is 4,500 USDT of notional.
    // Longs pay 0.01 % (0.45 USDT) and then receive up to 0.005 % (what the shorts paid, shared).
    expect(page.body.data!.rows).toEqual([
      {
        symbol: 'BTCUSDT',
        time: expect.any(String),
        fundingRate: -0.00005,
        position: 1,
        volume: 0.09,
        markPrice: 50_000,
        amount: expect.any(Number),
      },
      {
        symbol: 'BTCUSDT',
        time: expect.any(String),
        fundingRate: 0.0001,
        position: 1,
        volume: 0.09,
        markPrice: 50_000,
        amount: -0.45,
      },
    ]);
    const received = page.body.data!.rows[0]!.amount as number;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(0.225);
    expect(page.body.data!.pageInfo).toEqual({ curPage: 1, endPage: 1, existNextPage: false, existPrevPage: false });
    const bobs = await get<{ rows: Array<{ position: number; amount: number }> }>(
      testApp.app,
      '/funding/lookup',
      bob.accessToken,
    );
    expect(bobs.body.data!.rows.map((row) => row.position)).toEqual([2, 2]);
  });
});
