import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { createTestClock, post, registerAndLogin } from '../helpers/test-app.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';

const USDT = 1_000_000;
let testApp: TradingTestApp;
let trader: Awaited<ReturnType<typeof registerAndLogin>>;

const order = (extra: Record<string, unknown>) => ({
  leverage: 10,
  volume: '0.01',
  type: 2,
  priceType: 1,
  position: 1,
  orderPath: 1,
  price: '40000',
  ...extra,
});

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  trader = await registerAndLogin(testApp.app);
  await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
  await testApp.sequencer.submit({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_000 });
  expect((await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken)).body.code).toBe(0);
});
afterAll(async () => {
  await testApp?.close();
});

describe('POST /order/registerOrder with clientOrderId', () => {
  it('keeps the caller’s id with the order, as the engine stores it', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/order/registerOrder',
      order({ clientOrderId: 'grid-7_a-b1' }),
      trader.accessToken,
    );
    expect(placed.body.code).toBe(0);
    const { rows } = await testApp.pool.query('SELECT client_order_id FROM orders WHERE id = $1', [
      placed.body.data!.no,
    ]);
    expect(rows).toEqual([{ client_order_id: 'grid-7_a-b1' }]);
  });

  it('stays optional, and refuses an id outside [A-Za-z0-9_-] or over 36 characters with its own code', async () => {
    expect((await post(testApp.app, '/order/registerOrder', order({}), trader.accessToken)).body.code).toBe(0);
    for (const clientOrderId of ['', 'x'.repeat(37), 'with space', 'a:b/c.d', 7])
      expect(
        (await post(testApp.app, '/order/registerOrder', order({ clientOrderId }), trader.accessToken)).body,
      ).toEqual({
        code: Errors.CLIENT_ORDER_ID_INVALID.code,
        message: Errors.CLIENT_ORDER_ID_INVALID.message,
        data: null,
      });
  });
});
