import { depositRef, type DepositRecord } from '@tickline/engine';
import type { Queryable } from '../pool.ts';

const REF_PREFIX = depositRef('');

/**
 * Every chain deposit the engine has credited, from the postings (the credit leg: chain clearing → the user's spot
 * wallet), with whether a reversal followed, so a restored engine still credits each deposit key once.
 */
export async function loadDeposits(db: Queryable): Promise<DepositRecord[]> {
  const { rows } = await db.query<{ ref: string; credit: string; amount: number; reversed: boolean }>(
    `SELECT d.ref, d.credit, d.amount,
       EXISTS (SELECT 1 FROM ledger_postings r WHERE r.kind = 'deposit_reversal' AND r.ref = d.ref) AS reversed
     FROM ledger_postings d WHERE d.kind = 'deposit' AND d.debit = 'chain:clearing' ORDER BY d.ref`,
  );
  return rows.map((row) => ({
    depositKey: row.ref.slice(REF_PREFIX.length),
    userId: Number(row.credit.split(':')[1]),
    amount: row.amount,
    reversed: row.reversed,
  }));
}
