import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

/**
 * Partial TP/SL by size (#32 item 7): a reduce-only take-profit or stop trigger of part of the position, as Binance's
 * TAKE_PROFIT_MARKET / STOP_MARKET with reduceOnly and a quantity. It closes its size when its price is reached and
 * never opens the other side, even when the position is smaller than it by then.
 */

const USDT = 1_000_000;
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let carol: Trader;
let maker: Trader;

async function mark(usdt: number): Promise<void> {
  const ticks = usdt * 100;
  expect((await testApp.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks })).ok).toBe(true);
}

async function position(trader: Trader): Promise<{ position: number; volume: number } | undefined> {
  const rows = (
    await get<Array<{ position: number; volume: number }>>(testApp.app, '/postion/lookup', trader.accessToken)
  ).body.data!;
  return rows[0];
}

/** A reduce-only market sell of `volume` fired by the mark: a take-profit above it or a stop below it. */
const closingTrigger = (triggerType: 'takeProfit' | 'stop', volume: string, triggerPrice: string) => ({
  ...limitOrder(2, volume, undefined),
  priceType: 2,
  orderPath: 2,
  reduceOnly: true,
  triggerType,
  triggerBy: 'mark',
  triggerPrice,
});

async function place(trader: Trader, body: Record<string, unknown>): Promise<number> {
  const answer = await post<{ no: number }>(testApp.app, '/order/registerOrder', body, trader.accessToken);
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  return answer.body.data!.no;
}

beforeAll(async () => {
  testApp = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 26, 3, 0, 10)) });
  [carol, maker] = [await registerAndLogin(testApp.app), await registerAndLogin(testApp.app)];
  for (const trader of [carol, maker]) {
    await testApp.trading.fundDemoUser(trader.userId, 50_000 * USDT);
    expect((await post(testApp.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken)).body.code).toBe(0);
  }
  await mark(50_000);
  // The maker's asks open Carol's long; its bids take her closing sells.
  await place(maker, limitOrder(2, '0.04', '50000'));
  await place(maker, limitOrder(1, '1', '49900'));
  await place(carol, { ...limitOrder(1, '0.04', undefined), priceType: 2, orderPath: 2 });
  expect(await position(carol)).toMatchObject({ position: 1, volume: 0.04 });
});
afterAll(async () => {
  await testApp?.close();
});

describe('partial TP/SL by size: reduce-only trigger orders', () => {
  it('a take-profit of a quarter closes a quarter; a stop larger than what is left closes only the rest', async () => {
    await place(carol, closingTrigger('takeProfit', '0.01', '51000'));
    await place(carol, closingTrigger('stop', '0.05', '49000'));

    await mark(51_000);
    expect(await position(carol)).toMatchObject({ position: 1, volume: 0.03 });

    await mark(49_000);
    // The stop was for 0.05: cut to the 0.03 still held, so the position is closed and no short is opened.
    expect(await position(carol)).toBeUndefined();
    const waiting = (await get<{ orders: unknown[] }>(testApp.app, '/order/waitLookup', carol.accessToken)).body.data!;
    expect(waiting.orders).toEqual([]);
    await expectLedgerInvariants(testApp.pool);
  });

  it('a reduce-only trigger that fires with no position left is cancelled, opening nothing', async () => {
    await mark(50_000);
    await place(carol, closingTrigger('takeProfit', '0.01', '50500'));
    await mark(50_500);
    expect(await position(carol)).toBeUndefined();
    await expectLedgerInvariants(testApp.pool);
  });
});
