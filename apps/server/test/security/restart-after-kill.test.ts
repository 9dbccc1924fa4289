/**
 * `kill -9` of the server leaves its embedded PostgreSQL running: the next start finds that orphaned cluster of its
 * own data directory, stops it and starts again, while a cluster of another data directory is never touched; a start
 * that cannot go on says what failed and what to do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@tickline/db';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

let dataDir: string;
const servers: ServerProcess[] = [];

function postmasterPid(dir: string): number {
  return Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function start(): Promise<ServerProcess> {
  const environment = { DATABASE_URL: undefined, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_LIQUIDITY: 'off' };
  const server = startServerProcess(await findFreePort(), environment);
  servers.push(server);
  return server;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-restart-'));
});

afterAll(async () => {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited();
    }
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('restart after kill -9', () => {
  it('stops the orphaned cluster of its own data directory and starts', async () => {
    const first = await start();
    await first.waitUntilReady();
    const orphan = postmasterPid(path.join(dataDir, 'postgres'));
    await first.killHard();
    expect(isAlive(orphan)).toBe(true);

    const second = await start();
    await second.waitUntilReady();
    expect(isAlive(orphan)).toBe(false);
    expect(second.log()).toMatch(/orphaned PostgreSQL/);
    second.child.kill('SIGTERM');
    expect(await second.exited()).toBe(0);
  }, 180_000);

  it("refuses to touch another directory's cluster and says what to do", async () => {
    const otherDir = await mkdtemp(path.join(tmpdir(), 'tickline-other-'));
    let other: EmbeddedPostgresHandle | null = null;
    try {
      other = await startEmbeddedPostgres({ dataDir: path.join(otherDir, 'pg'), ephemeral: true });
      const otherPid = postmasterPid(path.join(otherDir, 'pg'));
      // Our data directory's lock file names a live PostgreSQL that serves another directory.
      await copyFile(path.join(otherDir, 'pg', 'postmaster.pid'), path.join(dataDir, 'postgres', 'postmaster.pid'));
      const server = await start();
      expect(await server.exited()).toBe(1);
      expect(isAlive(otherPid)).toBe(true);
      expect(server.log()).toMatch(/PostgreSQL/);
      expect(server.log()).toMatch(/What to do:/);
      expect(server.log()).not.toMatch(/undefined/);
    } finally {
      await other?.stop();
      await rm(otherDir, { recursive: true, force: true });
    }
    expect(existsSync(path.join(dataDir, 'postgres'))).toBe(true);
  }, 180_000);
});
