import { symbolOf, type FundingPayment, type MarketSymbol, type UserId } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { symbolFilter, withStoredSymbol } from './market_symbols.ts';
import { integerArray, textArray } from './pg-array.ts';
import { pageRows, type HistoryPage } from './paging.ts';

const FUNDING_COLUMNS = `user_id AS "userId", time_ms AS "timeMs", rate_ppm AS "ratePpm", side, qty,
  mark_price AS "markPrice", amount, symbol`;

/** Each user's funding settlements of a batch (#32): one row per user, market and settlement time. */
export async function insertFundingPayments(client: PoolClient, payments: readonly FundingPayment[]): Promise<void> {
  if (payments.length === 0) return;
  await client.query(
    `INSERT INTO funding_payments (user_id, time_ms, rate_ppm, side, qty, mark_price, amount, symbol)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::smallint[], $5::bigint[], $6::bigint[], $7::bigint[],
       $8::text[])`,
    [
      integerArray(payments, (p) => p.userId),
      integerArray(payments, (p) => p.timeMs),
      integerArray(payments, (p) => p.ratePpm),
      integerArray(payments, (p) => p.side),
      integerArray(payments, (p) => p.qty),
      integerArray(payments, (p) => p.markPrice),
      integerArray(payments, (p) => p.amount),
      textArray(payments, (p) => symbolOf(p)),
    ],
  );
}

/** One page of a user's funding settlements, newest first: one market's with `symbol`, every market's without. */
export async function pageFundingPayments(
  db: Queryable,
  userId: UserId,
  page: number,
  pageSize: number,
  symbol?: MarketSymbol,
): Promise<HistoryPage<FundingPayment>> {
  const params: unknown[] = [userId];
  const where = `user_id = $1${symbolFilter(params, symbol)}`;
  const result = await pageRows<FundingPayment>(
    db,
    // Two markets settle at the same time: the symbol keeps the page order the same from one read to the next.
    { columns: FUNDING_COLUMNS, table: 'funding_payments', where, params, orderBy: 'time_ms DESC, symbol' },
    page,
    pageSize,
  );
  return { ...result, rows: result.rows.map(withStoredSymbol) };
}
