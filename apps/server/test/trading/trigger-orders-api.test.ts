import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, databaseState, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { TRADING_TABLES, createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

/** Trigger orders through POST /order/registerOrder (#32 item 3): refusals, listing, cancel, firing on the mark. */

const USDT = 1_000_000;
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let alice: Trader;
let bob: Trader;

async function mark(usdt: number): Promise<void> {
  const ticks = usdt * 100;
  expect((await testApp.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks })).ok).toBe(true);
}

const stopMarket = (position: 1 | 2, fields: Record<string, unknown>) => ({
  ...limitOrder(position, '0.01', undefined),
  priceType: 2,
  orderPath: 2,
  ...fields,
});

async function waitLookup(trader: Trader) {
  return (await get<{ orders: Array<Record<string, unknown>> }>(testApp.app, '/order/waitLookup', trader.accessToken))
    .body.data!.orders;
}

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  [alice, bob] = [await registerAndLogin(testApp.app), await registerAndLogin(testApp.app)];
  for (const trader of [alice, bob]) {
    await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
    expect((await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken)).body.code).toBe(0);
  }
  await mark(50_000);
  // Bob quotes both sides so fired market orders have something to take.
  for (const [side, price] of [
    [2, '50010'],
    [1, '49990'],
  ] as const)
    expect(
      (await post(testApp.app, '/order/registerOrder', limitOrder(side, '0.5', price), bob.accessToken)).body.code,
    ).toBe(0);
});
afterAll(async () => {
  await testApp?.close();
});

describe('trigger orders on /order/registerOrder', () => {
  it('refuses each malformed or immediately-firing trigger with its code, changing nothing', async () => {
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const refusals: Array<[Record<string, unknown>, number]> = [
      [stopMarket(2, { triggerPrice: '49000' }), 3040], // no triggerType
      [stopMarket(2, { triggerType: 'stopLimit', triggerPrice: '49000' }), 3040],
      [stopMarket(2, { triggerType: 'stop', triggerBy: 'index', triggerPrice: '49000' }), 3040],
      [stopMarket(2, { triggerType: 'stop', triggerPrice: '-1' }), 3040],
      [stopMarket(2, { triggerType: 'stop', triggerPrice: '49000', callbackRate: 100 }), 3040],
      [stopMarket(2, { triggerType: 'trailingStop', callbackRate: 100, triggerPrice: '49000' }), 3040],
      [stopMarket(2, { triggerType: 'stop', triggerPrice: '50000' }), 3041], // the mark is there already
      [stopMarket(1, { triggerType: 'takeProfit', triggerPrice: '50500' }), 3041],
      [stopMarket(2, { triggerType: 'trailingStop', callbackRate: 100, activationPrice: '49000' }), 3041],
      [stopMarket(2, { triggerType: 'trailingStop', callbackRate: 5 }), 3042],
      [stopMarket(2, { triggerType: 'trailingStop', callbackRate: 1001 }), 3042],
      [stopMarket(2, { triggerType: 'trailingStop', callbackRate: 1.5 }), 3042],
      [stopMarket(2, { triggerType: 'stop', triggerBy: 'last', triggerPrice: '49000' }), 3043], // no trade yet
      [{ ...limitOrder(2, '0.01', '49000'), triggerType: 'trailingStop', callbackRate: 100 }, 3015],
      [{ ...limitOrder(2, '0.01', undefined), triggerType: 'stop', triggerPrice: '49000' }, 3004],
      [stopMarket(2, { triggerType: 'stop', triggerPrice: '49000', volume: '30' }), 3008],
    ];
    for (const [body, code] of refusals) {
      const answer = await post(testApp.app, '/order/registerOrder', body, alice.accessToken);
      expect(answer.body.code, JSON.stringify(body)).toBe(code);
    }
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
  });

  it('lists a waiting trigger with its trigger, cancels it with /order/cancel', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      { ...limitOrder(2, '0.01', '48900'), triggerType: 'stop', triggerBy: 'mark', triggerPrice: '49000' },
      alice.accessToken,
    );
    expect(placed.body.code).toBe(0);
    const no = placed.body.data!.no;
    expect(await waitLookup(alice)).toEqual([
      {
        no,
        symbol: 'BTCUSDT',
        position: 2,
        volume: 0.01,
        price: 48_900,
        leverage: 10,
        insertDate: expect.any(String),
        reduceOnly: false,
        orderPath: 3,
        triggerType: 'stop',
        triggerBy: 'mark',
        triggerPrice: 49_000,
        triggered: false,
      },
    ]);
    const balance = await get<Record<string, number>>(testApp.app, '/user/balance', alice.accessToken);
    expect(balance.body.data!.shortWaitingRequiredAmount).toBe(0); // margin is checked at the fire, not held
    expect((await post(testApp.app, '/order/cancel', { no }, bob.accessToken)).body.code).toBe(3009);
    expect((await post(testApp.app, '/order/cancel', { no }, alice.accessToken)).body.code).toBe(0);
    expect(await waitLookup(alice)).toEqual([]);
    const { rows } = await testApp.pool.query('SELECT status, trigger FROM orders WHERE id = $1', [no]);
    expect(rows).toEqual([{ status: 'cancelled', trigger: expect.objectContaining({ price: 4_900_000 }) }]);
    await mark(48_000);
    expect((await get<unknown[]>(testApp.app, '/postion/lookup', alice.accessToken)).body.data).toEqual([]);
    await mark(50_000);
  });

  it('fires a stop-market once when the mark reaches it, and a trailing stop shows where it fires', async () => {
    const stop = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      stopMarket(2, { triggerType: 'stop', triggerPrice: '49500' }),
      alice.accessToken,
    );
    const trailing = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      stopMarket(1, { triggerType: 'trailingStop', callbackRate: 100, activationPrice: '49200' }),
      bob.accessToken,
    );
    expect([stop.body.code, trailing.body.code]).toEqual([0, 0]);
    expect((await waitLookup(bob)).find((row) => row.no === trailing.body.data!.no)).toMatchObject({
      orderPath: 4,
      triggerType: 'trailingStop',
      triggerPrice: 0,
      callbackRate: 100,
      activationPrice: 49_200,
      triggered: false,
    });
    await mark(49_500);
    expect(await waitLookup(alice)).toEqual([]);
    expect((await get<unknown[]>(testApp.app, '/postion/lookup', alice.accessToken)).body.data).toEqual([
      expect.objectContaining({ position: 2, volume: 0.01 }),
    ]);
    const history = await get<{ orders: Array<Record<string, unknown>> }>(
      testApp.app,
      '/order/history',
      alice.accessToken,
    );
    expect(history.body.data!.orders[0]).toMatchObject({ orderPath: 4, position: 2, volume: 0.01 });
    await mark(49_000); // the trailing stop activates at 49,000: a buy fires 1 % above its lowest price
    expect((await waitLookup(bob)).find((row) => row.no === trailing.body.data!.no)).toMatchObject({
      triggerPrice: 49_490,
    });
    await mark(48_000);
    expect((await waitLookup(alice)).length).toBe(0); // fired once: nothing new
    const { rows } = await testApp.pool.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
      stop.body.data!.no,
    ]);
    expect(rows).toEqual([{ status: 'filled' }]);
    await expectLedgerInvariants(testApp.pool);
  });
});
