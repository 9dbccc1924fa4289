import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeAlarm } from '../../src/domain/notices.ts';
import { createTestClock, get, post, registerAndLogin, type TestClock } from '../helpers/test-app.ts';
import { createTradingTestApp, type TradingTestApp } from './helpers/trading-app.ts';

const USDT = 1_000_000;
const ROUND_START = Date.UTC(2026, 10, 21, 3, 0, 0);

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let clock: TestClock;
let alice: Trader;
let bob: Trader;
let carol: Trader;
const published: NoticeAlarm[] = [];

async function price(ticks: number): Promise<void> {
  expect((await testApp.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks })).ok).toBe(true);
}

async function alarmsOf(trader: Trader): Promise<Array<{ content: string; insertDate: string }>> {
  const answer = await get<Array<{ content: string; insertDate: string }>>(
    testApp.app,
    '/alarm/lookup',
    trader.accessToken,
  );
  expect(answer.body.code).toBe(0);
  return answer.body.data!;
}

const order = (position: 1 | 2, volume: string, orderPath: 1 | 2, price = '0') => ({
  leverage: 1,
  volume,
  type: 2,
  priceType: orderPath,
  position,
  orderPath,
  price,
});

beforeAll(async () => {
  clock = createTestClock(ROUND_START + 10_000);
  testApp = await createTradingTestApp({ clock });
  testApp.sequencer.onCommitted((batch) => published.push(...batch.alarms));
  [alice, bob, carol] = [
    await registerAndLogin(testApp.app),
    await registerAndLogin(testApp.app),
    await registerAndLogin(testApp.app),
  ];
  for (const trader of [alice, bob, carol]) await testApp.trading.fundDemoUser(trader.userId, 10_000 * USDT);
  await price(5_000_000);
});
afterAll(async () => {
  await testApp?.close();
});

describe('notices become stored and pushed alarms, written for people', () => {
  it('tells a trader their take profit executed, with size, mark price and realized PnL', async () => {
    expect(
      (await post(testApp.app, '/order/registerOrder', order(2, '0.01', 1, '50000'), bob.accessToken)).body.code,
    ).toBe(0);
    expect((await post(testApp.app, '/order/registerOrder', order(1, '0.01', 2), alice.accessToken)).body.code).toBe(0);
    const tpsl = await post(testApp.app, '/order/updateTpsl', { takeProfit: '51000', stopLoss: '' }, alice.accessToken);
    expect(tpsl.body.code).toBe(0);
    // The close needs a buyer: carol bids at the take-profit price.
    expect(
      (await post(testApp.app, '/order/registerOrder', order(1, '0.01', 1, '51000'), carol.accessToken)).body.code,
    ).toBe(0);
    expect(await alarmsOf(alice)).toEqual([]);

    await price(5_100_000);
    const content =
      'Take profit executed: 0.0100 BTC of your long position closed at mark price 51,000.00 USDT. Realized PnL +10.00 USDT.';
    expect(await alarmsOf(alice)).toEqual([{ content, insertDate: new Date(clock.now()).toISOString() }]);
    expect(published).toEqual([{ userId: alice.userId, kind: 'takeProfit', content, createdAtMs: clock.now() }]);
    expect(await alarmsOf(carol)).toEqual([]);
  });

  it('tells a bettor the result of their option order, with stake, prices and what they won', async () => {
    const placed = await post<{ no: number }>(
      testApp.app,
      '/optionOrder/register',
      { symbol: 1, betType: 1, volume: '10' },
      bob.accessToken,
    );
    expect(placed.body.code).toBe(0);
    clock.set(ROUND_START + 60_000);
    await price(5_101_000);
    const settled = await testApp.sequencer.submit({
      type: 'settleOptionRound',
      roundStartMs: ROUND_START,
      resultPrice: 5_101_000,
    });
    expect(settled.ok).toBe(true);
    const [latest] = await alarmsOf(bob);
    expect(latest!.content).toBe(
      `Option order ${placed.body.data!.no} (higher, 10.00 USDT) won +9.50 USDT (open 51,000.00, result 51,010.00).`,
    );
    expect(published.at(-1)).toMatchObject({ userId: bob.userId, kind: 'optionResult', content: latest!.content });
  });
});
