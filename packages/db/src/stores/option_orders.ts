import type { OptionOrderState, UserId } from '@tickline/engine';
import type { Queryable } from '../pool.ts';
import { pageRows, type HistoryPage } from './paging.ts';
import { booleanArray, integerArray } from './pg-array.ts';
import { runStatements, type Statement } from './statements.ts';

const OPTION_COLUMNS = `id, user_id AS "userId", bet_type AS "betType", stake, open_price AS "openPrice",
  round_start_ms AS "roundStartMs", expire_at_ms AS "expireAtMs", result_price AS "resultPrice", result,
  settled_profit AS "settledProfit", refunded, created_at_ms AS "createdAtMs", settled_at_ms AS "settledAtMs"`;

/** Inserts new option orders and records settlements (one row per id; callers pass each id once). */
export async function upsertOptionOrders(db: Queryable, orders: readonly OptionOrderState[]): Promise<void> {
  await runStatements(db, optionOrderStatements(orders));
}

/** The statement of `upsertOptionOrders` (the sequencer folds it into its batch's commit, #30). */
export function optionOrderStatements(orders: readonly OptionOrderState[]): Statement[] {
  if (orders.length === 0) return [];
  const text = `INSERT INTO option_orders (id, user_id, bet_type, stake, open_price, round_start_ms, expire_at_ms, result_price,
       result, settled_profit, refunded, created_at_ms, settled_at_ms)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::bigint[], $5::bigint[], $6::bigint[],
       $7::bigint[], $8::bigint[], $9::smallint[], $10::bigint[], $11::boolean[], $12::bigint[], $13::bigint[])
     ON CONFLICT (id) DO UPDATE SET result_price = excluded.result_price, result = excluded.result,
       settled_profit = excluded.settled_profit, refunded = excluded.refunded, settled_at_ms = excluded.settled_at_ms`;
  const values = [
    integerArray(orders, (o) => o.id),
    integerArray(orders, (o) => o.userId),
    integerArray(orders, (o) => o.betType),
    integerArray(orders, (o) => o.stake),
    integerArray(orders, (o) => o.openPrice),
    integerArray(orders, (o) => o.roundStartMs),
    integerArray(orders, (o) => o.expireAtMs),
    integerArray(orders, (o) => o.resultPrice),
    integerArray(orders, (o) => o.result),
    integerArray(orders, (o) => o.settledProfit),
    booleanArray(orders, (o) => o.refunded),
    integerArray(orders, (o) => o.createdAtMs),
    integerArray(orders, (o) => o.settledAtMs),
  ];
  return [{ text, values }];
}

export async function loadUnsettledOptionOrders(db: Queryable): Promise<OptionOrderState[]> {
  const { rows } = await db.query<OptionOrderState>(
    `SELECT ${OPTION_COLUMNS} FROM option_orders WHERE result = 0 ORDER BY id`,
  );
  return rows;
}

export async function maxOptionOrderId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM option_orders');
  return rows[0]?.max ?? 0;
}

export async function recentOptionOrders(db: Queryable, userId: UserId, limit: number): Promise<OptionOrderState[]> {
  const { rows } = await db.query<OptionOrderState>(
    `SELECT ${OPTION_COLUMNS} FROM option_orders WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export async function pageOptionOrders(
  db: Queryable,
  userId: UserId,
  page: number,
  pageSize: number,
): Promise<HistoryPage<OptionOrderState>> {
  return pageRows<OptionOrderState>(
    db,
    { columns: OPTION_COLUMNS, table: 'option_orders', where: 'user_id = $1', params: [userId], orderBy: 'id DESC' },
    page,
    pageSize,
  );
}

export interface OptionRoundSettlement {
  roundStartMs: number;
  resultPrice: number | null;
  settledAtMs: number;
}

/** Records settled rounds; settling a round again keeps the first record (settlement is idempotent). */
export async function insertOptionRounds(db: Queryable, rounds: readonly OptionRoundSettlement[]): Promise<void> {
  await runStatements(db, optionRoundStatements(rounds));
}

/** The statement of `insertOptionRounds` (the sequencer folds it into its batch's commit, #30). */
export function optionRoundStatements(rounds: readonly OptionRoundSettlement[]): Statement[] {
  if (rounds.length === 0) return [];
  return [
    {
      text: `INSERT INTO option_rounds (round_start_ms, result_price, settled_at_ms)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[])
     ON CONFLICT (round_start_ms) DO NOTHING`,
      values: [
        integerArray(rounds, (r) => r.roundStartMs),
        integerArray(rounds, (r) => r.resultPrice),
        integerArray(rounds, (r) => r.settledAtMs),
      ],
    },
  ];
}

/** Rounds that still have unsettled orders although they ended at or before `nowMs`, oldest first. */
export async function listOverdueOptionRounds(db: Queryable, nowMs: number): Promise<Array<{ roundStartMs: number }>> {
  const { rows } = await db.query<{ roundStartMs: number }>(
    `SELECT DISTINCT round_start_ms AS "roundStartMs" FROM option_orders
     WHERE result = 0 AND expire_at_ms <= $1 ORDER BY 1`,
    [nowMs],
  );
  return rows;
}

/** The newest option orders of a set of users (a partner's downline), newest first. */
export async function optionOrdersOfUsers(
  db: Queryable,
  userIds: readonly number[],
  limit: number,
): Promise<OptionOrderState[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<OptionOrderState>(
    `SELECT ${OPTION_COLUMNS} FROM option_orders WHERE user_id = ANY($1::bigint[]) ORDER BY id DESC LIMIT $2`,
    [userIds, limit],
  );
  return rows;
}
