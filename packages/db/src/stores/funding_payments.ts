import type { FundingPayment, UserId } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { integerArray } from './pg-array.ts';
import { pageRows, type HistoryPage } from './paging.ts';

const FUNDING_COLUMNS = `user_id AS "userId", time_ms AS "timeMs", rate_ppm AS "ratePpm", side, qty,
  mark_price AS "markPrice", amount`;

/** Each user's funding settlements of a batch (#32): one row per user and settlement time. */
export async function insertFundingPayments(client: PoolClient, payments: readonly FundingPayment[]): Promise<void> {
  if (payments.length === 0) return;
  await client.query(
    `INSERT INTO funding_payments (user_id, time_ms, rate_ppm, side, qty, mark_price, amount)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::smallint[], $5::bigint[], $6::bigint[], $7::bigint[])`,
    [
      integerArray(payments, (p) => p.userId),
      integerArray(payments, (p) => p.timeMs),
      integerArray(payments, (p) => p.ratePpm),
      integerArray(payments, (p) => p.side),
      integerArray(payments, (p) => p.qty),
      integerArray(payments, (p) => p.markPrice),
      integerArray(payments, (p) => p.amount),
    ],
  );
}

/** One page of a user's funding settlements, newest first. */
export async function pageFundingPayments(
  db: Queryable,
  userId: UserId,
  page: number,
  pageSize: number,
): Promise<HistoryPage<FundingPayment>> {
  return pageRows<FundingPayment>(
    db,
    {
      columns: FUNDING_COLUMNS,
      table: 'funding_payments',
      where: 'user_id = $1',
      params: [userId],
      orderBy: 'time_ms DESC',
    },
    page,
    pageSize,
  );
}
