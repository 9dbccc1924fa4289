import { afterAll, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fundingRatesOf, migrate, MIGRATIONS_DIR, pageFundingPayments, pageFuturesHistory } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import {
  Exchange,
  symbolOf,
  type Command,
  type EngineEvent,
  type ExchangeConfigOverrides,
  type OrderState,
  type PositionState,
} from '@tickline/engine';
import { BatchChanges, loadEngineState, writeBatch } from '../../src/services/postgres/trading-batches.ts';
import { Sequencer } from '../../src/services/sequencer/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { ManualClock } from './helpers/sequencer.ts';

/** Rows with their market named, as the engine holds them. */
const named = <T extends { symbol?: string }>(rows: T[]) => rows.map((row) => ({ ...row, symbol: symbolOf(row) }));

/**
 * Restore per market (#34 item 1): the batch writer stores every row, leverage and price of each market with its
 * symbol, and a restore gives back both markets' state; a database from before the markets restores unchanged.
 */

const USDT = 1_000_000;
const [MAKER, TRADER] = [31, 32];
const TWO_MARKETS: ExchangeConfigOverrides = { markets: [{ symbol: 'BTCUSDT' }, { symbol: 'ETHUSDT' }] };
const databases: TestDatabase[] = [];
let sequencer: Sequencer<Exchange> | null = null;
const clock = new ManualClock();

afterAll(async () => {
  await sequencer?.stop();
  for (const database of databases) await database.drop();
});

function start(database: TestDatabase) {
  return Sequencer.start({
    pool: database.pool,
    createEngine: (snapshot) => Exchange.fromSnapshot(snapshot, TWO_MARKETS),
    clock,
  });
}

async function ok(command: Command) {
  clock.advance(1_000);
  const result = await sequencer!.submit(command);
  expect(result, JSON.stringify(command)).toMatchObject({ ok: true });
}

/** What an engine running ETHUSDT emits for a batch: a tick, a trade against a resting order, a leverage, funding. */
function ethereumBatch(orderId: number, tradeId: number, historyId: number, nowMs: number) {
  const order: OrderState = {
    ...{ id: orderId, userId: MAKER, symbol: 'ETHUSDT', side: 2, orderPath: 1, price: 301_000, qty: 3_000 },
    ...{ filledQty: 1_000, leverage: 50, heldMargin: 12_040_000, status: 'open', reduceOnly: false },
    ...{ clientOrderId: null, createdAtMs: nowMs, updatedAtMs: nowMs },
  };
  const position: PositionState = {
    ...{ userId: TRADER, symbol: 'ETHUSDT', side: 1, qty: 1_000, entryPrice: 301_000, leverage: 50 },
    ...{ margin: 6_020_000, liquidationPrice: 295_500, takeProfit: null, stopLoss: null },
    ...{ openedAtMs: nowMs, updatedAtMs: nowMs },
  };
  const trade = {
    ...{ id: tradeId, symbol: 'ETHUSDT', price: 301_000, qty: 1_000, takerSide: 1 as const },
    ...{ makerOrderId: orderId, takerOrderId: orderId + 1, makerUserId: MAKER, takerUserId: TRADER, timeMs: nowMs },
  };
  const events: EngineEvent[] = [
    { type: 'leverage', userId: TRADER, leverage: 50, symbol: 'ETHUSDT' },
    { type: 'order', order },
    { type: 'trade', trade },
    { type: 'position', userId: TRADER, symbol: 'ETHUSDT', position },
    {
      type: 'futuresHistory',
      entry: {
        ...{ id: historyId, userId: TRADER, symbol: 'ETHUSDT', orderId: orderId + 1, orderPath: 2, position: 1 },
        ...{ price: 301_000, closePrice: null, qty: 1_000, openOrderFee: 120_400, closeOrderFee: 0 },
        ...{ realizedProfit: 0, timeMs: nowMs },
      },
    },
    {
      type: 'funding',
      payment: {
        userId: TRADER,
        symbol: 'ETHUSDT',
        timeMs: nowMs,
        ratePpm: 100,
        side: 1,
        qty: 1_000,
        markPrice: 301_000,
        amount: -3_010,
      },
    },
    { type: 'fundingRate', settlement: { symbol: 'ETHUSDT', timeMs: nowMs, ratePpm: 100, markPrice: 301_000 } },
  ];
  const changes = new BatchChanges();
  changes.add({ type: 'priceTick', indexPrice: 300_900, markPrice: 301_000, symbol: 'ETHUSDT' }, nowMs, [], []);
  changes.add({ type: 'setLeverage', userId: TRADER, leverage: 50, symbol: 'ETHUSDT' }, nowMs, events, []);
  return { changes, order, position };
}

