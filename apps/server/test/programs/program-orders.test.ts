import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '@tickline/engine';
import { Errors, type ClientOrderLookup } from '@tickline/protocol';
import { CommandGateway } from '../../src/app/engine/command-gateway.ts';
import { localEngineLink, type EngineLink } from '../../src/app/engine/engine-link.ts';
import { TradingService } from '../../src/app/trading/service.ts';
import { AppError } from '../../src/domain/errors.ts';
import { fireExpiredSwitches } from '../../src/app/trading/cancel-all-after.ts';
import { CANCEL_ALL_AFTER_JOB, registerProgramJobs } from '../../src/jobs/program-jobs.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { createTestClock, get, post, registerAndLogin } from '../helpers/test-app.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';
import { createKey, signedInject, type Credentials } from './signed-client.ts';

const USDT = 1_000_000;
const PRICE = 5_000_000; // 50,000.00 USDT in ticks

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let t: TradingTestApp;
let alice: Trader;
let bob: Trader;
let key: Credentials;

const limitOrder = (position: 1 | 2, price: string, extra: object = {}) => ({
  leverage: 10,
  volume: '0.01',
  type: 2,
  priceType: 1,
  position,
  orderPath: 1,
  price,
  ...extra,
});

const openOrders = async (trader: Trader) =>
  (await get<{ orders: Array<{ no: number }> }>(t.app, '/order/waitLookup', trader.accessToken)).body.data!.orders;

/** What the `cancel-all-after` job does on each run. */
const runSwitchJob = () => fireExpiredSwitches(t.pool, t.clock, (userId) => t.trading.cancelAllOrders(userId));

beforeAll(async () => {
  t = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  [alice, bob] = [await registerAndLogin(t.app), await registerAndLogin(t.app)];
  for (const trader of [alice, bob]) {
    await t.trading.fundDemoUser(trader.userId, 10_000 * USDT);
    await post(t.app, '/user/updateLeverage', { leverage: 10 }, trader.accessToken);
  }
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: PRICE, markPrice: PRICE })).ok).toBe(true);
  key = await createKey(t.app, alice.accessToken, { label: 'bot', permissions: ['read', 'trade'] });
});
afterAll(async () => {
  await t?.close();
});

