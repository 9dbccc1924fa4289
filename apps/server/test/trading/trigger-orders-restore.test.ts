import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { Command, Exchange, OrderState, TriggerRequest } from '@tickline/engine';
import type { Sequencer } from '../../src/services/sequencer/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { startSequencer } from './helpers/sequencer.ts';

/**
 * Trigger orders are durable (#32 item 3): a sequencer restarted over the same database (a restart or a failover
 * takes the same path) gets back every waiting trigger, the trailing stops' best prices, the fired stop-limit's place
 * in the book and the last trade price, and fires each trigger once afterwards.
 */

const USDT = 1_000_000;
const MAKER = 1;
const TRADER = 2;
const TAKER = 3;
let database: TestDatabase;
let sequencer: Sequencer<Exchange>;

async function ok(command: Command) {
  const result = await sequencer.submit(command);
  expect(result, JSON.stringify(command)).toMatchObject({ ok: true });
  return result as { ok: true; value: { orderId: number } };
}

const tick = (markPrice: number) => ok({ type: 'priceTick', indexPrice: markPrice, markPrice });
const allTriggers = () => sequencer.read((engine) => [TRADER, TAKER].flatMap((id) => engine.triggerOrders(id)));

afterAll(async () => {
  await sequencer?.stop();
  await database?.drop();
});

describe('trigger orders across a restart', () => {
  it('come back from the database as they were and fire once afterwards', async () => {
    database = await createTestDatabase();
    sequencer = await startSequencer(database.pool);
    for (const userId of [MAKER, TRADER, TAKER])
      await ok({ type: 'fund', userId, wallet: 'futures', amount: 1_000_000 * USDT, reason: 't' });
    await tick(5_000_000);
    for (let step = 1; step <= 10; step++) {
      await ok({
        type: 'placeOrder',
        userId: MAKER,
        side: 2,
        orderPath: 1,
        price: 5_000_000 + step * 1_000,
        qty: 1_000,
      });
      await ok({
        type: 'placeOrder',
        userId: MAKER,
        side: 1,
        orderPath: 1,
        price: 5_000_000 - step * 1_000,
        qty: 1_000,
      });
    }
    await ok({ type: 'placeOrder', userId: TAKER, side: 1, orderPath: 2, price: null, qty: 500 }); // last 50,010
    const place = (userId: number, side: 1 | 2, price: number | null, trigger: TriggerRequest) =>
      ok({ type: 'placeOrder', userId, side, orderPath: price === null ? 2 : 1, price, qty: 100, trigger });
    const stop = await place(TRADER, 2, null, { type: 'stop', by: 'mark', price: 4_950_000 });
    const stopLimit = await place(TRADER, 1, 5_002_000, { type: 'stop', by: 'last', price: 5_003_000 });
    const trailing = await place(TAKER, 2, null, { type: 'trailingStop', by: 'mark', callbackRateBps: 100 });
    await tick(5_020_000); // the trailing stop's best moves to 50,200
    await ok({ type: 'placeOrder', userId: TAKER, side: 1, orderPath: 2, price: null, qty: 2_000 }); // prints 50,030: stop-limit fires and rests
    await ok({ type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: 5_002_000, qty: 1_000 }); // behind it

    const before = await sequencer.read((engine) => engine.snapshot());
    expect(before.triggerOrders?.map((order) => order.id)).toEqual([stop.value.orderId, trailing.value.orderId]);
    expect(before.triggerOrders?.[1]?.trigger).toMatchObject({ bestPrice: 5_020_000, price: 4_969_800 });
    expect(before.openOrders.find((order) => order.id === stopLimit.value.orderId)?.trigger).toMatchObject({
      firedAtMs: expect.any(Number),
      arrivalId: expect.any(Number),
    });
    await sequencer.stop();
    sequencer = await startSequencer(database.pool);
    const after = await sequencer.read((engine) => engine.snapshot());
    expect(new Map(after.balances)).toEqual(new Map(before.balances)); // the database lists accounts in its order
    expect({ ...after, balances: null }).toEqual({ ...before, balances: null });

    // The fired stop-limit kept its place ahead of the maker's later bid at the same price.
    const sold = await ok({ type: 'placeOrder', userId: TAKER, side: 2, orderPath: 1, price: 5_002_000, qty: 100 });
    expect(sold.ok).toBe(true);
    const filled = await sequencer.read((engine) => engine.openOrders(TRADER).map((order) => order.id));
    expect(filled).not.toContain(stopLimit.value.orderId);

    await tick(4_950_000); // fires the mark stop and the trailing stop (49,698)
    expect(await allTriggers()).toEqual([]);
    await tick(4_900_000);
    const { rows } = await database.pool.query<Pick<OrderState, 'id' | 'status'>>(
      'SELECT id, status FROM orders WHERE id = ANY($1) ORDER BY id',
      [[stop.value.orderId, stopLimit.value.orderId, trailing.value.orderId]],
    );
    expect(rows.map((row) => row.status)).toEqual(['filled', 'filled', 'filled']);
    await expectLedgerInvariants(database.pool);
  });
});
