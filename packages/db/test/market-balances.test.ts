import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBalanceChanges, BalanceChanges, checkLedgerHealth, loadBalances } from '../src/stores/ledger.ts';
import { inTransaction } from '../src/pool.ts';
import { readLiabilities } from '../src/stores/reserve_snapshots.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// Another market's order and position margin (#34): `user:<id>:<purpose>:<symbol>` in user_market_balances.

const everyRowStored = { has: () => true };

function changes(deltas: Array<[string, number]>): BalanceChanges {
  const changes = new BalanceChanges();
  for (const [account, delta] of deltas) changes.add(account, delta);
  return changes;
}

describe('margin of another market', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('keeps each market’s margin apart, round trips through loadBalances and ledger_accounts, balanced', async () => {
    await applyBalanceChanges(
      database.pool,
      changes([
        ['user:7:futures', 1_000],
        ['house:treasury', -1_000],
      ]),
      { has: () => false },
    );
    // Over several batches: the first creates the rows, later ones add to them.
    const batches: Array<Array<[string, number]>> = [
      [
        ['user:7:futures', -300],
        ['user:7:order_margin:ETHUSDT', 200],
        ['user:7:position_margin:SOLUSDT', 100],
      ],
      [
        ['user:7:order_margin:ETHUSDT', -150],
        ['user:7:position_margin:ETHUSDT', 150],
        ['user:7:order_margin', 0],
      ],
    ];
    for (const batch of batches) await applyBalanceChanges(database.pool, changes(batch), everyRowStored);
    const balances = new Map(await loadBalances(database.pool));
    expect(balances.get('user:7:futures')).toBe(700);
    expect(balances.get('user:7:order_margin:ETHUSDT')).toBe(50);
    expect(balances.get('user:7:position_margin:ETHUSDT')).toBe(150);
    expect(balances.get('user:7:position_margin:SOLUSDT')).toBe(100);
    expect(balances.has('user:7:order_margin')).toBe(false);
    const health = await checkLedgerHealth(database.pool);
    expect(health.balanceTotal).toBe(0);
    // The proof of reserves counts it as the user's: wallet and every market's margin.
    const liabilities = await readLiabilities(database.pool);
    expect(liabilities.balances[liabilities.userNos.indexOf(7)]).toBe(1_000n);
  });

  it('refuses a batch that would take a market’s margin below zero, changing nothing', async () => {
    const before = await loadBalances(database.pool);
    // As the sequencer writes a batch: in one transaction, so the refusal takes the wallet's change back too.
    const inBatch = (deltas: Array<[string, number]>) =>
      inTransaction(database.pool, (db) => applyBalanceChanges(db, changes(deltas), everyRowStored));
    await expect(
      inBatch([
        ['user:7:order_margin:ETHUSDT', -51],
        ['user:7:futures', 51],
      ]),
    ).rejects.toThrow(/user_market_balances_non_negative/);
    // A negative first balance of a row not stored yet is refused too.
    await expect(inBatch([['user:9:position_margin:ETHUSDT', -1]])).rejects.toThrow(
      /user_market_balances_non_negative/,
    );
    expect(await loadBalances(database.pool)).toEqual(before);
  });

  it('names no stored row for a malformed market account or BTCUSDT spelled out', () => {
    for (const account of ['user:7:order_margin:ethusdt', 'user:7:spot:ETHUSDT', 'user:7:order_margin:BTCUSDT'])
      expect(() => changes([[account, 1]])).toThrow(/no stored balance/);
  });

  it('adds up any sequence of batches per market exactly (fast-check)', async () => {
    const account = fc.constantFrom(
      'user:21:order_margin:ETHUSDT',
      'user:21:position_margin:ETHUSDT',
      'user:21:order_margin:SOLUSDT',
      'user:22:position_margin:SOLUSDT',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.tuple(account, fc.integer({ min: 0, max: 1_000_000 })), { maxLength: 4 }), {
          maxLength: 4,
        }),
        async (batches) => {
          const start = new Map(await loadBalances(database.pool));
          const expected = new Map(start);
          for (const batch of batches) {
            // Money moves from the house into the market accounts: every batch balanced.
            const total = batch.reduce((sum, [, amount]) => sum + amount, 0);
            await applyBalanceChanges(database.pool, changes([...batch, ['house:treasury', -total]]), everyRowStored);
            for (const [id, amount] of [...batch, ['house:treasury', -total] as [string, number]])
              expected.set(id, (expected.get(id) ?? 0) + amount);
          }
          const after = new Map(await loadBalances(database.pool));
          for (const [id, amount] of expected) expect(after.get(id) ?? 0).toBe(amount);
          expect((await checkLedgerHealth(database.pool)).balanceTotal).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });
});
