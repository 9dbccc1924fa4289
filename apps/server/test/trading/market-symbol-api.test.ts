import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, databaseState, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { TRADING_TABLES, createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

// `symbol` on the native trading API (#34) with the engine of today (BTCUSDT only): a named market the engine does
// not run answers MARKET_UNKNOWN_SYMBOL (7001) with nothing sent; BTCUSDT named (in any case) trades as without it.

const USDT = 1_000_000;
const PRICE = 5_000_000; // 50,000.00 USDT in ticks
const UNKNOWN = 7001;

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  [alice, bob] = [await registerAndLogin(testApp.app), await registerAndLogin(testApp.app)];
  for (const trader of [alice, bob]) {
    await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
    expect((await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken)).body.code).toBe(0);
  }
  const tick = await testApp.sequencer.submit({ type: 'priceTick', indexPrice: PRICE, markPrice: PRICE });
  expect(tick.ok).toBe(true);
});
afterAll(async () => {
  await testApp?.close();
});

describe('symbol on the native trading API', () => {
  it('refuses a market the engine does not run with 7001 on every call, changing nothing and sending nothing', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      limitOrder(1, '0.01', '49000'),
      alice.accessToken,
    );
    expect(placed.body.code).toBe(0);
    const no = placed.body.data!.no;
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const engineBefore = testApp.sequencer.read((engine) => engine.openOrders(alice.userId));
    const writes: Array<[string, Record<string, unknown>]> = [
      ['/order/registerOrder', { ...limitOrder(1, '0.01', '49000'), symbol: 'ETHUSDT' }],
      ['/order/registerOrder', { ...limitOrder(1, '0.01', '49000'), symbol: 42 }],
      ['/order/cancel', { no, symbol: 'ETHUSDT' }],
      ['/order/amend', { no, price: '48000', symbol: 'ETHUSDT' }],
      ['/order/closePosition', { volume: '0.01', symbol: 'ETHUSDT' }],
      ['/order/updateTpsl', { takeProfit: '60000', symbol: 'ETHUSDT' }],
      ['/position/margin', { amount: '10', type: 'add', symbol: 'ETHUSDT' }],
      ['/user/updateLeverage', { leverage: 5, symbol: 'ETHUSDT' }],
    ];
    for (const [path, body] of writes) {
      const answer = await post(testApp.app, path, body, alice.accessToken);
      expect([path, answer.body.code]).toEqual([path, UNKNOWN]);
    }
    for (const path of [
      '/order/waitLookup?symbol=ETHUSDT',
      '/postion/lookup?symbol=ETHUSDT',
      '/order/history?symbol=ETHUSDT',
      '/order/lookup?page=1&symbol=ETHUSDT',
      '/funding/lookup?symbol=ETHUSDT',
      '/user/leverage?symbol=ETHUSDT',
      '/user/leverage?symbol=BTC-USDT',
    ]) {
      const answer = await get(testApp.app, path, alice.accessToken);
      expect([path, answer.body.code]).toEqual([path, UNKNOWN]);
    }
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
    expect(await testApp.sequencer.read((engine) => engine.openOrders(alice.userId))).toEqual(await engineBefore);
    expect(await testApp.trading.leverageOf(alice.userId)).toBe(10);
  });

  it('trades BTCUSDT named in any case as without a symbol, and every row names its market', async () => {
    const buy = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      { ...limitOrder(1, '0.02', '50000'), symbol: 'btcusdt' },
      alice.accessToken,
    );
    expect(buy.body.code).toBe(0);
    const open = await get<{ orders: Array<{ no: number; symbol: string }> }>(
      testApp.app,
      '/order/waitLookup?symbol=BTCUSDT',
      alice.accessToken,
    );
    expect(open.body.data!.orders.map((order) => [order.no, order.symbol])).toContainEqual([
      buy.body.data!.no,
      'BTCUSDT',
    ]);
    const sell = await post(
      testApp.app,
      '/order/registerOrder',
      { ...limitOrder(2, '0.02', 0), priceType: 2, orderPath: 2, symbol: 'BTCUSDT' },
      bob.accessToken,
    );
    expect(sell.body.code).toBe(0);

    const all = await get<Array<{ symbol: string; volume: number; position: number }>>(
      testApp.app,
      '/postion/lookup',
      alice.accessToken,
    );
    const named = await get<typeof all.body.data>(testApp.app, '/postion/lookup?symbol=BTCUSDT', alice.accessToken);
    expect(all.body.data).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', position: 1, volume: 0.02 })]);
    expect(named.body.data).toEqual(all.body.data);

    const tpsl = await post(
      testApp.app,
      '/order/updateTpsl',
      { takeProfit: '60000', symbol: 'BTCUSDT' },
      alice.accessToken,
    );
    expect(tpsl.body.code).toBe(0);
    const margin = await post(
      testApp.app,
      '/position/margin',
      { amount: '5', type: 'add', symbol: 'BTCUSDT' },
      alice.accessToken,
    );
    expect(margin.body.code).toBe(0);

    const history = await get<{ orders: Array<{ symbol: string }> }>(
      testApp.app,
      '/order/history?symbol=BTCUSDT',
      bob.accessToken,
    );
    expect(history.body.data!.orders.length).toBeGreaterThan(0);
    expect(new Set(history.body.data!.orders.map((row) => row.symbol))).toEqual(new Set(['BTCUSDT']));
    const page = await get<{ orders: Array<{ symbol: string }> }>(
      testApp.app,
      '/order/lookup?page=1&symbol=BTCUSDT',
      bob.accessToken,
    );
    expect(page.body.data!.orders).toEqual(
      (await get<{ orders: unknown[] }>(testApp.app, '/order/lookup?page=1', bob.accessToken)).body.data!.orders,
    );

    // Bob bids for Alice's close: she sells into it, and both are flat in BTCUSDT.
    const bid = await post(
      testApp.app,
      '/order/registerOrder',
      { ...limitOrder(1, '0.02', '50000'), symbol: 'BTCUSDT' },
      bob.accessToken,
    );
    expect(bid.body.code).toBe(0);
    const close = await post(
      testApp.app,
      '/order/closePosition',
      { volume: '0.02', symbol: 'BTCUSDT' },
      alice.accessToken,
    );
    expect(close.body.code).toBe(0);
    for (const trader of [alice, bob])
      expect(
        (await get<unknown[]>(testApp.app, '/postion/lookup?symbol=BTCUSDT', trader.accessToken)).body.data,
      ).toEqual([]);
  });

  it("reads and sets the leverage of a named market, up to that market's maximum", async () => {
    const read = await get<{ symbol: string; leverage: number }>(
      testApp.app,
      '/user/leverage?symbol=btcusdt',
      bob.accessToken,
    );
    expect(read.body.data).toEqual({ symbol: 'BTCUSDT', leverage: 10 });
    expect(
      (await post(testApp.app, '/user/updateLeverage', { leverage: 20, symbol: 'BTCUSDT' }, bob.accessToken)).body.code,
    ).toBe(0);
    expect((await get(testApp.app, '/user/leverage', bob.accessToken)).body.data).toEqual({
      symbol: 'BTCUSDT',
      leverage: 20,
    });
  });

  it('cancels an order with its market named', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      { ...limitOrder(2, '0.01', '52000', 20), symbol: 'BTCUSDT' },
      bob.accessToken,
    );
    expect(placed.body.code).toBe(0);
    const cancel = await post(
      testApp.app,
      '/order/cancel',
      { no: placed.body.data!.no, symbol: 'BTCUSDT' },
      bob.accessToken,
    );
    expect(cancel.body.code).toBe(0);
    const open = await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', bob.accessToken);
    expect(open.body.data!.orders).toEqual([]);
  });
});
