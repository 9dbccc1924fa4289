// Vitest global setup: gives every test file a PostgreSQL to create its own database in.
// With TEST_DATABASE_URL set (for example CI's service) that server is used; otherwise a throw-away
// embedded cluster is started for the run and removed afterwards.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../packages/db/src/embedded.ts';

let cluster: EmbeddedPostgresHandle | undefined;
const dataDir = path.resolve('.test-data', `pg-${process.pid}`);

export async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  cluster = await startEmbeddedPostgres({ dataDir, ephemeral: true });
  process.env.TEST_DATABASE_URL = cluster.url;
}

export async function teardown(): Promise<void> {
  if (!cluster) return;
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
