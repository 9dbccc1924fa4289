import type { Queryable } from '../pool.ts';

/** A record of the round log; prices in index ticks (0: the round had no such price). */
export interface RoundLogRecord {
  seq: number;
  roundStartMs: number;
  openPrice: number;
  closePrice: number;
  result: 1 | 2 | 3;
  prevHash: string;
  hash: string;
}

/** A settled round not yet in the log, with what its record is made of. */
export interface UnchainedRound {
  roundStartMs: number;
  /** The round's open tick, null when it was not kept (a round settled at a restart). */
  openPrice: number | null;
  /** The price the round was settled at, null when it had none (refunded). */
  resultPrice: number | null;
  settledAtMs: number;
  ticksKept: boolean;
}

const RECORD_COLUMNS = `seq::int AS seq, round_start_ms::float8 AS "roundStartMs", open_price::float8 AS "openPrice",
  close_price::float8 AS "closePrice", result, prev_hash AS "prevHash", hash`;

/** Serialises the log's writers across processes until the transaction ends (failover: two jobs nodes). */
export async function lockRoundLog(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext('audit_round_log'))`);
}

/** The last record, or null while the log is empty. */
export async function roundLogHead(db: Queryable): Promise<RoundLogRecord | null> {
  const { rows } = await db.query<RoundLogRecord>(
    `SELECT ${RECORD_COLUMNS} FROM audit_round_log ORDER BY seq DESC LIMIT 1`,
  );
  return rows[0] ?? null;
}

/**
 * Settled rounds without a record, oldest first. Only rounds at most `windowMs` older than the log's newest round are
 * looked at, so the scan stays small as the log grows (a settlement arrives minutes after its round, not days).
 */
export async function unchainedRounds(
  db: Queryable,
  afterRoundStartMs: number,
  limit: number,
): Promise<UnchainedRound[]> {
  const { rows } = await db.query<UnchainedRound>(
    `SELECT r.round_start_ms::float8 AS "roundStartMs", t.open_price::float8 AS "openPrice",
            r.result_price::float8 AS "resultPrice", r.settled_at_ms::float8 AS "settledAtMs",
            (t.round_start_ms IS NOT NULL) AS "ticksKept"
     FROM option_rounds r
     LEFT JOIN option_round_ticks t USING (round_start_ms)
     WHERE r.round_start_ms > $1
       AND NOT EXISTS (SELECT 1 FROM audit_round_log l WHERE l.round_start_ms = r.round_start_ms)
     ORDER BY r.round_start_ms
     LIMIT $2`,
    [afterRoundStartMs, limit],
  );
  return rows;
}

export async function appendRoundRecords(
  db: Queryable,
  records: readonly RoundLogRecord[],
  nowMs: number,
): Promise<void> {
  if (records.length === 0) return;
  await db.query(
    `INSERT INTO audit_round_log (seq, round_start_ms, open_price, close_price, result, prev_hash, hash, appended_at_ms)
     SELECT *, $8::bigint FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::smallint[],
                                     $6::text[], $7::text[])`,
    [
      records.map((r) => r.seq),
      records.map((r) => r.roundStartMs),
      records.map((r) => r.openPrice),
      records.map((r) => r.closePrice),
      records.map((r) => r.result),
      records.map((r) => r.prevHash),
      records.map((r) => r.hash),
      nowMs,
    ],
  );
}

/** Up to `limit` records from `fromSeq` on, in order. */
export async function roundLogPage(db: Queryable, fromSeq: number, limit: number): Promise<RoundLogRecord[]> {
  const { rows } = await db.query<RoundLogRecord>(
    `SELECT ${RECORD_COLUMNS} FROM audit_round_log WHERE seq >= $1 ORDER BY seq LIMIT $2`,
    [fromSeq, limit],
  );
  return rows;
}

/** The record of the round that started at `roundStartMs`, if it is in the log. */
export async function roundLogRecordOf(db: Queryable, roundStartMs: number): Promise<RoundLogRecord | null> {
  const { rows } = await db.query<RoundLogRecord>(
    `SELECT ${RECORD_COLUMNS} FROM audit_round_log WHERE round_start_ms = $1`,
    [roundStartMs],
  );
  return rows[0] ?? null;
}

export interface Anchor {
  day: string;
  seq: number;
  hash: string;
  chainId: number;
  txHash: string;
  anchoredAtMs: number;
}

const ANCHOR_COLUMNS = `to_char(day, 'YYYY-MM-DD') AS day, seq::int AS seq, hash, chain_id AS "chainId",
  tx_hash AS "txHash", anchored_at_ms::float8 AS "anchoredAtMs"`;

export async function anchorOfDay(db: Queryable, day: string): Promise<Anchor | null> {
  const { rows } = await db.query<Anchor>(`SELECT ${ANCHOR_COLUMNS} FROM audit_anchors WHERE day = $1`, [day]);
  return rows[0] ?? null;
}

export async function latestAnchor(db: Queryable): Promise<Anchor | null> {
  const { rows } = await db.query<Anchor>(`SELECT ${ANCHOR_COLUMNS} FROM audit_anchors ORDER BY day DESC LIMIT 1`);
  return rows[0] ?? null;
}

export async function recordAnchor(db: Queryable, anchor: Anchor): Promise<void> {
  await db.query(
    `INSERT INTO audit_anchors (day, seq, hash, chain_id, tx_hash, anchored_at_ms) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (day) DO NOTHING`,
    [anchor.day, anchor.seq, anchor.hash, anchor.chainId, anchor.txHash, anchor.anchoredAtMs],
  );
}