describe('client order ids', () => {
  it('places one order for a retried id and answers the first order each time', async () => {
    const order = {
      method: 'POST',
      path: '/api/v1/order/registerOrder',
      body: limitOrder(1, '49000', { clientOrderId: 'mm-1_a' }),
    } as const;
    const first = await signedInject<{ no: number }>(t.app, t.clock, key, order);
    expect(first.body).toMatchObject({ code: 0, data: { no: expect.any(Number) } });
    // The retry of a program that got 1010, even sent again at once, several times.
    const retries = await Promise.all([1, 2, 3].map(() => signedInject<{ no: number }>(t.app, t.clock, key, order)));
    for (const retry of retries) expect(retry.body).toMatchObject({ code: 0, data: { no: first.body.data!.no } });
    expect((await openOrders(alice)).map((row) => row.no)).toEqual([first.body.data!.no]);
    const stored = await t.pool.query('SELECT client_order_id FROM orders WHERE user_id = $1', [alice.userId]);
    expect(stored.rows).toEqual([{ client_order_id: 'mm-1_a' }]);
    const lookup = await signedInject<ClientOrderLookup>(t.app, t.clock, key, {
      method: 'GET',
      path: '/api/v1/order/lookup?clientOrderId=mm-1_a',
    });
    expect(lookup.body.data).toEqual({
      clientOrderId: 'mm-1_a',
      kind: 'placeOrder',
      no: first.body.data!.no,
      createdAt: expect.any(String),
      order: { status: 'open', qty: '0.0100', filledQty: '0.0000' },
    });
  });

  it('resolves a 1010: the order was applied but its answer lost; the retry answers it and places nothing', async () => {
    const local = localEngineLink(t.sequencer);
    let loseNextAnswer = true;
    // An API node whose engine applied the command but whose answer did not arrive in time (remote-engine: 1010).
    const lossy: EngineLink = {
      read: (name, arg) => local.read(name, arg),
      submit: async (command: Command, options?: { idempotencyKey?: string }) => {
        const result = await local.submit(command, options);
        if (!loseNextAnswer) return result;
        loseNextAnswer = false;
        throw new AppError(Errors.ENGINE_OUTCOME_UNKNOWN);
      },
    };
    const node = new TradingService(new CommandGateway(lossy), t.pool);
    const order = limitOrder(1, '48500', { clientOrderId: 'lost-answer' });
    await expect(node.placeOrder(alice.userId, order)).rejects.toMatchObject({ code: 1010 });
    const before = (await openOrders(alice)).length;
    const retried = await node.placeOrder(alice.userId, order);
    expect((await openOrders(alice)).length).toBe(before);
    const stored = await t.pool.query('SELECT id FROM orders WHERE user_id = $1 AND client_order_id = $2', [
      alice.userId,
      'lost-answer',
    ]);
    expect(stored.rows).toEqual([{ id: retried.no }]);
  });

  it('keeps ids per user, frees an id whose order was refused, and refuses malformed ids', async () => {
    const same = await post<{ no: number }>(
      t.app,
      '/order/registerOrder',
      limitOrder(2, '51000', { clientOrderId: 'mm-1_a' }),
      bob.accessToken,
    );
    expect(same.body.code).toBe(0);
    const refused = await post(
      t.app,
      '/order/registerOrder',
      limitOrder(1, '49000', { clientOrderId: 'big', volume: '900' }),
      bob.accessToken,
    );
    expect(refused.body.code).not.toBe(0);
    const lookup = await get(t.app, '/order/lookup?clientOrderId=big', bob.accessToken);
    expect(lookup.body.code).toBe(8013);
    expect(
      (await post(t.app, '/order/registerOrder', limitOrder(1, '49000', { clientOrderId: 'big' }), bob.accessToken))
        .body.code,
    ).toBe(0);
    for (const bad of ['', 'x'.repeat(37), 'has space', 'é', 12])
      expect(
        (await post(t.app, '/order/registerOrder', limitOrder(1, '49000', { clientOrderId: bad }), bob.accessToken))
          .body.code,
      ).toBe(8012);
    expect((await get(t.app, '/order/lookup?clientOrderId=a%20b', bob.accessToken)).body.code).toBe(8012);
  });

  it('makes TP/SL, close and option bets idempotent too', async () => {
    const bet = { symbol: 1, betType: 1, volume: 10, clientOrderId: 'bet-1' };
    const firstBet = await post<{ no: number }>(t.app, '/optionOrder/register', bet, bob.accessToken);
    expect(firstBet.body.code).toBe(0);
    const again = await post<{ no: number }>(t.app, '/optionOrder/register', bet, bob.accessToken);
    expect(again.body.data!.no).toBe(firstBet.body.data!.no);
    const bets = await t.pool.query('SELECT count(*)::int AS n FROM option_orders WHERE user_id = $1', [bob.userId]);
    expect(bets.rows[0].n).toBe(1);
    // Alice's resting buy at 49,000 meets a market sell from Bob: Bob holds a short to close and protect.
    expect(
      (
        await post(
          t.app,
          '/order/registerOrder',
          { ...limitOrder(2, '0'), orderPath: 2, priceType: 2, price: undefined },
          bob.accessToken,
        )
      ).body.code,
    ).toBe(0);
    const tpsl = { takeProfit: '40000', stopLoss: '60000', clientOrderId: 'tpsl-1' };
    expect((await post(t.app, '/order/updateTpsl', tpsl, bob.accessToken)).body.code).toBe(0);
    expect((await post(t.app, '/order/updateTpsl', { ...tpsl, stopLoss: '70000' }, bob.accessToken)).body.code).toBe(0);
    const position = await get<Array<{ stopLoss: number }>>(t.app, '/postion/lookup', bob.accessToken);
    expect(JSON.stringify(position.body.data)).toContain('60000');
    expect(JSON.stringify(position.body.data)).not.toContain('70000');
    const tpslLookup = await get<ClientOrderLookup>(t.app, '/order/lookup?clientOrderId=tpsl-1', bob.accessToken);
    expect(tpslLookup.body.data).toMatchObject({ kind: 'setTpSl', no: null, order: null });
    // A seller for Bob's close to buy from; the close sent twice closes half the position once.
    const carol = await registerAndLogin(t.app);
    await t.trading.fundDemoUser(carol.userId, 10_000 * USDT);
    await post(t.app, '/user/updateLeverage', { leverage: 10 }, carol.accessToken);
    expect((await post(t.app, '/order/registerOrder', limitOrder(2, '50500'), carol.accessToken)).body.code).toBe(0);
    const close = { volume: '0.005', clientOrderId: 'close-1' };
    expect((await post(t.app, '/order/closePosition', close, bob.accessToken)).body.code).toBe(0);
    expect((await post(t.app, '/order/closePosition', close, bob.accessToken)).body.code).toBe(0);
    const after = await get<Array<{ volume: number }>>(t.app, '/postion/lookup', bob.accessToken);
    expect(JSON.stringify(after.body.data)).toMatch(/"volume":0\.005\b/);
  });
});

