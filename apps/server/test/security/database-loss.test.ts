/**
 * PostgreSQL dies under a running server: every answer meanwhile is a success or 503 with a retryable code (never
 * 500), the server exits non-zero so that a supervisor restarts it, and the restart comes up on the same data.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, findFreePort } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { buildApp } from '../../src/http/build-app.ts';
import { createTestApp } from '../helpers/test-app.ts';

let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-db-loss-'));
});

afterAll(async () => {
  for (const server of servers) await server.killAll();
  // A cluster a failed run left behind.
  try {
    process.kill(Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]), 9);
  } catch {
    // none
  }
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const environment = {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_LIQUIDITY: 'off',
    RATE_LIMIT_TRANSFER: '1000000/1',
  };
  const server = startServerProcess(await findFreePort(), environment);
  servers.push(server);
  return server;
}

describe('PostgreSQL killed under a running server', () => {
  it('answers 503 with a retryable code, never 500, exits non-zero, and starts again', async () => {
    const server = await start();
    const token = await server.waitUntilReady();
    const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

    const statuses: Array<{ status: number; code: number }> = [];
    let stopped = false;
    const probe = async (url: string, body?: unknown) => {
      while (!stopped) {
        try {
          const response = await fetch(`http://127.0.0.1:${server.port}/api/v1${url}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          statuses.push({ status: response.status, code: ((await response.json()) as { code: number }).code });
        } catch {
          // not listening any more
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const probes = [probe('/user/info'), probe('/transfer/registerFutures', { to: 'usdtm', amount: '1' })];
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(postmaster, 'SIGKILL');

    const exitCode = await Promise.race([
      server.exited(),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000)),
    ]);
    stopped = true;
    await Promise.all(probes);
    expect(exitCode).not.toBe('still running');
    expect(exitCode).not.toBe(0);
    // The server may exit before any request meets the dead database: then every answer seen was a success.
    expect(statuses.length).toBeGreaterThan(0);
    const failures = statuses.filter((answer) => answer.code !== 0);
    expect(statuses.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    for (const failure of failures)
      expect([Errors.SERVICE_UNAVAILABLE.code, Errors.SERVICE_BUSY.code]).toContain(failure.code);
    expect(server.log()).toMatch(/What to do|restart/i);

    const again = await start();
    await again.waitUntilReady();
    again.child.kill('SIGTERM');
    expect(await again.exited()).toBe(0);
  }, 180_000);
});

describe('a request meeting an unreachable database', () => {
  it('is answered 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
    const t = await createTestApp();
    // The same app on a pool whose server refuses connections.
    const pool = createPool(`postgres://postgres@127.0.0.1:${await findFreePort()}/postgres`);
    const app = await buildApp({
      config: t.config,
      pool,
      secrets: t.app.context.secrets,
      logger: false,
      services: { trading: t.app.context.services.trading },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { userid: 'someone@example.com', password: 'Secret123!' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: Errors.SERVICE_UNAVAILABLE.code,
        message: Errors.SERVICE_UNAVAILABLE.message,
        data: null,
      });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await pool.end();
      await t.close();
    }
  });
});
