import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { findFreePort } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';

export const BUS_URL = process.env.BUS_URL ?? 'nats://127.0.0.1:4222';

/** Whether a NATS server answers at BUS_URL (the cluster tests need one; CI has it on 127.0.0.1:4222). */
export function natsReachable(url = BUS_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 4222) });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('data', (data) => done(data.toString().startsWith('INFO')));
    socket.once('error', () => done(false));
    socket.setTimeout(1_000, () => done(false));
  });
}

/** Whether the cluster tests run here (warned once per file when not). */
export async function clusterTestsRun(): Promise<boolean> {
  const up = await natsReachable();
  if (!up) console.warn(`cluster tests skipped: no NATS answers at ${BUS_URL} (CI runs one on 127.0.0.1:4222)`);
  return up;
}

export interface ClusterNode extends ServerProcess {
  roles: string;
  /** Resolves when the process printed `text` (or rejects after `timeoutMs`). */
  printed(text: string, timeoutMs?: number): Promise<number>;
}

/**
 * A NATS server for one cluster alone, when `nats-server` is installed: every cluster's engine serves the same
 * subjects, so two test files running side by side on one server would answer each other's commands. Null otherwise
 * (the cluster then uses BUS_URL).
 */
async function privateNats(): Promise<{ url: string; process: ChildProcess } | null> {
  const binary = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((folder) => path.join(folder, 'nats-server'))
    .find((file) => existsSync(file));
  if (!binary) return null;
  // A port of its own choosing (-1), read from its log: a port found free here could be taken by a node meanwhile.
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', '-1'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  const port = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), 5_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const listening = /Listening for client connections on [^\s]+:(\d+)/.exec(log);
      if (!listening) return;
      clearTimeout(timer);
      resolve(listening[1]!);
    });
    child.once('exit', () => resolve(null));
  });
  if (port === null) {
    child.kill('SIGKILL');
    return null;
  }
  return { url: `nats://127.0.0.1:${port}`, process: child };
}

/** Processes of one cluster on a fresh database, a shared data folder and a NATS server of its own (or BUS_URL). */
export class TestCluster {
  readonly nodes: ClusterNode[] = [];

  private constructor(
    readonly database: TestDatabase,
    private readonly dataDir: string,
    private readonly extraEnv: Record<string, string>,
    private readonly nats: { url: string; process: ChildProcess } | null,
  ) {}

  static async create(extraEnv: Record<string, string> = {}): Promise<TestCluster> {
    const database = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-cluster-'));
    return new TestCluster(database, dataDir, extraEnv, await privateNats());
  }

  /** The NATS server of this cluster's nodes. */
  get busUrl(): string {
    return this.nats?.url ?? BUS_URL;
  }

  async start(roles: string): Promise<ClusterNode> {
    const port = await findFreePort();
    const node = startServerProcess(port, {
      TICKLINE_ROLE: roles,
      BUS_URL: this.busUrl,
      DATABASE_URL: this.database.url,
      DATA_DIR: this.dataDir,
      JWT_SECRET: 'cluster-test-secret-0123456789abcdefghijklmnop',
      DEMO_LIQUIDITY: 'off',
      MARKET_BACKFILL: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ORDER: '10000/10',
      ...this.extraEnv,
    }) as ClusterNode;
    node.roles = roles;
    node.printed = async (text, timeoutMs = 60_000) => {
      const startedAt = Date.now();
      while (!node.log().includes(text)) {
        if (node.child.exitCode !== null) throw new Error(`${roles} exited:\n${node.log()}`);
        if (Date.now() - startedAt > timeoutMs) throw new Error(`${roles} never printed "${text}":\n${node.log()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Date.now();
    };
    this.nodes.push(node);
    return node;
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => node.killAll()));
    this.nats?.process.kill('SIGKILL');
    await this.database.drop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** An engine and two API + websocket nodes (`api,ws,jobs` and `api,ws`), both answering. */
export async function startEngineAndTwoNodes(
  extraEnv: Record<string, string> = {},
): Promise<{ cluster: TestCluster; nodeA: ClusterNode; nodeB: ClusterNode }> {
  const cluster = await TestCluster.create(extraEnv);
  const engine = await cluster.start('engine');
  await engine.printed('engine: active');
  const nodeA = await cluster.start('api,ws,jobs');
  const nodeB = await cluster.start('api,ws');
  await nodeA.waitUntilReady();
  await nodeB.waitUntilReady();
  return { cluster, nodeA, nodeB };
}

/** An engine and two API nodes for a file's tests: started before them, stopped after them. */
export function clusterForTests(extraEnv: Record<string, string> = {}) {
  const context = {} as Awaited<ReturnType<typeof startEngineAndTwoNodes>>;
  beforeAll(async () => void Object.assign(context, await startEngineAndTwoNodes(extraEnv)), 180_000);
  afterAll(async () => {
    await context.cluster?.stop();
  }, 60_000);
  return context;
}

/** Waits until `done` (checked every 50 ms), or throws naming `what`. */
export async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A resting BTCUSDT bid (10% under the mark) placed and cancelled through `node`'s native API: its number. */
export async function placeAndCancelBid(node: ClusterNode, token: string): Promise<number> {
  const market = await node.call<{ markPrice: number }>('GET', '/market/futures?symbol=BTCUSDT');
  const price = (Math.floor(market.data!.markPrice * 90) / 100).toFixed(1);
  const order = { symbol: 'BTCUSDT', leverage: 1, volume: '0.001', type: 2, position: 1, orderPath: 1, price };
  const placed = await node.call<{ no: number }>('POST', '/order/registerOrder', token, order);
  if (placed.code !== 0) throw new Error(`order refused: ${placed.code} ${placed.message}`);
  const cancelled = await node.call('POST', '/order/cancel', token, { no: placed.data!.no });
  if (cancelled.code !== 0) throw new Error(`cancel refused: ${cancelled.code} ${cancelled.message}`);
  return placed.data!.no;
}
