import type { FundingRateSettlement } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { integerArray } from './pg-array.ts';

export interface FundingRateRow extends FundingRateSettlement {
  symbol: string;
}

/** A batch's funding settlements of `symbol` (one per settlement time; a replayed batch writes nothing twice). */
export async function insertFundingRates(
  client: PoolClient,
  symbol: string,
  settlements: readonly FundingRateSettlement[],
): Promise<void> {
  if (settlements.length === 0) return;
  await client.query(
    `INSERT INTO funding_rates (symbol, time_ms, rate_ppm, mark_price)
     SELECT $1, * FROM unnest($2::bigint[], $3::int[], $4::bigint[])
     ON CONFLICT (symbol, time_ms) DO NOTHING`,
    [
      symbol,
      integerArray(settlements, (s) => s.timeMs),
      integerArray(settlements, (s) => s.ratePpm),
      integerArray(settlements, (s) => s.markPrice),
    ],
  );
}

export interface FundingRateQuery {
  symbol: string;
  /** Inclusive bounds, epoch ms; null for open. */
  startMs: number | null;
  endMs: number | null;
  limit: number;
}

/**
 * Settlements of a symbol, oldest first, as Binance's fundingRate: from `startMs` when given (the oldest `limit`
 * from there), otherwise the newest `limit` up to `endMs`.
 */
export async function fundingRatesOf(db: Queryable, query: FundingRateQuery): Promise<FundingRateRow[]> {
  const fromStart = query.startMs !== null;
  const { rows } = await db.query<FundingRateRow>(
    `SELECT * FROM (
       SELECT symbol, time_ms AS "timeMs", rate_ppm AS "ratePpm", mark_price AS "markPrice"
       FROM funding_rates
       WHERE symbol = $1 AND ($2::bigint IS NULL OR time_ms >= $2) AND ($3::bigint IS NULL OR time_ms <= $3)
       ORDER BY time_ms ${fromStart ? 'ASC' : 'DESC'} LIMIT $4
     ) page ORDER BY "timeMs" ASC`,
    [query.symbol, query.startMs, query.endMs, query.limit],
  );
  return rows;
}
