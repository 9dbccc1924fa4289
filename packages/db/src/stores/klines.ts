import type { Queryable } from '../pool.ts';

/** One 1-minute candle: prices in ticks (0.01 USDT), volume in lots (0.0001 BTC). */
export interface KlineRecord {
  symbol: string;
  openTimeMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  tradeCount: number;
}

const KLINE_COLUMNS = `symbol, open_time_ms AS "openTimeMs", open, high, low, close, volume, trade_count AS "tradeCount"`;

/** Inserts or replaces candles by (symbol, open time): a candle is rewritten while its minute is still open. */
export async function upsertKlines(db: Queryable, klines: readonly KlineRecord[]): Promise<void> {
  if (klines.length === 0) return;
  await db.query(
    `INSERT INTO klines (symbol, open_time_ms, open, high, low, close, volume, trade_count)
     SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[],
       $7::bigint[], $8::int[])
     ON CONFLICT (symbol, open_time_ms) DO UPDATE SET open = EXCLUDED.open, high = EXCLUDED.high, low = EXCLUDED.low,
       close = EXCLUDED.close, volume = EXCLUDED.volume, trade_count = EXCLUDED.trade_count`,
    [
      klines.map((k) => k.symbol),
      klines.map((k) => k.openTimeMs),
      klines.map((k) => k.open),
      klines.map((k) => k.high),
      klines.map((k) => k.low),
      klines.map((k) => k.close),
      klines.map((k) => k.volume),
      klines.map((k) => k.tradeCount),
    ],
  );
}

/** The newest `limit` candles of a symbol, oldest first. */
export async function recentKlines(db: Queryable, symbol: string, limit: number): Promise<KlineRecord[]> {
  const { rows } = await db.query<KlineRecord>(
    `SELECT ${KLINE_COLUMNS} FROM (
       SELECT * FROM klines WHERE symbol = $1 ORDER BY open_time_ms DESC LIMIT $2
     ) newest ORDER BY open_time_ms`,
    [symbol, limit],
  );
  return rows;
}

export async function countKlines(db: Queryable, symbol: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM klines WHERE symbol = $1', [
    symbol,
  ]);
  return rows[0]?.count ?? 0;
}

/** A symbol's oldest stored candle, or null without any. */
export async function oldestKline(db: Queryable, symbol: string): Promise<KlineRecord | null> {
  const { rows } = await db.query<KlineRecord>(
    `SELECT ${KLINE_COLUMNS} FROM klines WHERE symbol = $1 ORDER BY open_time_ms LIMIT 1`,
    [symbol],
  );
  return rows[0] ?? null;
}

/**
 * Candles of `intervalMs` (a whole number of minutes) made of the stored minutes in [fromMs, untilMs), oldest first: a
 * bucket starts at its first minute's time floored to the interval; open is its first minute's, close its last's,
 * high and low the extremes, volume and trades the sums. The primary key's index serves the range.
 */
export async function aggregatedKlines(
  db: Queryable,
  symbol: string,
  intervalMs: number,
  fromMs: number,
  untilMs: number,
): Promise<KlineRecord[]> {
  const { rows } = await db.query<KlineRecord>(
    `SELECT $1::text AS symbol, (open_time_ms / $2) * $2 AS "openTimeMs",
       (array_agg(open ORDER BY open_time_ms))[1] AS open, max(high) AS high, min(low) AS low,
       (array_agg(close ORDER BY open_time_ms DESC))[1] AS close, sum(volume)::bigint AS volume,
       sum(trade_count)::int AS "tradeCount"
     FROM klines WHERE symbol = $1 AND open_time_ms >= $3 AND open_time_ms < $4
     GROUP BY 2 ORDER BY 2`,
    [symbol, intervalMs, fromMs, untilMs],
  );
  return rows;
}
