import type { PositionState, UserId } from '@tickline/engine';
import type { Queryable } from '../pool.ts';
import { integerArray } from './pg-array.ts';

export interface PositionChange {
  userId: UserId;
  /** null: the position was closed (its row is deleted). */
  position: PositionState | null;
}

/** Applies the latest position of each user (callers pass each user once). */
export async function savePositions(db: Queryable, changes: readonly PositionChange[]): Promise<void> {
  const closed = changes.filter((change) => change.position === null);
  // In key order: the index lookups and heap pages are visited in order (see applyBalanceDeltas).
  const open = changes
    .flatMap((change) => (change.position ? [change.position] : []))
    .sort((a, b) => a.userId - b.userId);
  if (closed.length > 0)
    await db.query('DELETE FROM positions WHERE user_id = ANY($1::bigint[])', [
      integerArray(closed, (change) => change.userId),
    ]);
  if (open.length === 0) return;
  await db.query(
    `INSERT INTO positions (user_id, side, qty, entry_price, leverage, margin, liquidation_price, take_profit, stop_loss,
       opened_at_ms, updated_at_ms)
     SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[], $4::bigint[], $5::integer[], $6::bigint[],
       $7::bigint[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[])
     ON CONFLICT (user_id) DO UPDATE SET side = excluded.side, qty = excluded.qty, entry_price = excluded.entry_price,
       leverage = excluded.leverage, margin = excluded.margin, liquidation_price = excluded.liquidation_price,
       take_profit = excluded.take_profit, stop_loss = excluded.stop_loss, opened_at_ms = excluded.opened_at_ms,
       updated_at_ms = excluded.updated_at_ms`,
    [
      integerArray(open, (p) => p.userId),
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
  );
}

export async function loadPositions(db: Queryable): Promise<PositionState[]> {
  const { rows } = await db.query<PositionState>(
    `SELECT user_id AS "userId", side, qty, entry_price AS "entryPrice", leverage, margin,
       liquidation_price AS "liquidationPrice", take_profit AS "takeProfit", stop_loss AS "stopLoss",
       opened_at_ms AS "openedAtMs", updated_at_ms AS "updatedAtMs"
     FROM positions ORDER BY user_id`,
  );
  return rows;
}
