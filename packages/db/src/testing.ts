import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPool, type Pool } from './pool.ts';
import { migrate } from './migrate.ts';

export interface TestDatabase {
  url: string;
  pool: Pool;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

/**
 * The admin connection string for tests: `TEST_DATABASE_URL` when set, otherwise the embedded cluster
 * that the test run's global setup started (it exports the same variable).
 */
export function testAdminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run tests through `npm test`, which provides a database');
  return url;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates a fresh, migrated database for one test file. */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = new pg.Client(testAdminUrl());
  await admin.connect();
  const name = `tickline_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testAdminUrl(), name);
  const pool = createPool(url);
  if (options.migrate !== false) await migrate(pool);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const cleaner = new pg.Client(testAdminUrl());
      await cleaner.connect();
      try {
        await cleaner.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}
