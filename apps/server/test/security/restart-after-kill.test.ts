/**
 * `kill -9` of the server leaves its embedded PostgreSQL and its anvil running: the next start finds those orphans of
 * its own data directory, stops them (the anvil saving its chain first) and starts again, while a cluster of another
 * data directory is never touched; a start that cannot go on says what failed and what to do.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Running: it answers signal 0 and is not a zombie (exited, waiting for PID 1 to reap it). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

/** The anvil running on the chain state file of `dir` (Linux: found by its command line). */
function anvilOf(dir: string): number {
  const stateFile = path.join(dir, 'chain', 'anvil-state.json');
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (/anvil$/.test(argv[0] ?? '') && argv.includes(stateFile)) return Number(entry);
    } catch {
      // exited meanwhile
    }
  }
  throw new Error(`no anvil runs on ${stateFile}`);
}

async function start(environment: Record<string, string> = {}): Promise<ServerProcess> {
  const server = startServerProcess(await findFreePort(), {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_LIQUIDITY: 'off',
    ...environment,
  });
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

  it('stops the orphaned anvil of its own data directory, which saves its chain first, and starts', async () => {
    // A fixed chain port, as in the demo (8545): the orphan holds it until it is stopped.
    const chainPort = String(await findFreePort());
    const first = await start({ CHAIN_RPC_PORT: chainPort });
    const token = await first.waitUntilReady();
    const sent = await first.call<{ txHash: string }>('POST', '/demo/faucet', token, { amount: 123 });
    expect(sent.code).toBe(0);
    const orphan = anvilOf(dataDir);
    await first.killHard();
    expect(isAlive(orphan)).toBe(true);

    const second = await start({ CHAIN_RPC_PORT: chainPort });
    await second.waitUntilReady();
    expect(isAlive(orphan)).toBe(false);
    expect(second.log()).toMatch(/orphaned anvil/);
    // The faucet's transfer, mined just before the kill, is on the chain the new anvil serves.
    const rpcUrl = /Chain: (http\S+)/.exec(second.log())![1]!;
    const receipt = (await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [sent.data!.txHash] }),
    }).then((response) => response.json())) as { result: { status: string } | null };
    expect(receipt.result?.status).toBe('0x1');
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
