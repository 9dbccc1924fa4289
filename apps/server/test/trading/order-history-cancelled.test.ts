// #28 item 12: setting TP/SL or closing cancels the resting orders (seed 000 §9); Order History must show them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuturesHistoryAnswer } from '@tickline/protocol';
import { createTestClock, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

const USDT = 1_000_000;
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let alice: Trader;
let bob: Trader;

const history = async (trader: Trader) =>
  (await get<FuturesHistoryAnswer>(testApp.app, '/order/history', trader.accessToken)).body.data!.orders;

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  [alice, bob] = [await registerAndLogin(testApp.app), await registerAndLogin(testApp.app)];
  for (const trader of [alice, bob]) {
    await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
    await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken);
  }
  await testApp.sequencer.submit({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_000 });
  // Alice opens a long of 0.01 at 50,000 against Bob's resting sell.
  await post(testApp.app, '/order/registerOrder', limitOrder(2, '0.01', '50000'), bob.accessToken);
  await post(testApp.app, '/order/registerOrder', limitOrder(1, '0.01', '50000'), alice.accessToken);
});
afterAll(async () => {
  await testApp?.close();
});

describe('Order History shows cancelled orders', () => {
  it('lists the resting orders a TP/SL change cancelled, newest first, beside the fills', async () => {
    await post(testApp.app, '/order/registerOrder', limitOrder(1, '0.02', '45000'), alice.accessToken);
    await post(testApp.app, '/order/registerOrder', limitOrder(1, '0.03', '44000'), alice.accessToken);
    const set = await post(
      testApp.app,
      '/order/updateTpsl',
      { takeProfit: '60000', stopLoss: '40000' },
      alice.accessToken,
    );
    expect(set.body.code).toBe(0);
    expect(await testApp.trading.openOrders(alice.userId)).toEqual([]);
    const rows = await history(alice);
    const cancelled = rows.filter((row) => row.status === 'cancelled');
    expect(cancelled).toHaveLength(2);
    expect(cancelled.map((row) => [row.price, row.volume, row.position, row.orderPath])).toEqual(
      expect.arrayContaining([
        [45_000, 0.02, 1, 1],
        [44_000, 0.03, 1, 1],
      ]),
    );
    expect(cancelled.every((row) => row.openOrderFee === 0 && row.realizedProfit === 0)).toBe(true);
    // The fill that opened the position is still there, as filled.
    expect(rows.some((row) => row.status === 'filled' && row.volume === 0.01)).toBe(true);
    const times = rows.map((row) => Date.parse(row.insertDate));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('lists the unfilled part of an order the user cancelled, and no one else’s', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      limitOrder(1, '0.05', '43000'),
      alice.accessToken,
    );
    await post(testApp.app, '/order/cancel', { no: placed.body.data!.no }, alice.accessToken);
    const rows = await history(alice);
    expect(rows.filter((row) => row.status === 'cancelled' && row.volume === 0.05)).toHaveLength(1);
    expect((await history(bob)).some((row) => row.status === 'cancelled')).toBe(false);
  });
});
