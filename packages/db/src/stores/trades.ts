import { symbolOf, type MarketSymbol, type TradeRecord } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows } from './copy.ts';
import { symbolFilter, withStoredSymbol } from './market_symbols.ts';

const TRADE_COLUMNS = `id, price, qty, taker_side AS "takerSide", maker_order_id AS "makerOrderId",
  taker_order_id AS "takerOrderId", maker_user_id AS "makerUserId", taker_user_id AS "takerUserId", time_ms AS "timeMs",
  symbol`;

const TRADE_COPY_COLUMNS = [
  'id',
  'price',
  'qty',
  'taker_side',
  'maker_order_id',
  'taker_order_id',
  'maker_user_id',
  'taker_user_id',
  'time_ms',
  'symbol',
];

export async function insertTrades(client: PoolClient, trades: readonly TradeRecord[]): Promise<void> {
  await copyRows(client, 'trades', TRADE_COPY_COLUMNS, trades, (t, out) =>
    out
      .int8(t.id)
      .int8(t.price)
      .int8(t.qty)
      .int2(t.takerSide)
      .int8(t.makerOrderId)
      .int8(t.takerOrderId)
      .int8(t.makerUserId)
      .int8(t.takerUserId)
      .int8(t.timeMs)
      .text(symbolOf(t)),
  );
}

export async function maxTradeId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM trades');
  return rows[0]?.max ?? 0;
}

/** Most recent trades, newest first (market data backfill). */
export async function recentTrades(db: Queryable, limit: number, symbol?: string): Promise<TradeRecord[]> {
  const { rows } =
    symbol === undefined
      ? await db.query<TradeRecord>(`SELECT ${TRADE_COLUMNS} FROM trades ORDER BY id DESC LIMIT $1`, [limit])
      : await db.query<TradeRecord>(`SELECT ${TRADE_COLUMNS} FROM trades WHERE symbol = $2 ORDER BY id DESC LIMIT $1`, [
          limit,
          symbol,
        ]);
  return rows.map(withStoredSymbol);
}

/** The venue's trades (of `symbol`'s market, or every market's) from `fromId` on, oldest first (or the latest `limit`). */
export async function tradesPage(
  db: Queryable,
  limit: number,
  fromId?: number,
  symbol?: string,
): Promise<TradeRecord[]> {
  if (fromId === undefined) return (await recentTrades(db, limit, symbol)).reverse();
  const { rows } = await db.query<TradeRecord>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE id >= $1 AND ($3::text IS NULL OR symbol = $3) ORDER BY id LIMIT $2`,
    [fromId, limit, symbol ?? null],
  );
  return rows.map(withStoredSymbol);
}

/** Every trade of these orders (either side), oldest first. */
export async function tradesOfOrders(db: Queryable, orderIds: readonly number[]): Promise<TradeRecord[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<TradeRecord>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE maker_order_id = ANY($1::bigint[]) OR taker_order_id = ANY($1::bigint[])
     ORDER BY id`,
    [orderIds],
  );
  return rows.map(withStoredSymbol);
}

/**
 * A user's trades (either side), oldest first: from `fromId` on, or the latest `limit`; one order's with `orderId`;
 * one market's with `symbol` (every market's without).
 */
export async function tradesOfUser(
  db: Queryable,
  userId: number,
  options: { limit: number; fromId?: number; orderId?: number; symbol?: MarketSymbol },
): Promise<TradeRecord[]> {
  const values: unknown[] = [userId];
  let where = '(maker_user_id = $1 OR taker_user_id = $1)';
  if (options.orderId !== undefined) {
    values.push(options.orderId);
    where += ` AND (maker_order_id = $2 OR taker_order_id = $2)`;
  }
  if (options.fromId !== undefined) {
    values.push(options.fromId);
    where += ` AND id >= $${values.length}`;
  }
  where += symbolFilter(values, options.symbol);
  values.push(options.limit);
  const direction = options.fromId !== undefined ? 'ASC' : 'DESC';
  const { rows } = await db.query<TradeRecord>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE ${where} ORDER BY id ${direction} LIMIT $${values.length}`,
    values,
  );
  const trades = rows.map(withStoredSymbol);
  return direction === 'DESC' ? trades.reverse() : trades;
}
