import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { OrderState } from '@tickline/engine';
import {
  BatchChanges,
  loadEngineState,
  SequencerFencedError,
  writeBatch,
} from '../../src/services/postgres/trading-batches.ts';

/**
 * A batch's writes after the previous batch's commit, its fencing step and COMMIT leave in one message (#30). Each
 * failure of that message takes back the whole batch: the rows written before it (postings, new orders, keys) too.
 */

const [TRADER, OTHER] = [41, 42];
const NOW = 1_790_000_000_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function order(id: number, userId: number, status: OrderState['status'] = 'open'): OrderState {
  return {
    ...{ id, userId, side: 1, orderPath: 1, price: 4_000_000, qty: 1_000, filledQty: 0, leverage: 10 },
    ...{ heldMargin: 400_000, status, reduceOnly: false, clientOrderId: null, createdAtMs: NOW, updatedAtMs: NOW },
  };
}

/**
 * A batch as the engine emits it: `amount` moved from the trader's futures wallet to their order margin, the
 * `orders` (new or updated), an idempotency key, and a price tick of BTCUSDT.
 */
function batch(amount: number, orders: OrderState[], key: string): BatchChanges {
  const changes = new BatchChanges();
  const postings = [
    {
      debit: `user:${TRADER}:futures`,
      credit: `user:${TRADER}:order_margin`,
      amount,
      kind: 'order_margin_hold' as const,
      ref: key,
    },
  ];
  changes.add(
    { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: 4_000_000, qty: 1_000 },
    NOW,
    orders.map((order) => ({ type: 'order', order })),
    postings,
    key,
    { ok: true },
  );
  changes.add({ type: 'priceTick', indexPrice: 4_100_000, markPrice: 4_100_500 }, NOW, [], []);
  return changes;
}

/** Everything a batch writes, read back: a failed batch must leave all of it as it was. */
async function stored() {
  const { snapshot, state } = await loadEngineState(database.pool);
  const count = async (table: string) =>
    Number((await database.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  const orders = await database.pool.query('SELECT id, status, filled_qty FROM orders ORDER BY id');
  return {
    balances: new Map(snapshot.balances),
    lastBatchId: state.lastBatchId,
    lastIndexPrice: state.lastIndexPrice,
    orders: orders.rows,
    postings: await count('ledger_postings'),
    keys: await count('command_keys'),
  };
}

const everyRowStored = { has: () => true };

describe('writeBatch’s one-round-trip commit', () => {
  beforeAll(async () => {
    // Batch 1: the house funds both users, and two orders rest.
    const changes = new BatchChanges();
    const fund = (userId: number) => ({
      ...{ debit: 'house:treasury', credit: `user:${userId}:futures`, amount: 1_000_000 },
      ...{ kind: 'demo_funding' as const, ref: `fund-${userId}` },
    });
    changes.add(
      { type: 'fund', userId: TRADER, wallet: 'futures', amount: 1_000_000, reason: 't' },
      NOW,
      [],
      [fund(TRADER), fund(OTHER)],
    );
    changes.add(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: 4_000_000, qty: 1_000 },
      NOW,
      [
        { type: 'order', order: order(1, TRADER) },
        { type: 'order', order: order(2, OTHER) },
      ],
      [],
    );
    await writeBatch(database.pool, 1, changes, { balanceRows: { has: () => false }, maxOrderId: 0 });
  });

  it('commits every part of a batch in order (the control for the refusals below)', async () => {
    const before = await stored();
    await writeBatch(database.pool, 2, batch(300_000, [order(1, TRADER, 'cancelled'), order(3, TRADER)], 'k-2'), {
      balanceRows: everyRowStored,
      maxOrderId: 2,
    });
    const after = await stored();
    expect(after.lastBatchId).toBe(2);
    expect(after.balances.get(`user:${TRADER}:futures`)).toBe(700_000);
    expect(after.balances.get(`user:${TRADER}:order_margin`)).toBe(300_000);
    expect(after.orders).toEqual([
      { id: 1, status: 'cancelled', filled_qty: 0 },
      { id: 2, status: 'open', filled_qty: 0 },
      { id: 3, status: 'open', filled_qty: 0 },
    ]);
    expect(after.postings).toBe(before.postings + 1);
    expect(after.keys).toBe(before.keys + 1);
    expect(after.lastIndexPrice).toBe(4_100_000);
  });

  it('takes back the whole batch when a balance would go negative', async () => {
    const before = await stored();
    // 700,000 left in the futures wallet: a hold of 700,001 breaks the table's CHECK.
    const changes = batch(700_001, [order(2, OTHER, 'cancelled'), order(4, TRADER)], 'k-negative');
    await expect(writeBatch(database.pool, 3, changes, { balanceRows: everyRowStored, maxOrderId: 3 })).rejects.toThrow(
      /user_balances_non_negative/,
    );
    expect(await stored()).toEqual(before);
  });

  it('takes back the whole batch when an order it updates is not stored', async () => {
    const before = await stored();
    // Order 99 is below maxOrderId, so it is updated, but no such row exists.
    const changes = batch(
      1_000,
      [order(2, OTHER, 'cancelled'), order(99, TRADER, 'cancelled'), order(100, TRADER)],
      'k-missing',
    );
    await expect(
      writeBatch(database.pool, 3, changes, { balanceRows: everyRowStored, maxOrderId: 99 }),
    ).rejects.toThrow(/1 of 2 orders are not stored/);
    expect(await stored()).toEqual(before);
  });

  it('takes back the whole batch when a balance row it believes stored is not', async () => {
    const before = await stored();
    const changes = batch(1_000, [order(4, TRADER)], 'k-no-row');
    changes.balanceChanges.add('user:43:spot', 1);
    changes.balanceChanges.add('house:treasury', -1);
    await expect(writeBatch(database.pool, 3, changes, { balanceRows: everyRowStored, maxOrderId: 3 })).rejects.toThrow(
      /1 of 2 balance rows are not stored/,
    );
    expect(await stored()).toEqual(before);
  });

  it('commits nothing over another writer’s batch (fenced), and a later valid batch still commits', async () => {
    const before = await stored();
    // Batch 4 is not the one after the stored batch 2: another writer would have stored batch 3.
    const fenced = batch(1_000, [order(2, OTHER, 'cancelled'), order(4, TRADER)], 'k-fenced');
    await expect(writeBatch(database.pool, 4, fenced, { balanceRows: everyRowStored, maxOrderId: 3 })).rejects.toThrow(
      SequencerFencedError,
    );
    expect(await stored()).toEqual(before);

    await writeBatch(database.pool, 3, batch(1_000, [order(4, TRADER)], 'k-3'), {
      balanceRows: everyRowStored,
      maxOrderId: 3,
    });
    expect((await stored()).lastBatchId).toBe(3);
  });
});
