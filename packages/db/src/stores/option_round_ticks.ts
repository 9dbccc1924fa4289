import type { Queryable } from '../pool.ts';

/** One source's quote inside an index tick (price in ticks of 0.1 USDT, as every stored price). */
export interface StoredSourceQuote {
  source: string;
  price: number;
  quotedAtMs: number;
}

export interface StoredRoundTick {
  price: number;
  takenAtMs: number;
  sources: readonly StoredSourceQuote[];
}

export interface RoundTicks {
  roundStartMs: number;
  open: StoredRoundTick | null;
  close: StoredRoundTick | null;
}

/** What the public round audit shows: the settlement (if any), the ticks (if kept) and how many bets it held. */
export interface RoundAuditRecord {
  roundStartMs: number;
  settled: { resultPrice: number | null; settledAtMs: number } | null;
  ticks: (RoundTicks & { recordedAtMs: number }) | null;
  betCount: number;
}

/** Keeps a round's ticks; the first record of a round wins (a settlement retried later finds it there). */
export async function recordRoundTicks(db: Queryable, round: RoundTicks, nowMs: number): Promise<void> {
  await db.query(
    `INSERT INTO option_round_ticks
       (round_start_ms, open_price, open_at_ms, open_sources, close_price, close_at_ms, close_sources, recorded_at_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (round_start_ms) DO NOTHING`,
    [
      round.roundStartMs,
      round.open?.price ?? null,
      round.open?.takenAtMs ?? null,
      JSON.stringify(round.open?.sources ?? []),
      round.close?.price ?? null,
      round.close?.takenAtMs ?? null,
      JSON.stringify(round.close?.sources ?? []),
      nowMs,
    ],
  );
}

interface AuditRow {
  settledResultPrice: string | null;
  settledAtMs: string | null;
  openPrice: string | null;
  openAtMs: string | null;
  openSources: StoredSourceQuote[] | null;
  closePrice: string | null;
  closeAtMs: string | null;
  closeSources: StoredSourceQuote[] | null;
  recordedAtMs: string | null;
  betCount: string;
}

/** The audit of the round that started at `roundStartMs`. */
export async function findRoundAudit(db: Queryable, roundStartMs: number): Promise<RoundAuditRecord> {
  const { rows } = await db.query<AuditRow>(
    `SELECT r.result_price AS "settledResultPrice", r.settled_at_ms AS "settledAtMs",
            t.open_price AS "openPrice", t.open_at_ms AS "openAtMs", t.open_sources AS "openSources",
            t.close_price AS "closePrice", t.close_at_ms AS "closeAtMs", t.close_sources AS "closeSources",
            t.recorded_at_ms AS "recordedAtMs",
            (SELECT count(*) FROM option_orders WHERE round_start_ms = $1) AS "betCount"
     FROM (SELECT $1::bigint AS round_start_ms) AS wanted
     LEFT JOIN option_rounds r USING (round_start_ms)
     LEFT JOIN option_round_ticks t USING (round_start_ms)`,
    [roundStartMs],
  );
  const row = rows[0]!;
  const tick = (price: string | null, at: string | null, sources: StoredSourceQuote[] | null) =>
    price === null || at === null ? null : { price: Number(price), takenAtMs: Number(at), sources: sources ?? [] };
  return {
    roundStartMs,
    settled:
      row.settledAtMs === null
        ? null
        : {
            resultPrice: row.settledResultPrice === null ? null : Number(row.settledResultPrice),
            settledAtMs: Number(row.settledAtMs),
          },
    ticks:
      row.recordedAtMs === null
        ? null
        : {
            roundStartMs,
            open: tick(row.openPrice, row.openAtMs, row.openSources),
            close: tick(row.closePrice, row.closeAtMs, row.closeSources),
            recordedAtMs: Number(row.recordedAtMs),
          },
    betCount: Number(row.betCount),
  };
}