describe("the dead-man's switch", () => {
  it('cancels every open order when not renewed, keeps them while renewed, and can be disarmed', async () => {
    const arm = (timeoutMs: unknown) =>
      signedInject<{ cancelAt: string | null }>(t.app, t.clock, key, {
        method: 'POST',
        path: '/api/v1/order/cancelAllAfter',
        body: { timeoutMs },
      });
    for (const bad of [-1, 999, 3_600_001, 1.5, '5000', undefined]) expect((await arm(bad)).body.code).toBe(8014);
    await post(t.app, '/order/registerOrder', limitOrder(1, '48000'), alice.accessToken);
    const resting = (await openOrders(alice)).length;
    expect(resting).toBeGreaterThanOrEqual(1);

    const armed = await arm(10_000);
    expect(armed.body.data!.cancelAt).toBe(new Date(t.clock.now() + 10_000).toISOString());
    t.clock.advance(8_000);
    expect((await arm(10_000)).body.code).toBe(0); // renewed: now due 10 s from here
    t.clock.advance(8_000);
    expect(await runSwitchJob()).toBe(0);
    expect((await openOrders(alice)).length).toBe(resting);

    t.clock.advance(2_001);
    expect(await runSwitchJob()).toBe(1);
    expect(await openOrders(alice)).toEqual([]);
    expect(await runSwitchJob()).toBe(0); // fired once, then cleared
    const alarms = await get<Array<{ content: string }>>(t.app, '/alarm/lookup', alice.accessToken);
    expect(JSON.stringify(alarms.body.data)).toContain(`Your cancel-all timer ran out: ${resting} open order`);

    await post(t.app, '/order/registerOrder', limitOrder(1, '48000'), alice.accessToken);
    expect((await arm(1_000)).body.code).toBe(0);
    expect((await arm(0)).body.data).toEqual({ cancelAt: null });
    t.clock.advance(5_000);
    expect(await runSwitchJob()).toBe(0);
    expect((await openOrders(alice)).length).toBe(1);
  });

  it('keeps an armed switch in PostgreSQL: it fires once the engine answers again', async () => {
    const stored = await t.pool.query('SELECT count(*)::int AS n FROM cancel_all_after');
    expect(stored.rows[0].n).toBe(0);
    await post(t.app, '/order/cancelAllAfter', { timeoutMs: 1_000 }, alice.accessToken);
    t.clock.advance(1_001);
    // The engine is away: the run fails and the switch stays armed for the next one.
    await expect(
      fireExpiredSwitches(t.pool, t.clock, () => Promise.reject(new Error('engine away'))),
    ).rejects.toThrow();
    expect((await t.pool.query('SELECT count(*)::int AS n FROM cancel_all_after')).rows[0].n).toBe(1);
    expect(await runSwitchJob()).toBe(1);
    expect(await openOrders(alice)).toEqual([]);
  });

  it('is fired by the cancel-all-after job as main.ts and the jobs role register it', async () => {
    await post(t.app, '/order/registerOrder', limitOrder(1, '47000'), alice.accessToken);
    await post(t.app, '/order/cancelAllAfter', { timeoutMs: 1_000 }, alice.accessToken);
    const scheduler = new Scheduler(t.clock);
    registerProgramJobs(scheduler, t.app.context);
    t.clock.advance(1_000);
    await scheduler.runNow(CANCEL_ALL_AFTER_JOB);
    expect(await openOrders(alice)).toEqual([]);
  });
});
