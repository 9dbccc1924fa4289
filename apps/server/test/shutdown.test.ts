/**
 * SIGTERM on the default set-up (embedded PostgreSQL, demo liquidity trading through the sequencer): the server
 * stops in order — the writer drains and releases its lock before the pool closes and the cluster stops — and exits 0,
 * leaving no PostgreSQL behind. The cluster must not be pulled away first (the library used to stop it on the same
 * signal), which halted the writer with a lost lock connection and failed what was in flight.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

const SERVICE_BUSY = Errors.SERVICE_BUSY.code;

let dataDir: string;
let server: ServerProcess | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-shutdown-'));
});

afterAll(async () => {
  await server?.killAll();
  await rm(dataDir, { recursive: true, force: true });
});

describe('SIGTERM with the embedded PostgreSQL', () => {
  it('drains the writer, then stops the cluster, and exits 0', async () => {
    const environment = {
      DATABASE_URL: undefined,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_LIQUIDITY: 'on',
      // A stream of transfers, not the per-user limit, is under test.
      RATE_LIMIT_TRANSFER: '1000000/1',
    };
    server = startServerProcess(await findFreePort(), environment);
    const token = await server.waitUntilReady();

    // A stream of transfers is running when the signal arrives: what reached the server is answered, not cut off.
    const codes: number[] = [];
    let refused = 0;
    const stream = async () => {
      for (;;) {
        try {
          codes.push(
            (await server!.call('POST', '/transfer/registerFutures', token, { to: 'usdtm', amount: '1' })).code,
          );
        } catch {
          refused++; // the server no longer takes connections
          return;
        }
      }
    };
    const streams = [stream(), stream(), stream(), stream()];
    while (codes.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    server.child.kill('SIGTERM');
    const exitCode = await server.exited();
    expect(exitCode).toBe(0);
    await Promise.all(streams);

    // Applied before the writer stopped, or refused as busy while it was stopping: never an internal error.
    expect(codes.filter((code) => code !== 0 && code !== SERVICE_BUSY)).toEqual([]);
    expect(refused).toBe(streams.length);
    expect(server.log()).not.toMatch(/lock connection was lost|sequencer halted|Connection terminated/);
    expect(server.log()).toContain('SIGTERM: shutting down');
    // PostgreSQL removes its pid file when it has shut down.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
