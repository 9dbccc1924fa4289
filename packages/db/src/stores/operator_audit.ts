import type { Queryable } from '../pool.ts';
import { pageRows, type HistoryPage } from './paging.ts';

/** One operator action as written: the state before and after are whatever JSON the action's area chooses. */
export interface OperatorAction {
  /** null: an automatic decision taken under an operator-set rule (e.g. the auto-approve threshold). */
  operatorId: number | null;
  /** `<area>.<verb>`, lower case: `withdrawal.approve`, `kyc.decide`, `user.level`. */
  action: string;
  targetType: string;
  targetId: string | number;
  previous?: unknown;
  next?: unknown;
  reason?: string | null;
  clientAddress?: string | null;
  now: Date;
}

export interface OperatorActionRecord {
  id: number;
  operatorId: number | null;
  operatorUserid: string | null;
  action: string;
  targetType: string;
  targetId: string;
  previous: unknown;
  next: unknown;
  reason: string | null;
  clientAddress: string | null;
  createdAt: Date;
}

/** Written in the same transaction as the change it describes, so the log never claims what did not happen. */
export async function recordOperatorAction(db: Queryable, entry: OperatorAction): Promise<void> {
  await db.query(
    `INSERT INTO operator_audit (operator_id, action, target_type, target_id, previous, next, reason, client_address, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      entry.operatorId,
      entry.action,
      entry.targetType,
      String(entry.targetId),
      entry.previous === undefined ? null : JSON.stringify(entry.previous),
      entry.next === undefined ? null : JSON.stringify(entry.next),
      entry.reason ?? null,
      entry.clientAddress ?? null,
      entry.now,
    ],
  );
}

export interface OperatorActionFilter {
  operatorId?: number;
  /** An action name or its area prefix: `withdrawal` matches `withdrawal.approve` and `withdrawal.refuse`. */
  action?: string;
  targetType?: string;
  targetId?: string | number;
}

const ACTION_COLUMNS = `a.id, a.operator_id AS "operatorId", u.userid AS "operatorUserid", a.action,
  a.target_type AS "targetType", a.target_id AS "targetId", a.previous, a.next, a.reason,
  a.client_address AS "clientAddress", a.created_at AS "createdAt"`;

function filterSql(filter: OperatorActionFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    clauses.push(sql(`$${params.length}`));
  };
  if (filter.operatorId !== undefined) add((p) => `a.operator_id = ${p}`, filter.operatorId);
  if (filter.action !== undefined) add((p) => `(a.action = ${p} OR a.action LIKE ${p} || '.%')`, filter.action);
  if (filter.targetType !== undefined) add((p) => `a.target_type = ${p}`, filter.targetType);
  if (filter.targetId !== undefined) add((p) => `a.target_id = ${p}`, String(filter.targetId));
  return { where: clauses.join(' AND '), params };
}

/** Newest first, a page at a time (the console's audit log). */
export function searchOperatorActions(
  db: Queryable,
  filter: OperatorActionFilter,
  page: number,
  pageSize: number,
): Promise<HistoryPage<OperatorActionRecord>> {
  const { where, params } = filterSql(filter);
  return pageRows<OperatorActionRecord>(
    db,
    {
      columns: ACTION_COLUMNS,
      table: 'operator_audit a LEFT JOIN users u ON u.id = a.operator_id',
      where,
      params,
      orderBy: 'a.id DESC',
    },
    page,
    pageSize,
  );
}

/** Which of these targets have at least one action of this kind logged (e.g. withdrawals with a first approval). */
export async function targetsWithAction(
  db: Queryable,
  action: string,
  targetType: string,
  targetIds: ReadonlyArray<string | number>,
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const { rows } = await db.query<{ target_id: string }>(
    `SELECT DISTINCT target_id FROM operator_audit WHERE action = $1 AND target_type = $2 AND target_id = ANY($3::text[])`,
    [action, targetType, targetIds.map(String)],
  );
  return new Set(rows.map((row) => row.target_id));
}
