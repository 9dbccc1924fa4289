import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, databaseState, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { TRADING_TABLES, createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

const USDT = 1_000_000;
const PRICE = 5_000_000; // 50,000.00 USDT in ticks

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let alice: Trader;
let bob: Trader;
let carol: Trader;

async function price(ticks: number): Promise<void> {
  const result = await testApp.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks });
  expect(result.ok).toBe(true);
}

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  [alice, bob, carol] = [
    await registerAndLogin(testApp.app),
    await registerAndLogin(testApp.app),
    await registerAndLogin(testApp.app),
  ];
  for (const trader of [alice, bob, carol]) await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
  await price(PRICE);
});
afterAll(async () => {
  await testApp?.close();
});

describe('futures orders', () => {
  it('rests a limit order at the user’s leverage and lists it', async () => {
    const mismatch = await post(testApp.app, '/order/registerOrder', limitOrder(1, '0.01', '50000'), alice.accessToken);
    expect(mismatch.body.code).toBe(3001);
    expect(mismatch.body.message).toContain('1×');
    for (const trader of [alice, bob, carol])
      expect((await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken)).body.code).toBe(0);
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      limitOrder(1, '0.01', '50000'),
      alice.accessToken,
    );
    expect(placed.body).toMatchObject({
      code: 0,
      message: 'Order successfully completed.',
      data: { no: expect.any(Number) },
    });
    const open = await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', alice.accessToken);
    expect(open.body.data!.orders).toEqual([
      {
        no: placed.body.data!.no,
        symbol: 'BTCUSDT',
        position: 1,
        volume: 0.01,
        price: 50_000,
        leverage: 10,
        insertDate: expect.any(String),
        reduceOnly: false,
      },
    ]);
    const info = await get<{ leverage: number }>(testApp.app, '/user/info', alice.accessToken);
    expect(info.body.data!.leverage).toBe(10);
    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', alice.accessToken);
    // 500 USDT notional at 10× = 50 margin plus the estimated fee, held for the resting long.
    expect(balance.body.data!.longWaitingRequiredAmount).toBeGreaterThanOrEqual(50);
    expect(balance.body.data!.usdtm).toBe(10_000);
    expect(balance.body.data!.btc).toBe(0.4); // 20,000 USDT at 50,000
    // Bob sees nothing of Alice's.
    expect(
      (await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', bob.accessToken)).body.data!.orders,
    ).toEqual([]);
  });

  it('fills against the book: positions, trade history with pages', async () => {
    const sold = await post(
      testApp.app,
      '/order/registerOrder',
      { ...limitOrder(2, 0.01, 0), priceType: 2, orderPath: 2 },
      bob.accessToken,
    );
    expect(sold.body.code).toBe(0);
    const alicePosition = await get<unknown[]>(testApp.app, '/postion/lookup', alice.accessToken);
    expect(alicePosition.body.data).toEqual([
      {
        symbol: 'BTCUSDT',
        position: 1,
        volume: 0.01,
        averagePrice: 50_000,
        liquidationPrice: expect.any(Number),
        margin: expect.any(Number),
        leverage: 10,
        takeProfit: 0,
        stopLoss: 0,
        adlQuantile: 0, // no profit at the entry price
      },
    ]);
    const bobPosition = await get<Array<{ position: number }>>(testApp.app, '/postion/lookup', bob.accessToken);
    expect(bobPosition.body.data!.map((p) => p.position)).toEqual([2]);
    expect(
      (await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', alice.accessToken)).body.data!.orders,
    ).toEqual([]);

    const history = await get<{ orders: Array<Record<string, unknown>> }>(
      testApp.app,
      '/order/history',
      bob.accessToken,
    );
    expect(history.body.data!.orders[0]).toMatchObject({
      symbol: 'BTCUSDT',
      orderPath: 2,
      position: 2,
      price: 50_000,
      volume: 0.01,
    });
    expect(history.body.data!.orders[0]!.openOrderFee).toBeGreaterThan(0);
    const page = await get<{ orders: unknown[]; pageInfo: unknown }>(
      testApp.app,
      '/order/lookup?page=1',
      bob.accessToken,
    );
    expect(page.body.data!.orders).toEqual(history.body.data!.orders);
    expect(page.body.data!.pageInfo).toEqual({ curPage: 1, endPage: 1, existNextPage: false, existPrevPage: false });
    const beyond = await get<{ orders: unknown[]; pageInfo: unknown }>(
      testApp.app,
      '/order/lookup?page=3',
      bob.accessToken,
    );
    expect(beyond.body.data).toEqual({
      orders: [],
      pageInfo: { curPage: 3, endPage: 1, existNextPage: false, existPrevPage: true },
    });
    await expectLedgerInvariants(testApp.pool);
  });

  it('sets and clears take-profit and stop-loss on the position', async () => {
    const set = await post(
      testApp.app,
      '/order/updateTpsl',
      { takeProfit: '55000', stopLoss: 46000.5 },
      alice.accessToken,
    );
    expect(set.body).toMatchObject({ code: 0, message: 'Take Profit and Stop Loss have been updated.' });
    const position = await get<Array<Record<string, number>>>(testApp.app, '/postion/lookup', alice.accessToken);
    expect(position.body.data![0]).toMatchObject({ takeProfit: 55_000, stopLoss: 46_000.5 });
    const wrongSide = await post(
      testApp.app,
      '/order/updateTpsl',
      { takeProfit: 40000, stopLoss: 46000 },
      alice.accessToken,
    );
    expect(wrongSide.body.code).toBe(3012);
    const junk = await post(
      testApp.app,
      '/order/updateTpsl',
      { takeProfit: 'high', stopLoss: 46000 },
      alice.accessToken,
    );
    expect(junk.body.code).toBe(3012);
  });

  it('clears a trigger sent back as the 0.00 the position shows for an unset one', async () => {
    const set = await post(
      testApp.app,
      '/order/updateTpsl',
      { takeProfit: '56000.00', stopLoss: '0.00' },
      alice.accessToken,
    );
    expect(set.body.code).toBe(0);
    const position = await get<Array<Record<string, number>>>(testApp.app, '/postion/lookup', alice.accessToken);
    expect(position.body.data![0]).toMatchObject({ takeProfit: 56_000, stopLoss: 0 });
    const cleared = await post(testApp.app, '/order/updateTpsl', { takeProfit: 0.0, stopLoss: '0' }, alice.accessToken);
    expect(cleared.body.code).toBe(0);
    const after = await get<Array<Record<string, number>>>(testApp.app, '/postion/lookup', alice.accessToken);
    expect(after.body.data![0]).toMatchObject({ takeProfit: 0, stopLoss: 0 });
  });

  it('closes part of the position at market', async () => {
    await post(testApp.app, '/order/registerOrder', limitOrder(1, '0.05', '49990'), carol.accessToken);
    const closed = await post(testApp.app, '/order/closePosition', { volume: '0.004' }, alice.accessToken);
    expect(closed.body).toMatchObject({ code: 0, message: 'The position has been updated.' });
    const position = await get<Array<{ volume: number }>>(testApp.app, '/postion/lookup', alice.accessToken);
    expect(position.body.data![0]!.volume).toBe(0.006);
    const history = await get<{ orders: Array<{ position: number }> }>(
      testApp.app,
      '/order/history',
      alice.accessToken,
    );
    expect(history.body.data!.orders[0]!.position).toBe(4);
    await expectLedgerInvariants(testApp.pool);
  });

  it('cancels the caller’s own order only', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      limitOrder(2, '0.02', '51000'),
      bob.accessToken,
    );
    const no = placed.body.data!.no;
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const stolen = await post(testApp.app, '/order/cancel', { no }, alice.accessToken);
    expect(stolen.body.code).toBe(3009);
    expect((await post(testApp.app, '/order/cancel', { no: 999_999 }, bob.accessToken)).body.code).toBe(3009);
    expect((await post(testApp.app, '/order/cancel', { no: 'x' }, bob.accessToken)).body.code).toBe(3009);
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
    const cancelled = await post(testApp.app, '/order/cancel', { no }, bob.accessToken);
    expect(cancelled.body).toMatchObject({ code: 0, message: 'The order has been canceled.' });
    expect(
      (await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', bob.accessToken)).body.data!.orders,
    ).toEqual([]);
  });

  it.each([
    ['a zero volume', limitOrder(1, 0, '50000'), 3005],
    ['a negative volume', limitOrder(1, -0.01, '50000'), 3005],
    ['a non-numeric volume', limitOrder(1, 'lots', '50000'), 3005],
    ['a volume off the 0.0001 step', limitOrder(1, '0.00015', '50000'), 3005],
    ['a volume over 100 BTC', limitOrder(1, '100.0001', '50000'), 3007],
    ['a zero price', limitOrder(1, '0.01', 0), 3004],
    ['a non-numeric price', limitOrder(1, '0.01', 'cheap'), 3004],
    ['a price off the 0.01 tick', limitOrder(1, '0.01', '50000.001'), 3004],
    ['a volume with spaces', limitOrder(1, ' 0.01 ', '50000'), 3005],
    ['a volume in exponent text', limitOrder(1, '1e-2', '50000'), 3005],
    ['a volume in an array', limitOrder(1, ['0.01'], '50000'), 3005],
    ['a boolean volume', limitOrder(1, true, '50000'), 3005],
    ['a price with thousands separators', limitOrder(1, '0.01', '49,000'), 3004],
    ['a price with a line break', limitOrder(1, '0.01', '49000\n'), 3004],
    ['a price of Infinity', limitOrder(1, '0.01', 'Infinity'), 3004],
    ['a price in an object', limitOrder(1, '0.01', { value: '49000' }), 3004],
    ['a price beyond 2^53 ticks', limitOrder(1, '0.01', '90071992547409.93'), 3004],
    ['a position given as text', { ...limitOrder(1, '0.01', '50000'), position: '1' }, 1001],
    ['an unknown position', { ...limitOrder(1, '0.01', '50000'), position: 3 }, 3015],
    ['an unknown orderPath', { ...limitOrder(1, '0.01', '50000'), orderPath: 3, priceType: 3 }, 3015],
    ['a leverage of 0', limitOrder(1, '0.01', '50000', 0), 3001],
    ['a leverage of 101', limitOrder(1, '0.01', '50000', 101), 3001],
    ['a fractional leverage', limitOrder(1, '0.01', '50000', 1.5), 3001],
    ['a leverage other than the user’s', limitOrder(1, '0.01', '50000', 20), 3001],
    ['more margin than the wallet holds', limitOrder(1, '30', '50000'), 3008],
  ])('refuses %s with a clear code and changes nothing', async (_name, body, code) => {
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const answer = await post(testApp.app, '/order/registerOrder', body, carol.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(code);
    expect(answer.body.message.length).toBeGreaterThan(5);
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
  });

  it('refuses an order whose leverage changed between the check and the order itself', async () => {
    const dave = await registerAndLogin(testApp.app);
    await testApp.trading.fundDemoUser(dave.userId, 10_000 * USDT);
    await testApp.trading.setLeverage(dave.userId, 10);
    // The change is queued while the order's own checks run and is applied before the order reaches the engine, which
    // checks the order's leverage against the user's where it applies it.
    const ordering = testApp.trading
      .placeOrder(dave.userId, { leverage: 10, volume: '0.01', position: 1, orderPath: 1, price: '40000' })
      .then(
        () => 0,
        (error: { code?: number }) => error.code,
      );
    const changing = testApp.trading.setLeverage(dave.userId, 100);
    await changing;
    expect(await ordering).toBe(3001);
    expect(await testApp.trading.openOrders(dave.userId)).toEqual([]);
  });

  it('refuses closing more than the position, or without one', async () => {
    expect((await post(testApp.app, '/order/closePosition', { volume: '1' }, alice.accessToken)).body.code).toBe(3011);
    expect((await post(testApp.app, '/order/closePosition', { volume: 0 }, alice.accessToken)).body.code).toBe(3005);
    const stranger = await registerAndLogin(testApp.app);
    expect((await post(testApp.app, '/order/closePosition', { volume: '0.001' }, stranger.accessToken)).body.code).toBe(
      3010,
    );
  });

  it('refuses a leverage change that would liquidate the open position', async () => {
    await price(4_960_000); // mark 49,600: Alice's long at 50,000 is 0.8 % under water
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const answer = await post(testApp.app, '/user/updateLeverage', { leverage: 100 }, alice.accessToken);
    expect(answer.body.code).toBe(3002);
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
    await expectLedgerInvariants(testApp.pool);
  });

  it('answers 40000 on every trading route without a session', async () => {
    for (const url of ['/order/waitLookup', '/postion/lookup', '/order/history', '/order/lookup?page=1'])
      expect((await get(testApp.app, url)).body.code).toBe(40000);
    expect((await post(testApp.app, '/order/registerOrder', limitOrder(1, '0.01', '50000'))).body.code).toBe(40000);
  });

  it('refuses a bad page number', async () => {
    expect((await get(testApp.app, '/order/lookup?page=0', alice.accessToken)).body.code).toBe(1001);
    expect((await get(testApp.app, '/order/lookup?page=two', alice.accessToken)).body.code).toBe(1001);
  });
});
