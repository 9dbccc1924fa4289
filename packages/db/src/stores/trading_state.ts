import type { UserId } from '@tickline/engine';
import type { Queryable } from '../pool.ts';

// The sequencer's small tables: user leverage, idempotency keys, and its own counters and last prices.

export async function upsertLeverages(
  db: Queryable,
  leverages: ReadonlyArray<readonly [UserId, number]>,
): Promise<void> {
  if (leverages.length === 0) return;
  await db.query(
    `INSERT INTO user_leverage (user_id, leverage) SELECT * FROM unnest($1::bigint[], $2::integer[])
     ON CONFLICT (user_id) DO UPDATE SET leverage = excluded.leverage`,
    [leverages.map(([userId]) => userId), leverages.map(([, leverage]) => leverage)],
  );
}

export async function loadLeverages(db: Queryable): Promise<Array<readonly [UserId, number]>> {
  const { rows } = await db.query<{ user_id: number; leverage: number }>(
    'SELECT user_id, leverage FROM user_leverage ORDER BY user_id',
  );
  return rows.map((row) => [row.user_id, row.leverage] as const);
}

export interface CommandKeyRecord {
  key: string;
  commandType: string;
  /** The command's answer, kept so that a repeat can answer what the first one did (JSON; undefined = none). */
  result?: unknown;
}

/** Records applied idempotency keys; a duplicate violates the primary key and fails the batch. */
export async function insertCommandKeys(
  db: Queryable,
  batchId: number,
  keys: readonly CommandKeyRecord[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `INSERT INTO command_keys (key, command_type, result, batch_id)
     SELECT k, t, r::jsonb, $4::bigint FROM unnest($1::text[], $2::text[], $3::text[]) AS u(k, t, r)`,
    [
      keys.map((k) => k.key),
      keys.map((k) => k.commandType),
      keys.map((k) => (k.result === undefined ? null : JSON.stringify(k.result))),
      batchId,
    ],
  );
}

/** Which of `keys` were already applied. */
export async function findCommandKeys(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await db.query<{ key: string }>('SELECT key FROM command_keys WHERE key = ANY($1::text[])', [
    [...keys],
  ]);
  return new Set(rows.map((row) => row.key));
}

export interface AppliedCommand {
  commandType: string;
  result: unknown;
  createdAt: Date;
}

/** What the command applied under `key` answered, or null when no command was applied under it. */
export async function findAppliedCommand(db: Queryable, key: string): Promise<AppliedCommand | null> {
  const { rows } = await db.query<AppliedCommand>(
    'SELECT command_type AS "commandType", result, created_at AS "createdAt" FROM command_keys WHERE key = $1',
    [key],
  );
  return rows[0] ?? null;
}

export interface SequencerState {
  lastBatchId: number;
  lastIndexPrice: number | null;
  lastMarkPrice: number | null;
  lastPriceAtMs: number | null;
}

export async function loadSequencerState(db: Queryable): Promise<SequencerState> {
  const { rows } = await db.query<SequencerState>(
    `SELECT last_batch_id AS "lastBatchId", last_index_price AS "lastIndexPrice", last_mark_price AS "lastMarkPrice",
       last_price_at_ms AS "lastPriceAtMs"
     FROM sequencer_state WHERE id = 1`,
  );
  const state = rows[0];
  if (!state) throw new Error('sequencer_state row is missing: was the database migrated?');
  return state;
}

/**
 * Stores the sequencer's state for batch `state.lastBatchId`, only over the batch before it: the batch id is the
 * writer's fencing token. Returns false, changing nothing, when the stored last batch is another one — another
 * sequencer has written to this database, and the caller must not commit.
 */
export async function advanceSequencerState(db: Queryable, state: SequencerState): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sequencer_state SET last_batch_id = $1, last_index_price = $2, last_mark_price = $3, last_price_at_ms = $4
     WHERE id = 1 AND last_batch_id = $5`,
    [state.lastBatchId, state.lastIndexPrice, state.lastMarkPrice, state.lastPriceAtMs, state.lastBatchId - 1],
  );
  return rowCount === 1;
}
