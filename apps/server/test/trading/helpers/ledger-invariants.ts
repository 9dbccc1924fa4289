import { expect } from 'vitest';
import { checkLedgerHealth, type Queryable } from '@tickline/db';

/**
 * ARCHITECTURE.md invariants 1–2, checked in SQL over what is stored: the ledger sums to zero, every stored balance
 * equals the sum of its postings, and no user account is negative.
 */
export async function expectLedgerInvariants(db: Queryable): Promise<void> {
  const health = await checkLedgerHealth(db);
  expect(health.balanceTotal, 'sum of all ledger balances').toBe(0);
  expect(health.mismatchedAccounts, 'accounts whose balance differs from their postings').toEqual([]);
  expect(health.negativeUserAccounts, 'negative user accounts').toEqual([]);
}
