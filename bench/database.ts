// A throw-away database for a benchmark: on BENCH_DATABASE_URL or TEST_DATABASE_URL's server, else on an embedded
// cluster (fsync on) started for the run and removed afterwards.
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { createPool, migrate, startEmbeddedPostgres, type Pool } from '@tickline/db';

export async function withBenchServer<T>(
  root: string,
  name: string,
  run: (adminUrl: string) => Promise<T>,
): Promise<T> {
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const dataDir = path.join(root, '.bench-data', `${name}-${process.pid}`);
  let cluster;
  if (!adminUrl) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    cluster = await startEmbeddedPostgres({ dataDir });
    adminUrl = cluster.url;
  }
  try {
    return await run(adminUrl);
  } finally {
    await cluster?.stop();
    if (cluster) await rm(dataDir, { recursive: true, force: true });
  }
}

/** A fresh, migrated database on the server for one round (its pool and its URL); dropped afterwards. */
export async function withBenchDatabase<T>(
  adminUrl: string,
  name: string,
  run: (pool: Pool, url: string) => Promise<T>,
): Promise<T> {
  const database = `tickline_bench_${name}_${Date.now().toString(36)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const pool = createPool(url.toString(), 4);
  try {
    await migrate(pool);
    return await run(pool, url.toString());
  } finally {
    await pool.end();
    const cleaner = new pg.Client(adminUrl);
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleaner.end();
  }
}