describe('restore per market', () => {
  it("gives back BTCUSDT's engine state after a restart, and both markets' rows, leverages and prices", async () => {
    const database = await createTestDatabase();
    databases.push(database);
    sequencer = await start(database);
    for (const userId of [MAKER, TRADER])
      await ok({ type: 'fund', userId, wallet: 'futures', amount: 100_000 * USDT, reason: 't' });
    await ok({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_100 });
    await ok({ type: 'setLeverage', userId: TRADER, leverage: 20 });
    await ok({ type: 'placeOrder', userId: MAKER, side: 2, orderPath: 1, price: 5_001_000, qty: 3_000 });
    await ok({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: 1_000 });
    await ok({ type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: 4_990_000, qty: 500 });

    // A restart restores the engine as it was (today's engine runs BTCUSDT's book; ETHUSDT has no state yet).
    const before = await sequencer.read((engine) => engine.snapshot());
    expect(before.positions).toHaveLength(2);
    await sequencer.stop();
    sequencer = await start(database);
    const after = await sequencer.read((engine) => engine.snapshot());
    expect(new Map(after.balances)).toEqual(new Map(before.balances));
    expect({ ...after, balances: null }).toEqual({ ...before, balances: null });
    await sequencer.stop();
    sequencer = null;

    // A batch of ETHUSDT rows as the engine emits them, stored by the batch writer beside BTCUSDT's.
    const stored = await loadEngineState(database.pool);
    const nowMs = clock.now() + 1_000;
    const { nextIds } = stored.snapshot;
    const eth = ethereumBatch(nextIds.order, nextIds.trade, nextIds.history, nowMs);
    await writeBatch(database.pool, stored.state.lastBatchId + 1, eth.changes, {
      balanceRows: { has: () => true },
      maxOrderId: nextIds.order - 1,
    });

    const { snapshot, state } = await loadEngineState(database.pool);
    expect(state.lastBatchId).toBe(stored.state.lastBatchId + 1);
    // BTCUSDT's state is untouched and still in the top-level fields; ETHUSDT's rows carry their symbol.
    // The engine names every row's market; the store gives BTCUSDT's rows back without one (symbolOf reads it).
    expect(named(snapshot.openOrders)).toEqual(named([...before.openOrders, eth.order]));
    expect(named(snapshot.positions)).toEqual(
      named([...before.positions, eth.position]).sort(
        (a, b) => a.userId - b.userId || a.symbol.localeCompare(b.symbol),
      ),
    );
    expect(snapshot.leverageByUser).toEqual([...before.leverageByUser, [TRADER, 50, 'ETHUSDT']]);
    expect(snapshot.nextIds).toEqual({
      ...nextIds,
      order: nextIds.order + 1,
      trade: nextIds.trade + 1,
      history: nextIds.history + 1,
    });
    const btc = {
      symbol: 'BTCUSDT',
      lastIndexPrice: before.lastIndexPrice,
      lastMarkPrice: before.lastMarkPrice,
      lastPriceAtMs: before.lastPriceAtMs,
      lastTradePrice: before.lastTradePrice,
    };
    expect(btc.lastTradePrice).toBe(5_001_000);
    const { lastIndexPrice, lastMarkPrice, lastPriceAtMs, lastTradePrice } = snapshot;
    expect({ symbol: 'BTCUSDT', lastIndexPrice, lastMarkPrice, lastPriceAtMs, lastTradePrice }).toEqual(btc);
    expect(snapshot.markets).toEqual([
      btc,
      {
        symbol: 'ETHUSDT',
        lastIndexPrice: 300_900,
        lastMarkPrice: 301_000,
        lastPriceAtMs: nowMs,
        lastTradePrice: 301_000,
      },
    ]);
    const history = await pageFuturesHistory(database.pool, TRADER, 1, 10, 'ETHUSDT');
    expect(history.rows).toEqual([expect.objectContaining({ symbol: 'ETHUSDT', orderId: nextIds.order + 1 })]);
    expect((await pageFuturesHistory(database.pool, TRADER, 1, 10, 'BTCUSDT')).totalRows).toBe(1);
    expect((await pageFundingPayments(database.pool, TRADER, 1, 10)).rows).toEqual([
      expect.objectContaining({ symbol: 'ETHUSDT', amount: -3_010 }),
    ]);
    const rates = await fundingRatesOf(database.pool, { symbol: 'ETHUSDT', startMs: null, endMs: null, limit: 10 });
    expect(rates).toEqual([{ symbol: 'ETHUSDT', timeMs: nowMs, ratePpm: 100, markPrice: 301_000 }]);
    await expectLedgerInvariants(database.pool);
  });

  it('restores a database stored before the markets unchanged: its rows, leverages and prices are BTCUSDT’s', async () => {
    const database = await createTestDatabase({ migrate: false });
    databases.push(database);
    const older = await mkdtemp(path.join(tmpdir(), 'tickline-before-markets-'));
    for (const file of await readdir(MIGRATIONS_DIR))
      if (file < '20261126220000_market_symbols.sql')
        await copyFile(path.join(MIGRATIONS_DIR, file), path.join(older, file));
    await migrate(database.pool, older);
    await database.pool.query(`
      UPDATE sequencer_state SET last_batch_id = 41, last_index_price = 5000000, last_mark_price = 5000100,
        last_price_at_ms = 1795680000000;
      INSERT INTO orders (id, user_id, side, order_path, price, qty, filled_qty, leverage, held_margin, status,
        reduce_only, client_order_id, created_at_ms, updated_at_ms)
        VALUES (7, ${MAKER}, 2, 1, 5001000, 3000, 1000, 20, 5000000, 'open', false, 'c7', 1795680000000, 1795680001000);
      INSERT INTO positions (user_id, side, qty, entry_price, leverage, margin, liquidation_price, opened_at_ms,
        updated_at_ms) VALUES (${TRADER}, 1, 1000, 5001000, 20, 25005000, 4995979, 1795680001000, 1795680001000);
      INSERT INTO trades (id, price, qty, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id,
        time_ms) VALUES (3, 5000500, 500, 1, 5, 6, ${MAKER}, ${TRADER}, 1795680000500),
        (4, 5001000, 1000, 1, 7, 8, ${MAKER}, ${TRADER}, 1795680001000);
      INSERT INTO user_leverage (user_id, leverage) VALUES (${TRADER}, 20);
      INSERT INTO funding_payments (user_id, time_ms, rate_ppm, side, qty, mark_price, amount)
        VALUES (${TRADER}, 1795680002000, 100, 1, 1000, 5000100, -50001);`);

    expect(await migrate(database.pool)).toContain('20261126220000_market_symbols.sql');
    const { snapshot, state } = await loadEngineState(database.pool);
    expect(state).toEqual({
      lastBatchId: 41,
      lastIndexPrice: 5_000_000,
      lastMarkPrice: 5_000_100,
      lastPriceAtMs: 1795680000000,
    });
    const order = {
      ...{ id: 7, userId: MAKER, side: 2, orderPath: 1, price: 5_001_000, qty: 3_000, filledQty: 1_000, leverage: 20 },
      ...{ heldMargin: 5_000_000, status: 'open', reduceOnly: false, clientOrderId: 'c7' },
      ...{ createdAtMs: 1795680000000, updatedAtMs: 1795680001000 },
    };
    const position = {
      ...{ userId: TRADER, side: 1, qty: 1_000, entryPrice: 5_001_000, leverage: 20, margin: 25_005_000 },
      ...{ liquidationPrice: 4_995_979, takeProfit: null, stopLoss: null },
      ...{ openedAtMs: 1795680001000, updatedAtMs: 1795680001000 },
    };
    expect(snapshot).toMatchObject({
      openOrders: [order],
      triggerOrders: [],
      positions: [position],
      leverageByUser: [[TRADER, 20]],
      nextIds: { order: 8, trade: 5, history: 1, optionOrder: 1 },
      lastIndexPrice: 5_000_000,
      lastMarkPrice: 5_000_100,
      lastPriceAtMs: 1795680000000,
      // The last trade price was the newest trade's: carried over.
      lastTradePrice: 5_001_000,
      markets: [
        {
          symbol: 'BTCUSDT',
          lastIndexPrice: 5_000_000,
          lastMarkPrice: 5_000_100,
          lastPriceAtMs: 1795680000000,
          lastTradePrice: 5_001_000,
        },
      ],
    });
    expect(snapshot.openOrders[0]).toEqual(order); // no symbol: BTCUSDT's, as before
    expect(snapshot.positions[0]).toEqual(position);
    expect((await pageFundingPayments(database.pool, TRADER, 1, 10, 'BTCUSDT')).totalRows).toBe(1);

    // The engine restored from it holds the same book, position and leverage.
    const engine = Exchange.fromSnapshot(snapshot, TWO_MARKETS);
    expect(engine.openOrders(MAKER)).toEqual([{ ...order, symbol: 'BTCUSDT' }]);
    expect(engine.position(TRADER)).toEqual({ ...position, symbol: 'BTCUSDT' });
    expect(engine.leverage(TRADER)).toBe(20);
    expect(engine.marketPrices()).toEqual(snapshot.markets?.[0]);
  });
});
