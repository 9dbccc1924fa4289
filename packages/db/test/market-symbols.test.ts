import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingPayment, FuturesHistoryEntry, OrderState, PositionState, TradeRecord } from '@tickline/engine';
import { insertFundingPayments, pageFundingPayments } from '../src/stores/funding_payments.ts';
import { insertFuturesHistory, pageFuturesHistory } from '../src/stores/futures_history.ts';
import { loadMarketPrices, saveMarketTicks, saveMarketTradePrices } from '../src/stores/market_prices.ts';
import { insertOrders, loadOpenOrders, ordersOfUser, recentCancelledOrders } from '../src/stores/orders.ts';
import { loadPositions, savePositions } from '../src/stores/positions.ts';
import { insertTrades, tradesOfUser } from '../src/stores/trades.ts';
import { loadLeverages, loadSequencerState, upsertLeverages } from '../src/stores/trading_state.ts';
import type { PoolClient } from '../src/pool.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

/**
 * Every market row keeps its market (#34): rows of BTCUSDT (the default, written without a symbol as the engine's
 * rows from before #34 are) and of ETHUSDT are stored side by side, read back with their own symbol, and the
 * user-facing reads take an optional symbol filter (none: every market).
 */

const USER = 7;
const T0 = Date.UTC(2026, 10, 26, 8, 0, 0);
let database: TestDatabase;

const order = (id: number, symbol: string | undefined, status: OrderState['status'] = 'open') =>
  ({
    id,
    userId: USER,
    ...(symbol ? { symbol } : {}),
    side: 1,
    orderPath: 1,
    price: 5_000_000 + id,
    qty: 100,
    filledQty: 0,
    leverage: 10,
    heldMargin: 5_000_000,
    status,
    reduceOnly: false,
    clientOrderId: null,
    createdAtMs: T0 + id,
    updatedAtMs: T0 + id,
  }) as OrderState;

const position = (symbol: string | undefined, qty: number) =>
  ({
    userId: USER,
    ...(symbol ? { symbol } : {}),
    side: 2,
    qty,
    entryPrice: 300_000,
    leverage: 20,
    margin: 1_500_000,
    liquidationPrice: 315_000,
    takeProfit: null,
    stopLoss: null,
    openedAtMs: T0,
    updatedAtMs: T0 + qty,
  }) as PositionState;

const trade = (id: number, symbol: string | undefined) =>
  ({
    id,
    ...(symbol ? { symbol } : {}),
    price: 300_000 + id,
    qty: 10,
    takerSide: 1,
    makerOrderId: 1,
    takerOrderId: 2,
    makerUserId: 99,
    takerUserId: USER,
    timeMs: T0 + id,
  }) as TradeRecord;

const historyEntry = (id: number, symbol: string | undefined) =>
  ({
    id,
    userId: USER,
    ...(symbol ? { symbol } : {}),
    orderId: id,
    orderPath: 1,
    position: 1,
    price: 300_000,
    closePrice: null,
    qty: 10,
    openOrderFee: 1_200,
    closeOrderFee: 0,
    realizedProfit: 0,
    timeMs: T0 + id,
  }) as FuturesHistoryEntry;

const payment = (symbol: string | undefined, amount: number) =>
  ({
    userId: USER,
    ...(symbol ? { symbol } : {}),
    timeMs: T0,
    ratePpm: 100,
    side: 2,
    qty: 10,
    markPrice: 300_000,
    amount,
  }) as FundingPayment;

