import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundingRatesOf } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { Command, Exchange } from '@tickline/engine';
import type { Sequencer } from '../../src/services/sequencer/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { ManualClock, startSequencer } from './helpers/sequencer.ts';

const USDT = 1_000_000;
const [MAKER, TRADER, OTHER] = [21, 22, 23];

let database: TestDatabase;
let sequencer: Sequencer<Exchange>;
const clock = new ManualClock();

beforeAll(async () => {
  database = await createTestDatabase();
  sequencer = await startSequencer(database.pool, { clock });
});
afterAll(async () => {
  await sequencer.stop();
  await database.drop();
});

async function ok(command: Command) {
  clock.advance(1_000);
  const result = await sequencer.submit(command);
  expect(result, JSON.stringify(command)).toMatchObject({ ok: true });
  return (result as { value: unknown }).value;
}

const snapshot = () => sequencer.read((engine) => engine.snapshot());
const byAccount = (a: readonly [string, number], b: readonly [string, number]) => a[0].localeCompare(b[0]);

async function restartAndCompare(): Promise<void> {
  const before = await snapshot();
  await sequencer.stop();
  sequencer = await startSequencer(database.pool, { clock });
  const after = await snapshot();
  expect({ ...after, balances: [...after.balances].sort(byAccount) }).toEqual({
    ...before,
    balances: [...before.balances].sort(byAccount),
  });
}

describe('order controls in the sequencer (#32)', () => {
  it('stores amended, re-queued and trimmed orders, entry TP/SL and margin so a restore rebuilds the same book', async () => {
    for (const userId of [MAKER, TRADER, OTHER])
      await ok({ type: 'fund', userId, wallet: 'futures', amount: 100_000 * USDT, reason: 't' });
    await ok({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_000 });
    const ask = (userId: number) =>
      ok({ type: 'placeOrder', userId, side: 2, orderPath: 1, price: 5_001_000, qty: 2_000 }) as Promise<{
        orderId: number;
      }>;
    const first = await ask(MAKER);
    await ask(OTHER);
    // MAKER's ask grows: re-queued behind OTHER's under a new queue number, its own number kept.
    expect(await ok({ type: 'amendOrder', userId: MAKER, orderId: first.orderId, qty: 3_000 })).toMatchObject({
      orderId: first.orderId,
      priorityKept: false,
    });
    // TRADER's resting bid carries TP/SL; a reduce-only order waits on another position.
    await ok({
      type: 'placeOrder',
      userId: TRADER,
      side: 1,
      orderPath: 1,
      price: 4_990_000,
      qty: 1_000,
      takeProfit: 5_200_000,
      stopLoss: 4_800_000,
    });
    await restartAndCompare();
    const stored = await database.pool.query(
      'SELECT id, qty, queue_seq AS "queueSeq", take_profit AS "takeProfit" FROM orders WHERE user_id = ANY($1) ORDER BY id',
      [[MAKER, TRADER]],
    );
    expect(stored.rows).toEqual([
      { id: first.orderId, qty: 3_000, queueSeq: expect.any(Number), takeProfit: null },
      expect.objectContaining({ takeProfit: 5_200_000 }),
    ]);
    // After the restore the queue is the same: a buy of 0.2 BTC takes OTHER's ask, not MAKER's.
    const taken = await sequencer.submit({
      type: 'placeOrder',
      userId: TRADER,
      side: 1,
      orderPath: 2,
      price: null,
      qty: 2_000,
    });
    expect(taken.ok).toBe(true);
    expect(await sequencer.read((engine) => engine.openOrders(OTHER))).toEqual([]);
    expect(await sequencer.read((engine) => engine.openOrders(MAKER))).toEqual([
      expect.objectContaining({ id: first.orderId, qty: 3_000, filledQty: 0 }),
    ]);

    // TRADER is long 0.2: a reduce-only sell of 0.5 is cut to 0.2, then trimmed to 0.1 as a close takes 0.1.
    await ok({ type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: 4_995_000, qty: 1_000 });
    const reduce = (await ok({
      type: 'placeOrder',
      userId: TRADER,
      side: 2,
      orderPath: 1,
      price: 5_100_000,
      qty: 5_000,
      reduceOnly: true,
    })) as { orderId: number };
    await ok({ type: 'placeOrder', userId: TRADER, side: 2, orderPath: 2, price: null, qty: 1_000, reduceOnly: true });
    const trimmed = (await sequencer.read((engine) => engine.openOrders(TRADER))).find((o) => o.id === reduce.orderId);
    expect(trimmed).toMatchObject({ qty: 1_000, reduceOnly: true });
    await ok({ type: 'adjustMargin', userId: TRADER, amount: 100 * USDT, direction: 'add' });
    await restartAndCompare();
    const row = await database.pool.query('SELECT qty, reduce_only FROM orders WHERE id = $1', [reduce.orderId]);
    expect(row.rows[0]).toEqual({ qty: 1_000, reduce_only: true });
    await expectLedgerInvariants(database.pool);
  });

  it('stores each user’s funding settlement with its rate, position and mark', async () => {
    clock.advance(60_000);
    const settledAt = clock.nowMs + 1_000;
    await ok({ type: 'settleFunding', fundingRatePpm: 100 });
    const { rows } = await database.pool.query(
      `SELECT user_id AS "userId", time_ms AS "timeMs", rate_ppm AS "ratePpm", side, qty, mark_price AS "markPrice", amount
       FROM funding_payments ORDER BY user_id`,
    );
    const positions = await sequencer.read((engine) => engine.positions());
    expect(rows).toEqual(
      positions.map((p) => ({
        userId: p.userId,
        timeMs: settledAt,
        ratePpm: 100,
        side: p.side,
        qty: p.qty,
        markPrice: 5_000_000,
        amount: p.side === 1 ? -Math.ceil((5_000_000 * p.qty * 100) / 1_000_000) : expect.any(Number),
      })),
    );
    expect(rows.some((r) => r.amount > 0)).toBe(true);
    // The market's own history: one row for the settlement, oldest first, bounded by the window asked for.
    await ok({ type: 'settleFunding', fundingRatePpm: -30 });
    const both = await fundingRatesOf(database.pool, { symbol: 'BTCUSDT', startMs: null, endMs: null, limit: 10 });
    expect(both).toEqual([
      { symbol: 'BTCUSDT', timeMs: settledAt, ratePpm: 100, markPrice: 5_000_000 },
      { symbol: 'BTCUSDT', timeMs: clock.nowMs, ratePpm: -30, markPrice: 5_000_000 },
    ]);
    const newest = await fundingRatesOf(database.pool, { symbol: 'BTCUSDT', startMs: null, endMs: null, limit: 1 });
    expect(newest.map((row) => row.ratePpm)).toEqual([-30]);
    const oldest = await fundingRatesOf(database.pool, { symbol: 'BTCUSDT', startMs: 0, endMs: null, limit: 1 });
    expect(oldest.map((row) => row.ratePpm)).toEqual([100]);
    const before = await fundingRatesOf(database.pool, {
      symbol: 'BTCUSDT',
      startMs: null,
      endMs: settledAt,
      limit: 10,
    });
    expect(before.map((row) => row.ratePpm)).toEqual([100]);
  });
});
