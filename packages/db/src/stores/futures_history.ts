import type { FuturesHistoryEntry, UserId } from '@tickline/engine';
import type { Queryable } from '../pool.ts';
import { pageOffset, type HistoryPage } from './paging.ts';

const HISTORY_COLUMNS = `id, user_id AS "userId", order_id AS "orderId", order_path AS "orderPath", position, price,
  close_price AS "closePrice", qty, open_order_fee AS "openOrderFee", close_order_fee AS "closeOrderFee",
  realized_profit AS "realizedProfit", time_ms AS "timeMs"`;

export async function insertFuturesHistory(db: Queryable, entries: readonly FuturesHistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO futures_history (id, user_id, order_id, order_path, position, price, close_price, qty, open_order_fee,
       close_order_fee, realized_profit, time_ms)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::smallint[], $5::smallint[], $6::bigint[],
       $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[])`,
    [
      entries.map((e) => e.id),
      entries.map((e) => e.userId),
      entries.map((e) => e.orderId),
      entries.map((e) => e.orderPath),
      entries.map((e) => e.position),
      entries.map((e) => e.price),
      entries.map((e) => e.closePrice),
      entries.map((e) => e.qty),
      entries.map((e) => e.openOrderFee),
      entries.map((e) => e.closeOrderFee),
      entries.map((e) => e.realizedProfit),
      entries.map((e) => e.timeMs),
    ],
  );
}

export async function maxFuturesHistoryId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM futures_history');
  return rows[0]?.max ?? 0;
}

export async function pageFuturesHistory(
  db: Queryable,
  userId: UserId,
  page: number,
  pageSize: number,
): Promise<HistoryPage<FuturesHistoryEntry>> {
  const [rows, count] = await Promise.all([
    db.query<FuturesHistoryEntry>(
      `SELECT ${HISTORY_COLUMNS} FROM futures_history WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, pageSize, pageOffset(page, pageSize)],
    ),
    db.query<{ count: number }>('SELECT count(*)::int AS count FROM futures_history WHERE user_id = $1', [userId]),
  ]);
  return { rows: rows.rows, page, pageSize, totalRows: count.rows[0]?.count ?? 0 };
}