const withClient = async (write: (client: PoolClient) => Promise<void>) => {
  const client = await database.pool.connect();
  try {
    await write(client);
  } finally {
    client.release();
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('market rows in PostgreSQL', () => {
  it('stores orders, trades, history and funding payments of two markets and reads each back with its symbol', async () => {
    await withClient(async (client) => {
      await insertOrders(client, [order(1, undefined), order(2, 'ETHUSDT'), order(3, 'ETHUSDT', 'cancelled')]);
      await insertTrades(client, [trade(1, undefined), trade(2, 'ETHUSDT')]);
      await insertFuturesHistory(client, [historyEntry(1, 'BTCUSDT'), historyEntry(2, 'ETHUSDT')]);
      // Both markets settle funding at the same time: one row each.
      await insertFundingPayments(client, [payment(undefined, -300), payment('ETHUSDT', 500)]);
    });

    // BTCUSDT's rows read back as the engine writes them without a symbol; ETHUSDT's carry it.
    expect(await loadOpenOrders(database.pool)).toEqual([order(1, undefined), order(2, 'ETHUSDT')]);
    // (These reads give the #32 fields as stored, NULL included: only each row's market is compared here.)
    const markets = (orders: OrderState[]) => orders.map((row) => [row.id, row.symbol]);
    expect(markets(await ordersOfUser(database.pool, USER, { limit: 10 }))).toEqual([
      [1, undefined],
      [2, 'ETHUSDT'],
      [3, 'ETHUSDT'],
    ]);
    expect(markets(await ordersOfUser(database.pool, USER, { limit: 10, symbol: 'BTCUSDT' }))).toEqual([
      [1, undefined],
    ]);
    expect(markets(await ordersOfUser(database.pool, USER, { limit: 10, symbol: 'ETHUSDT', openOnly: true }))).toEqual([
      [2, 'ETHUSDT'],
    ]);
    expect(markets(await recentCancelledOrders(database.pool, USER, 10))).toEqual([[3, 'ETHUSDT']]);
    expect(await recentCancelledOrders(database.pool, USER, 10, 'BTCUSDT')).toEqual([]);

    expect(await tradesOfUser(database.pool, USER, { limit: 10 })).toEqual([trade(1, undefined), trade(2, 'ETHUSDT')]);
    expect(await tradesOfUser(database.pool, USER, { limit: 10, symbol: 'ETHUSDT' })).toEqual([trade(2, 'ETHUSDT')]);
    expect(await tradesOfUser(database.pool, USER, { limit: 10, fromId: 1, symbol: 'BTCUSDT' })).toEqual([
      trade(1, undefined),
    ]);

    const history = await pageFuturesHistory(database.pool, USER, 1, 10);
    expect(history).toMatchObject({ totalRows: 2, rows: [historyEntry(2, 'ETHUSDT'), historyEntry(1, undefined)] });
    expect(await pageFuturesHistory(database.pool, USER, 1, 10, 'ETHUSDT')).toEqual({
      page: 1,
      pageSize: 10,
      totalRows: 1,
      rows: [historyEntry(2, 'ETHUSDT')],
    });

    expect((await pageFundingPayments(database.pool, USER, 1, 10)).rows).toEqual([
      payment(undefined, -300),
      payment('ETHUSDT', 500),
    ]);
    expect(await pageFundingPayments(database.pool, USER, 1, 10, 'BTCUSDT')).toMatchObject({
      totalRows: 1,
      rows: [payment(undefined, -300)],
    });
    const { rows } = await database.pool.query('SELECT symbol FROM orders ORDER BY id');
    expect(rows.map((row) => row.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'ETHUSDT']);
  });

  it('keeps one position and one leverage per user per market: changing or closing one leaves the other', async () => {
    await savePositions(database.pool, [
      { userId: USER, position: position(undefined, 10) },
      { userId: USER, symbol: 'ETHUSDT', position: position('ETHUSDT', 20) },
    ]);
    await upsertLeverages(database.pool, [
      [USER, 25],
      [USER, 50, 'ETHUSDT'],
    ]);
    expect(await loadPositions(database.pool)).toEqual([position(undefined, 10), position('ETHUSDT', 20)]);
    expect(await loadLeverages(database.pool)).toEqual([
      [USER, 25],
      [USER, 50, 'ETHUSDT'],
    ]);

    await savePositions(database.pool, [
      { userId: USER, symbol: 'ETHUSDT', position: position('ETHUSDT', 30) },
      { userId: USER, position: null },
    ]);
    await upsertLeverages(database.pool, [[USER, 3, 'ETHUSDT']]);
    expect(await loadPositions(database.pool)).toEqual([position('ETHUSDT', 30)]);
    expect(await loadPositions(database.pool, { userId: USER, symbol: 'BTCUSDT' })).toEqual([]);
    expect(await loadPositions(database.pool, { userId: USER + 1 })).toEqual([]);
    expect(await loadLeverages(database.pool)).toEqual([
      [USER, 25],
      [USER, 3, 'ETHUSDT'],
    ]);

    await savePositions(database.pool, [{ userId: USER, symbol: 'ETHUSDT', position: null }]);
    expect(await loadPositions(database.pool)).toEqual([]);
  });

  it("keeps each market's last tick and last trade price apart, the default market's in the sequencer's state", async () => {
    // The migration stored the default market's row (no prices yet on a new database).
    expect(await loadMarketPrices(database.pool)).toEqual([
      { symbol: 'BTCUSDT', lastIndexPrice: null, lastMarkPrice: null, lastPriceAtMs: null, lastTradePrice: null },
    ]);
    await saveMarketTradePrices(database.pool, [{ symbol: 'ETHUSDT', lastTradePrice: 300_100 }]);
    await saveMarketTicks(database.pool, [
      { symbol: 'ETHUSDT', lastIndexPrice: 300_000, lastMarkPrice: 300_050, lastPriceAtMs: T0 },
      { symbol: 'BTCUSDT', lastIndexPrice: 5_000_000, lastMarkPrice: 5_000_500, lastPriceAtMs: T0 + 1 },
    ]);
    await saveMarketTradePrices(database.pool, [{ symbol: 'BTCUSDT', lastTradePrice: 5_000_100 }]);
    await saveMarketTicks(database.pool, [
      { symbol: 'ETHUSDT', lastIndexPrice: 301_000, lastMarkPrice: 301_050, lastPriceAtMs: T0 + 2 },
    ]);
    expect(await loadMarketPrices(database.pool)).toEqual([
      {
        symbol: 'BTCUSDT',
        lastIndexPrice: 5_000_000,
        lastMarkPrice: 5_000_500,
        lastPriceAtMs: T0 + 1,
        lastTradePrice: 5_000_100,
      },
      {
        symbol: 'ETHUSDT',
        lastIndexPrice: 301_000,
        lastMarkPrice: 301_050,
        lastPriceAtMs: T0 + 2,
        lastTradePrice: 300_100,
      },
    ]);
    expect(await loadSequencerState(database.pool)).toEqual({
      lastBatchId: 0,
      lastIndexPrice: 5_000_000,
      lastMarkPrice: 5_000_500,
      lastPriceAtMs: T0 + 1,
    });
  });
});
