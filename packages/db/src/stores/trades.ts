import type { TradeRecord } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows } from './copy.ts';

const TRADE_COLUMNS = `id, price, qty, taker_side AS "takerSide", maker_order_id AS "makerOrderId",
  taker_order_id AS "takerOrderId", maker_user_id AS "makerUserId", taker_user_id AS "takerUserId", time_ms AS "timeMs"`;

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
      .int8(t.timeMs),
  );
}

export async function maxTradeId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM trades');
  return rows[0]?.max ?? 0;
}

/** The last trade's price (what `triggerBy: 'last'` trigger orders watch, #32 item 3); null before any trade. */
export async function lastTradePrice(db: Queryable): Promise<number | null> {
  const { rows } = await db.query<{ price: number }>('SELECT price FROM trades ORDER BY id DESC LIMIT 1');
  return rows[0]?.price ?? null;
}

/** Most recent trades, newest first (market data backfill). */
export async function recentTrades(db: Queryable, limit: number): Promise<TradeRecord[]> {
  const { rows } = await db.query<TradeRecord>(`SELECT ${TRADE_COLUMNS} FROM trades ORDER BY id DESC LIMIT $1`, [
    limit,
  ]);
  return rows;
}

/** The venue's trades from `fromId` on, oldest first (or the latest `limit` without it). */
export async function tradesPage(db: Queryable, limit: number, fromId?: number): Promise<TradeRecord[]> {
  if (fromId === undefined) return (await recentTrades(db, limit)).reverse();
  const { rows } = await db.query<TradeRecord>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE id >= $1 ORDER BY id LIMIT $2`,
    [fromId, limit],
  );
  return rows;
}

/** Every trade of these orders (either side), oldest first. */
export async function tradesOfOrders(db: Queryable, orderIds: readonly number[]): Promise<TradeRecord[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query<TradeRecord>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE maker_order_id = ANY($1::bigint[]) OR taker_order_id = ANY($1::bigint[])
     ORDER BY id`,
    [orderIds],
  );
  return rows;
}

/** A user's trades (either side), oldest first: from `fromId` on, or the latest `limit`; one order's with `orderId`. */
export async function tradesOfUser(
  db: Queryable,
  userId: number,
  options: { limit: number; fromId?: number; orderId?: number },
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
  values.push(options.limit);
  const direction = options.fromId !== undefined ? 'ASC' : 'DESC';
  const { rows } = await db.query<TradeRecord>(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE ${where} ORDER BY id ${direction} LIMIT $${values.length}`,
    values,
  );
  return direction === 'DESC' ? rows.reverse() : rows;
}
