import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceRowOf,
  balanceStatements,
  BalanceChanges,
  loadBalances,
  type BalanceRow,
} from '../src/stores/ledger.ts';
import { advanceSequencerStateAndCommit, loadSequencerState } from '../src/stores/trading_state.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// The balances of a batch folded with its fencing step and COMMIT into one message (#30): any sequence of batches
// adds up exactly, and a batch that would leave a user balance negative, or that is fenced, changes nothing.

const ACCOUNTS = [
  'user:51:spot',
  'user:51:futures',
  'user:52:order_margin',
  'user:51:order_margin:ETHUSDT',
  'user:52:position_margin:SOLUSDT',
  'house:treasury',
  'house:fee_revenue',
];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** One batch's balances in one folded message; true when it committed. */
async function commitBatch(batchId: number, changes: BalanceChanges, stored: Set<BalanceRow>): Promise<boolean> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const committed = await advanceSequencerStateAndCommit(client, batchId, balanceStatements(changes, stored));
    if (!committed) await client.query('ROLLBACK');
    return committed;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

describe('a batch’s balances folded into its commit', () => {
  it('add up over any sequence of batches; a negative user balance or a fenced batch changes nothing (fast-check)', async () => {
    const model = new Map<string, number>();
    const stored = new Set<BalanceRow>();
    const outcomes = { committed: 0, negative: 0, fenced: 0 };
    const batch = fc.array(fc.tuple(fc.constantFrom(...ACCOUNTS), fc.integer({ min: -300, max: 1_000 })), {
      minLength: 1,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(batch, fc.constantFrom('ok', 'fenced', 'overdraw')), { maxLength: 6 }),
        async (batches) => {
          for (const [given, kind] of batches) {
            const fenced = kind === 'fenced';
            const changes = new BalanceChanges();
            const next = new Map(model);
            const add = (account: string, delta: number) => {
              changes.add(account, delta);
              next.set(account, (next.get(account) ?? 0) + delta);
            };
            for (const [account, delta] of given) add(account, delta);
            // An overdraft: the first user account named ends one below zero.
            const overdrawn = given.find(([account]) => account.startsWith('user:'))?.[0] ?? 'user:51:spot';
            if (kind === 'overdraw') add(overdrawn, -((next.get(overdrawn) ?? 0) + 1));
            const negative = [...next].some(([account, balance]) => account.startsWith('user:') && balance < 0);
            const lastBatchId = (await loadSequencerState(database.pool)).lastBatchId;
            // A fenced writer names a batch that is not the one after the stored one.
            const batchId = lastBatchId + (fenced ? 2 : 1);
            outcomes[negative ? 'negative' : fenced ? 'fenced' : 'committed']++;
            if (negative) await expect(commitBatch(batchId, changes, stored)).rejects.toThrow(/_non_negative/);
            else if (fenced) expect(await commitBatch(batchId, changes, stored)).toBe(false);
            else {
              expect(await commitBatch(batchId, changes, stored)).toBe(true);
              for (const [account, balance] of next) {
                model.set(account, balance);
                if (balance !== 0) stored.add(balanceRowOf(account));
              }
            }
            expect((await loadSequencerState(database.pool)).lastBatchId).toBe(
              lastBatchId + (negative || fenced ? 0 : 1),
            );
            const balances = new Map(await loadBalances(database.pool));
            for (const account of ACCOUNTS) expect(balances.get(account) ?? 0).toBe(model.get(account) ?? 0);
          }
        },
      ),
      { numRuns: 30 },
    );
    // Every kind of batch was tried.
    expect(Math.min(outcomes.committed, outcomes.negative, outcomes.fenced)).toBeGreaterThan(0);
  });
});
