import type { Queryable } from '../pool.ts';

/** What is counted per account: wrong sign-ins, and wrong second-factor codes on any route that takes one. */
export type ThrottleScope = 'login' | 'second_factor';

export interface FailureCount {
  failures: number;
  lastFailureAt: Date;
}

/** The account's current count, or null when it has none (or only one older than `forgetBefore`). */
export async function failureCount(
  db: Queryable,
  scope: ThrottleScope,
  account: string,
  forgetBefore: Date,
): Promise<FailureCount | null> {
  const { rows } = await db.query<FailureCount>(
    `SELECT failures, last_failure_at AS "lastFailureAt" FROM account_throttles
     WHERE scope = $1 AND account = $2 AND last_failure_at >= $3`,
    [scope, account, forgetBefore],
  );
  return rows[0] ?? null;
}

/** Counts one more failure in one statement (two nodes counting at once both count); a stale count starts again. */
export async function recordFailure(
  db: Queryable,
  scope: ThrottleScope,
  account: string,
  at: Date,
  forgetBefore: Date,
): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO account_throttles AS t (scope, account, failures, last_failure_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (scope, account) DO UPDATE
       SET failures = CASE WHEN t.last_failure_at < $4 THEN 1 ELSE t.failures + 1 END,
           last_failure_at = GREATEST(t.last_failure_at, EXCLUDED.last_failure_at)
     RETURNING failures`,
    [scope, account, at, forgetBefore],
  );
  return rows[0]!.failures;
}

export async function clearFailures(db: Queryable, scope: ThrottleScope, account: string): Promise<void> {
  await db.query('DELETE FROM account_throttles WHERE scope = $1 AND account = $2', [scope, account]);
}

/** Drops every count older than `before` (they no longer count anyway): keeps the table small. */
export async function forgetFailures(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM account_throttles WHERE last_failure_at < $1', [before]);
  return rowCount ?? 0;
}
