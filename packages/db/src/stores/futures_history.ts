import { symbolOf, type FuturesHistoryEntry, type MarketSymbol, type UserId } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows } from './copy.ts';
import { symbolFilter, withStoredSymbol } from './market_symbols.ts';
import { pageRows, type HistoryPage } from './paging.ts';

const HISTORY_COLUMNS = `id, user_id AS "userId", order_id AS "orderId", order_path AS "orderPath", position, price,
  close_price AS "closePrice", qty, open_order_fee AS "openOrderFee", close_order_fee AS "closeOrderFee",
  realized_profit AS "realizedProfit", time_ms AS "timeMs", symbol`;

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
  'symbol',
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
      .int8(e.timeMs)
      .text(symbolOf(e)),
  );
}

export async function maxFuturesHistoryId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM futures_history');
  return rows[0]?.max ?? 0;
}

/** One page of a user's order history, newest first: one market's with `symbol`, every market's without. */
export async function pageFuturesHistory(
  db: Queryable,
  userId: UserId,
  page: number,
  pageSize: number,
  symbol?: MarketSymbol,
): Promise<HistoryPage<FuturesHistoryEntry>> {
  const params: unknown[] = [userId];
  const where = `user_id = $1${symbolFilter(params, symbol)}`;
  const result = await pageRows<FuturesHistoryEntry>(
    db,
    { columns: HISTORY_COLUMNS, table: 'futures_history', where, params, orderBy: 'id DESC' },
    page,
    pageSize,
  );
  return { ...result, rows: result.rows.map(withStoredSymbol) };
}
