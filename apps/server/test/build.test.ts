/**
 * `npm start` runs the server from its build with plain node: the build of this worktree's sources starts, serves
 * the demo member funded, and answers /metrics, with no TypeScript loader in the process.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let database: TestDatabase;
let dataDir: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-build-'));
});

afterAll(async () => {
  await server?.killAll();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server from its build', () => {
  it('builds, then starts with plain node and serves', async () => {
    const { stdout } = await run(process.execPath, ['tools/build-server.mjs'], { cwd: repoRoot });
    expect(stdout).toMatch(/^Server built: \d+ files/);
    server = startServerProcess(
      await findFreePort(),
      { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_LIQUIDITY: 'off' },
      'build',
    );
    expect(server.child.spawnargs.join(' ')).not.toContain('tsx');
    await server.waitUntilReady();
    const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(await metrics.text()).toContain('tickline_process_roles{role="all"} 1');
  }, 180_000);
});
