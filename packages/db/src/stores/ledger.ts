import type { AccountId, Posting } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows, copyValue as v } from './copy.ts';
import { integerArray, textArray } from './pg-array.ts';

const accountOf = ([account]: readonly [AccountId, number]): string => account;
const amountOf = ([, amount]: readonly [AccountId, number]): number => amount;
const byAccount = ([a]: readonly [AccountId, number], [b]: readonly [AccountId, number]): number =>
  a < b ? -1 : a > b ? 1 : 0;

/** Net change of each account's balance over a set of postings: the credit side gains, the debit side loses. */
export function balanceDeltas(postings: readonly Posting[]): Map<AccountId, number> {
  const deltas = new Map<AccountId, number>();
  for (const { debit, credit, amount } of postings) {
    deltas.set(debit, (deltas.get(debit) ?? 0) - amount);
    deltas.set(credit, (deltas.get(credit) ?? 0) + amount);
  }
  return deltas;
}

/**
 * Adds each delta to its account's stored balance. Accounts not in `existing` are created with their delta as the
 * opening balance (a wrong guess fails the batch on the primary key rather than double-counting). The table's CHECK
 * refuses a negative user balance, which fails the whole batch.
 */
export async function applyBalanceDeltas(
  db: Queryable,
  deltas: ReadonlyMap<AccountId, number>,
  existing: { has(account: AccountId): boolean },
): Promise<void> {
  const created: Array<[AccountId, number]> = [];
  const updated: Array<[AccountId, number]> = [];
  for (const change of deltas) {
    if (!existing.has(change[0])) created.push(change);
    else if (change[1] !== 0) updated.push(change);
  }
  // In key order, the per-row index lookups and heap pages are visited in order instead of at random (thousands of
  // rows per batch: measured about a fifth faster for 8,000 balance updates).
  updated.sort(byAccount);
  if (created.length > 0)
    await db.query(`INSERT INTO ledger_accounts (id, balance) SELECT * FROM unnest($1::text[], $2::bigint[])`, [
      textArray(created, accountOf),
      integerArray(created, amountOf),
    ]);
  if (updated.length > 0)
    await db.query(
      `UPDATE ledger_accounts AS account SET balance = account.balance + change.delta, updated_at = now()
       FROM unnest($1::text[], $2::bigint[]) AS change (id, delta) WHERE account.id = change.id`,
      [textArray(updated, accountOf), integerArray(updated, amountOf)],
    );
}

/** Appends a batch's postings in order: `(batch_id, seq)` identifies each, seq counting from 0 within the batch. */
export async function insertPostings(client: PoolClient, batchId: number, postings: readonly Posting[]): Promise<void> {
  let seq = 0;
  await copyRows(
    client,
    'ledger_postings',
    ['batch_id', 'seq', 'debit', 'credit', 'amount', 'kind', 'ref'],
    postings,
    (p) => `${batchId}\t${seq++}\t${v(p.debit)}\t${v(p.credit)}\t${p.amount}\t${v(p.kind)}\t${v(p.ref)}`,
  );
}

export async function loadBalances(db: Queryable): Promise<Array<readonly [AccountId, number]>> {
  const { rows } = await db.query<{ id: string; balance: number }>('SELECT id, balance FROM ledger_accounts');
  return rows.map((row) => [row.id, row.balance] as const);
}

export interface LedgerHealth {
  /** Sum of every account's balance: zero when the ledger is balanced (one asset, USDT). */
  balanceTotal: number;
  /** Accounts whose stored balance differs from the sum of their postings. */
  mismatchedAccounts: Array<{ id: string; balance: number; postingSum: number }>;
  /** User accounts below zero. */
  negativeUserAccounts: Array<{ id: string; balance: number }>;
}

/** The ledger invariants, checked in SQL over the stored tables (tests, the operators' ledger health page). */
export async function checkLedgerHealth(db: Queryable): Promise<LedgerHealth> {
  const totals = await db.query<{ balance_total: string | null }>(
    'SELECT sum(balance)::text AS balance_total FROM ledger_accounts',
  );
  const mismatched = await db.query<{ id: string; balance: number; posting_sum: string }>(
    `WITH movements AS (
       SELECT credit AS id, amount FROM ledger_postings
       UNION ALL
       SELECT debit AS id, -amount FROM ledger_postings
     ), sums AS (SELECT id, sum(amount) AS posting_sum FROM movements GROUP BY id)
     SELECT a.id, a.balance, coalesce(s.posting_sum, 0)::text AS posting_sum
     FROM ledger_accounts a FULL JOIN sums s ON s.id = a.id
     WHERE a.balance IS DISTINCT FROM coalesce(s.posting_sum, 0)`,
  );
  const negative = await db.query<{ id: string; balance: number }>(
    `SELECT id, balance FROM ledger_accounts WHERE id LIKE 'user:%' AND balance < 0 ORDER BY id`,
  );
  return {
    balanceTotal: Number(totals.rows[0]?.balance_total ?? 0),
    mismatchedAccounts: mismatched.rows.map((row) => ({
      id: row.id,
      balance: row.balance,
      postingSum: Number(row.posting_sum),
    })),
    negativeUserAccounts: negative.rows,
  };
}
