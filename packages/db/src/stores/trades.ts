import type { TradeRecord } from '@tickline/engine';
import type { Queryable } from '../pool.ts';

export async function insertTrades(db: Queryable, trades: readonly TradeRecord[]): Promise<void> {
  if (trades.length === 0) return;
  await db.query(
    `INSERT INTO trades (id, price, qty, taker_side, maker_order_id, taker_order_id, maker_user_id, taker_user_id,
       time_ms)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::smallint[], $5::bigint[], $6::bigint[],
       $7::bigint[], $8::bigint[], $9::bigint[])`,
    [
      trades.map((t) => t.id),
      trades.map((t) => t.price),
      trades.map((t) => t.qty),
      trades.map((t) => t.takerSide),
      trades.map((t) => t.makerOrderId),
      trades.map((t) => t.takerOrderId),
      trades.map((t) => t.makerUserId),
      trades.map((t) => t.takerUserId),
      trades.map((t) => t.timeMs),
    ],
  );
}

export async function maxTradeId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM trades');
  return rows[0]?.max ?? 0;
}

/** Most recent trades, newest first (market data backfill). */
export async function recentTrades(db: Queryable, limit: number): Promise<TradeRecord[]> {
  const { rows } = await db.query<TradeRecord>(
    `SELECT id, price, qty, taker_side AS "takerSide", maker_order_id AS "makerOrderId",
       taker_order_id AS "takerOrderId", maker_user_id AS "makerUserId", taker_user_id AS "takerUserId",
       time_ms AS "timeMs"
     FROM trades ORDER BY id DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
