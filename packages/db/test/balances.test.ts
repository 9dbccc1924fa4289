import { copyFile, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR } from '../src/migrate.ts';
import { applyBalanceChanges, BalanceChanges, loadBalances } from '../src/stores/ledger.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

const USER_BALANCES_MIGRATION = '20261122090000_user_balances.sql';

/** A folder with every migration before the one that moved balances into one row per user. */
async function migrationsBeforeUserBalances(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tickline-migrations-'));
  for (const file of await readdir(MIGRATIONS_DIR))
    if (file.endsWith('.sql') && file < USER_BALANCES_MIGRATION)
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(folder, file));
  return folder;
}

function changes(deltas: Array<[string, number]>): BalanceChanges {
  const changes = new BalanceChanges();
  for (const [account, delta] of deltas) changes.add(account, delta);
  return changes;
}

const accounts = async (database: TestDatabase) =>
  (
    await database.pool.query<{ id: string; balance: number }>(
      'SELECT id, balance FROM ledger_accounts WHERE balance <> 0 ORDER BY id',
    )
  ).rows;

describe('one balance row per user', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('adds deltas to stored rows, creates new ones, and shows every account through ledger_accounts', async () => {
    const none = { has: () => false };
    await applyBalanceChanges(
      database.pool,
      changes([
        ['house:treasury', -300],
        ['user:7:spot', 100],
        ['user:7:futures', 200],
        ['user:8:option_stake', 0],
      ]),
      none,
    );
    const stored = { has: (row: number | string) => row === 7 || row === 'house:treasury' };
    await applyBalanceChanges(
      database.pool,
      changes([
        ['user:7:futures', -50],
        ['user:7:order_margin', 50],
        ['house:treasury', -5],
        ['user:9:withdrawal_hold', 5],
      ]),
      stored,
    );
    expect(await accounts(database)).toEqual([
      { id: 'house:treasury', balance: -305 },
      { id: 'user:7:futures', balance: 150 },
      { id: 'user:7:order_margin', balance: 50 },
      { id: 'user:7:spot', balance: 100 },
      { id: 'user:9:withdrawal_hold', balance: 5 },
    ]);
    // A zero net change creates no row; every non-zero balance comes back under its account id.
    expect((await database.pool.query('SELECT 1 FROM user_balances WHERE user_id = 8')).rowCount).toBe(0);
    expect(new Map(await loadBalances(database.pool))).toEqual(
      new Map([
        ['house:treasury', -305],
        ['user:7:futures', 150],
        ['user:7:order_margin', 50],
        ['user:7:spot', 100],
        ['user:9:withdrawal_hold', 5],
      ]),
    );
  });

  it('fails rather than loses a change for a row it believed stored, and refuses a negative user balance or an unknown account', async () => {
    const before = await accounts(database);
    await expect(
      applyBalanceChanges(database.pool, changes([['user:404:spot', 1]]), { has: () => true }),
    ).rejects.toThrow(/1 of 1 balance rows are not stored/);
    await expect(
      applyBalanceChanges(
        database.pool,
        changes([
          ['user:7:spot', -101],
          ['house:treasury', 101],
        ]),
        {
          has: () => true,
        },
      ),
    ).rejects.toThrow(/user_balances_non_negative/);
    expect(() => changes([['user:7:bonus', 1]])).toThrow(/unknown purpose/);
    expect(await accounts(database)).toEqual(before);
  });
});

describe('the migration to one balance row per user', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await database.drop();
  });

  it('moves every stored balance, house ones and zeros included, and refuses an account it has no column for', async () => {
    const folder = await migrationsBeforeUserBalances();
    await migrate(database.pool, folder);
    const balances: Array<[string, number]> = [
      ['chain:clearing', -1_000],
      ['house:fee_revenue', 40],
      ['user:1:futures', 700],
      ['user:1:order_margin', 0],
      ['user:1:position_margin', 60],
      ['user:2:option_stake', 150],
      ['user:2:spot', 50],
    ];
    const insert = (rows: Array<[string, number]>) =>
      database.pool.query('INSERT INTO ledger_accounts (id, balance) SELECT * FROM unnest($1::text[], $2::bigint[])', [
        rows.map(([id]) => id),
        rows.map(([, balance]) => balance),
      ]);
    await insert(balances);
    await insert([['user:3:bonus', 1]]);
    await copyFile(path.join(MIGRATIONS_DIR, USER_BALANCES_MIGRATION), path.join(folder, USER_BALANCES_MIGRATION));
    await expect(migrate(database.pool, folder)).rejects.toThrow(/unknown purpose/);

    await database.pool.query(`DELETE FROM ledger_accounts WHERE id = 'user:3:bonus'`);
    expect(await migrate(database.pool, folder)).toEqual([USER_BALANCES_MIGRATION]);
    expect(await accounts(database)).toEqual(
      balances.filter(([, balance]) => balance !== 0).map(([id, balance]) => ({ id, balance })),
    );
    expect((await database.pool.query('SELECT user_id FROM user_balances ORDER BY user_id')).rows).toEqual([
      { user_id: 1 },
      { user_id: 2 },
    ]);
  });
});
