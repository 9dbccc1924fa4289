import { DEFAULT_SYMBOL, type EngineSnapshot, type MarketSymbol } from '@tickline/engine';
import type { Queryable } from '../pool.ts';
import { integerArray, textArray } from './pg-array.ts';
import { foldStatements, runStatements, type Statement } from './statements.ts';

// The sequencer's small tables: user leverage, idempotency keys, and its own counters (each market's last prices
// are in market_prices.ts).

/** A user's leverage in a market, as the engine's snapshot lists it: DEFAULT_SYMBOL's without the symbol (#34). */
export type LeverageEntry = EngineSnapshot['leverageByUser'][number];

export async function upsertLeverages(db: Queryable, leverages: readonly LeverageEntry[]): Promise<void> {
  await runStatements(db, leverageStatements(leverages));
}

/** The statement of `upsertLeverages` (the sequencer folds it into its batch's commit, #30). */
export function leverageStatements(leverages: readonly LeverageEntry[]): Statement[] {
  if (leverages.length === 0) return [];
  return [
    {
      text: `INSERT INTO user_leverage (user_id, leverage, symbol)
     SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[])
     ON CONFLICT (user_id, symbol) DO UPDATE SET leverage = excluded.leverage`,
      values: [
        integerArray(leverages, ([userId]) => userId),
        integerArray(leverages, ([, leverage]) => leverage),
        textArray(leverages, (entry) => entry[2] ?? DEFAULT_SYMBOL),
      ],
    },
  ];
}

/** Every stored leverage by user, DEFAULT_SYMBOL's first then the other markets' by symbol. */
export async function loadLeverages(db: Queryable): Promise<LeverageEntry[]> {
  const { rows } = await db.query<{ user_id: number; leverage: number; symbol: MarketSymbol }>(
    'SELECT user_id, leverage, symbol FROM user_leverage ORDER BY user_id, symbol <> $1, symbol',
    [DEFAULT_SYMBOL],
  );
  return rows.map((row) =>
    row.symbol === DEFAULT_SYMBOL
      ? ([row.user_id, row.leverage] as const)
      : ([row.user_id, row.leverage, row.symbol] as const),
  );
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

/** The sequencer's last batch, and DEFAULT_SYMBOL's last prices (what the options and the price jobs read). */
export interface SequencerState {
  lastBatchId: number;
  lastIndexPrice: number | null;
  lastMarkPrice: number | null;
  lastPriceAtMs: number | null;
}

export async function loadSequencerState(db: Queryable): Promise<SequencerState> {
  const { rows } = await db.query<SequencerState>(
    `SELECT last_batch_id AS "lastBatchId", m.last_index_price AS "lastIndexPrice", m.last_mark_price AS "lastMarkPrice",
       m.last_price_at_ms AS "lastPriceAtMs"
     FROM sequencer_state LEFT JOIN market_prices m ON m.symbol = $1 WHERE id = 1`,
    [DEFAULT_SYMBOL],
  );
  const state = rows[0];
  if (!state) throw new Error('sequencer_state row is missing: was the database migrated?');
  return state;
}

/** SQLSTATE raised by `sequencer_advance` when the stored last batch is not the one before (migration 20261127090000). */
const FENCED = 'TL409';

/**
 * Runs `statements`, records batch `batchId` as the last one stored, only over the batch before it, and commits the
 * caller's open transaction — all in one round trip (#30: the commit path of every order). The batch id is the
 * writer's fencing token: when the stored last batch is another one (another sequencer has written to this database)
 * nothing is committed and this returns false; the caller must roll back. Any statement's failure (a CHECK, a row
 * not stored) is thrown with COMMIT not run; the caller must roll back too.
 */
export async function advanceSequencerStateAndCommit(
  db: Queryable,
  batchId: number,
  statements: readonly Statement[] = [],
): Promise<boolean> {
  // A simple query carries every statement, so the id is written into the text: only a safe integer can be.
  if (!Number.isSafeInteger(batchId) || batchId < 1) throw new RangeError(`batch id ${batchId} is not a batch id`);
  const advance: Statement = { text: 'SELECT sequencer_advance($1)', values: [batchId] };
  try {
    await db.query(`${foldStatements([...statements, advance])};\nCOMMIT`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === FENCED) return false;
    throw error;
  }
}
