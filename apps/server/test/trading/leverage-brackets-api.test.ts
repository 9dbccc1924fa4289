import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeverageBracketsAnswer, ServerConfigAnswer } from '@tickline/protocol';
import { createTestClock, databaseState, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { TRADING_TABLES, createTradingTestApp, limitOrder, type TradingTestApp } from './helpers/trading-app.ts';

// #32 items 6 and 8 through the API: the brackets route and rules, the refusals beyond a bracket, the ADL quantile on
// the position, and an auto-deleveraging's user alarm and operator alert (the engine runs with ADL on, as config.ts).

const USDT = 1_000_000;

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let testApp: TradingTestApp;
let alice: Trader;
let bob: Trader;
let carol: Trader;

async function price(ticks: number): Promise<void> {
  const result = await testApp.sequencer.submit({ type: 'priceTick', indexPrice: ticks, markPrice: ticks });
  expect(result.ok).toBe(true);
}

async function leverage(trader: Trader, value: number) {
  return (await post(testApp.app, '/user/updateLeverage', { leverage: value }, trader.accessToken)).body.code;
}

beforeAll(async () => {
  testApp = await createTradingTestApp({
    clock: createTestClock(Date.UTC(2026, 10, 26, 3, 0, 10)),
    config: { autoDeleverage: true },
  });
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

describe('GET /market/leverageBrackets and the rules', () => {
  it('answers the brackets without a token, the same as the server config', async () => {
    const answer = await get<LeverageBracketsAnswer>(testApp.app, '/market/leverageBrackets');
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    const { symbol, brackets } = answer.body.data!;
    expect(symbol).toBe('BTCUSDT');
    expect(brackets[0]).toEqual({
      bracket: 1,
      initialLeverage: 100,
      notionalFloor: 0,
      notionalCap: 50_000,
      maintMarginRatioPpm: 4_000,
      cum: 0,
    });
    expect(brackets[1]).toMatchObject({ bracket: 2, initialLeverage: 50, notionalFloor: 50_000, cum: 50 });
    expect(brackets.at(-1)).toMatchObject({ notionalCap: null, initialLeverage: 2 });
    const rules = await get<ServerConfigAnswer>(testApp.app, '/server/config');
    expect(rules.body.data!.futures.leverageBrackets).toEqual(brackets);
  });
});

describe('orders and leverage beyond the bracket', () => {
  it('refuses an order past 50,000 USDT at 100x with 3050, changing nothing', async () => {
    expect(await leverage(bob, 10)).toBe(0);
    const offer = await post(testApp.app, '/order/registerOrder', limitOrder(2, '1.2', '50000'), bob.accessToken);
    expect(offer.body.code).toBe(0);
    expect(await leverage(alice, 100)).toBe(0);
    const before = await databaseState(testApp.pool, TRADING_TABLES);
    const refused = await post(
      testApp.app,
      '/order/registerOrder',
      limitOrder(1, '1.1', '50000', 100),
      alice.accessToken,
    );
    expect(refused.body).toMatchObject({ code: 3050, message: expect.stringContaining('leverage bracket') });
    expect(await databaseState(testApp.pool, TRADING_TABLES)).toEqual(before);
    const filled = await post(testApp.app, '/order/registerOrder', limitOrder(1, '1', '50000', 100), alice.accessToken);
    expect(filled.body.code).toBe(0);
    await expectLedgerInvariants(testApp.pool);
  });

  it('refuses a leverage change above the bracket of the position and its orders with 3050', async () => {
    // Bob: short 1 BTC and 0.2 BTC still offered: 60,000 USDT, bracket 2 (at most 50x).
    expect(await leverage(bob, 100)).toBe(3050);
    expect(await leverage(bob, 51)).toBe(3050);
  });
});

describe('auto-deleveraging', () => {
  it('shows each position’s ADL quantile', async () => {
    expect(await leverage(bob, 20)).toBe(0); // Bob's short: liquidated near 52,290
    await price(5_050_000); // Alice's long gains, Bob's short loses
    const lookup = async (trader: Trader) =>
      (await get<Array<{ adlQuantile?: number }>>(testApp.app, '/postion/lookup', trader.accessToken)).body.data!;
    expect((await lookup(alice))[0]).toMatchObject({ position: 1, adlQuantile: 4 });
    expect((await lookup(bob))[0]).toMatchObject({ position: 2, adlQuantile: 0 });
    expect(await lookup(carol)).toEqual([]);
  });

  it('deleverages the opposite side when the fund cannot cover a liquidation, with an alarm and an operator alert', async () => {
    // Carol goes short 0.2 BTC at 50,500, 50x (margin 202: bankrupt at 51,510); Bob buys it back from his short.
    expect(await leverage(carol, 50)).toBe(0);
    const order = (trader: Trader, side: 1 | 2, volume: string, at: string, lev: number) =>
      post(testApp.app, '/order/registerOrder', limitOrder(side, volume, at, lev), trader.accessToken);
    expect((await order(carol, 2, '0.2', '50500', 50)).body.code).toBe(0);
    expect((await order(bob, 1, '0.2', '50500', 20)).body.code).toBe(0);
    // The only offer is above Carol's bankruptcy price and the insurance fund is empty.
    expect((await order(bob, 2, '0.2', '52000', 20)).body.code).toBe(0);
    await price(5_140_000);
    expect((await get<unknown[]>(testApp.app, '/postion/lookup', carol.accessToken)).body.data).toEqual([]);
    const alarms = await testApp.pool.query<{ user_id: string; content: string }>(
      "SELECT user_id, content FROM alarms WHERE content LIKE 'Auto-deleveraging%'",
    );
    expect(alarms.rows.map((row) => Number(row.user_id))).toEqual([alice.userId]);
    expect(alarms.rows[0]!.content).toContain('51,510.00 USDT');
    const alerts = await testApp.pool.query<{ kind: string; content: string }>(
      "SELECT kind, content FROM chain_alerts WHERE kind = 'auto_deleverage'",
    );
    expect(alerts.rows).toHaveLength(1);
    expect(alerts.rows[0]!.content).toContain(`user ${carol.userId}'s short`);
    const [alicePosition] = (await get<Array<{ volume: number }>>(testApp.app, '/postion/lookup', alice.accessToken))
      .body.data!;
    expect(alicePosition!.volume).toBe(0.8);
    await expectLedgerInvariants(testApp.pool);
  });
});
