import type { FuturesHistoryEntry, UserId } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows } from './copy.ts';
import { pageRows, type HistoryPage } from './paging.ts';

const HISTORY_COLUMNS = `id, user_id AS "userId", order_id AS "orderId", order_path AS "orderPath", position, price,
  close_price AS "closePrice", qty, open_order_fee AS "openOrderFee", close_order_fee AS "closeOrderFee",
  realized_profit AS "realizedProfit", time_ms AS "timeMs"`;

const HISTORY_COPY_COLUMNS = [
  'id',
  'user_id',
  'order_id',
  'order_path',
  'position',
  'price',
  'close_price',
  'qty',
  'open_order_fee',
  'close_order_fee',
  'realized_profit',
  'time_ms',
];

export async function insertFuturesHistory(client: PoolClient, entries: readonly FuturesHistoryEntry[]): Promise<void> {
  await copyRows(client, 'futures_history', HISTORY_COPY_COLUMNS, entries, (e, out) =>
    out
      .int8(e.id)
      .int8(e.userId)
      .int8(e.orderId)
      .int2(e.orderPath)
      .int2(e.position)
      .int8(e.price)
      .int8(e.closePrice)
      .int8(e.qty)
      .int8(e.openOrderFee)
      .int8(e.closeOrderFee)
      .int8(e.realizedProfit)
      .int8(e.timeMs),
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
  return pageRows<FuturesHistoryEntry>(
    db,
    { columns: HISTORY_COLUMNS, table: 'futures_history', where: 'user_id = $1', params: [userId], orderBy: 'id DESC' },
    page,
    pageSize,
  );
}
