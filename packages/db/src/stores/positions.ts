import { symbolOf, type MarketSymbol, type PositionState, type UserId } from '@tickline/engine';
import type { Queryable } from '../pool.ts';
import { symbolFilter, withStoredSymbol } from './market_symbols.ts';
import { integerArray, textArray } from './pg-array.ts';
import { runStatements, type Statement } from './statements.ts';

export interface PositionChange {
  userId: UserId;
  /** The position's market (#34); absent: DEFAULT_SYMBOL. */
  symbol?: MarketSymbol;
  /** null: the position was closed (its row is deleted). */
  position: PositionState | null;
}

/** Applies the latest position of each user in each market (callers pass each user and market once). */
export async function savePositions(db: Queryable, changes: readonly PositionChange[]): Promise<void> {
  await runStatements(db, positionStatements(changes));
}

/** The statements of `savePositions` (the sequencer folds them into its batch's commit, #30). */
export function positionStatements(changes: readonly PositionChange[]): Statement[] {
  const statements: Statement[] = [];
  const closed = changes.filter((change) => change.position === null);
  // In key order: the index lookups and heap pages are visited in order (see applyBalanceDeltas).
  const open = changes
    .flatMap((change) => (change.position ? [change.position] : []))
    .sort((a, b) => a.userId - b.userId || (symbolOf(a) < symbolOf(b) ? -1 : symbolOf(a) > symbolOf(b) ? 1 : 0));
  if (closed.length > 0)
    statements.push({
      text: `DELETE FROM positions AS p USING unnest($1::bigint[], $2::text[]) AS c (user_id, symbol)
       WHERE p.user_id = c.user_id AND p.symbol = c.symbol`,
      values: [integerArray(closed, (change) => change.userId), textArray(closed, (change) => symbolOf(change))],
    });
  if (open.length === 0) return statements;
  statements.push({
    text: `INSERT INTO positions (user_id, symbol, side, qty, entry_price, leverage, margin, liquidation_price, take_profit,
       stop_loss, opened_at_ms, updated_at_ms)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::smallint[], $4::bigint[], $5::bigint[], $6::integer[],
       $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[], $12::bigint[])
     ON CONFLICT (user_id, symbol) DO UPDATE SET side = excluded.side, qty = excluded.qty,
       entry_price = excluded.entry_price, leverage = excluded.leverage, margin = excluded.margin,
       liquidation_price = excluded.liquidation_price, take_profit = excluded.take_profit,
       stop_loss = excluded.stop_loss, opened_at_ms = excluded.opened_at_ms, updated_at_ms = excluded.updated_at_ms`,
    values: [
      integerArray(open, (p) => p.userId),
      textArray(open, (p) => symbolOf(p)),
      integerArray(open, (p) => p.side),
      integerArray(open, (p) => p.qty),
      integerArray(open, (p) => p.entryPrice),
      integerArray(open, (p) => p.leverage),
      integerArray(open, (p) => p.margin),
      integerArray(open, (p) => p.liquidationPrice),
      integerArray(open, (p) => p.takeProfit),
      integerArray(open, (p) => p.stopLoss),
      integerArray(open, (p) => p.openedAtMs),
      integerArray(open, (p) => p.updatedAtMs),
    ],
  });
  return statements;
}

/** Every open position (restore), or one user's (`userId`, in one market with `symbol`), by user then market. */
export async function loadPositions(
  db: Queryable,
  filter: { userId?: UserId; symbol?: MarketSymbol } = {},
): Promise<PositionState[]> {
  const params: unknown[] = [];
  let where = 'true';
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    where = `user_id = $${params.length}`;
  }
  where += symbolFilter(params, filter.symbol);
  const { rows } = await db.query<PositionState>(
    `SELECT user_id AS "userId", symbol, side, qty, entry_price AS "entryPrice", leverage, margin,
       liquidation_price AS "liquidationPrice", take_profit AS "takeProfit", stop_loss AS "stopLoss",
       opened_at_ms AS "openedAtMs", updated_at_ms AS "updatedAtMs"
     FROM positions WHERE ${where} ORDER BY user_id, symbol`,
    params,
  );
  return rows.map(withStoredSymbol);
}
