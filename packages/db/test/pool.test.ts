import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePool, createPool } from '../src/pool.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.drop();
});

/** Backends connected to the test database under `applicationName`, as PostgreSQL sees them. */
async function backends(applicationName: string): Promise<number> {
  const { rows } = await database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [applicationName],
  );
  return rows[0]!.count;
}

describe('closePool', () => {
  it('resolves only once PostgreSQL has seen every connection go, so the database can be stopped right after', async () => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', 'tickline_close_pool_test');
    const pool = createPool(url.toString(), 6);
    // Six connections at once, all released to the pool (idle), as a server's pool is when it stops.
    const clients = await Promise.all(Array.from({ length: 6 }, () => pool.connect()));
    for (const client of clients) client.release();
    expect(await backends('tickline_close_pool_test')).toBe(6);

    await closePool(pool);
    expect(await backends('tickline_close_pool_test')).toBe(0);
  });
});
