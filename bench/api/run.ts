/**
 * bench:api (#30, see README.md): what the HTTP edge of one platform serves per route, beside the no-op route
 * (`GET /server/serverTime`) on the same server and the same connections, in one run. The server is a child process;
 * each workload's load runs in another child process (load.ts), so the CPU of the server, of PostgreSQL's backends
 * serving its database and of the load generator are each read apart, from /proc. Writes bench/results/api-latest.json.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { findFreePort, type Pool } from '@tickline/db';
import { withBenchDatabase, withBenchServer } from '../database.ts';
import { medianBy } from '../median.ts';
import { cpuBetween, machine, machineBusyMs, processCpuMs, sampleCpu } from './cpu.ts';
import type { LoadJob, LoadResult } from './load.ts';
import { summariseProfile } from './profile-summary.ts';
import { startBenchServer, type BenchServer } from './server.ts';
import { HttpConnection } from './http-connection.ts';
import { WORKLOAD_FILES, type BenchTrader, type Workload, type WorkloadContext } from './workloads/types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 32);
const DURATION_MS = Number(process.env.BENCH_API_DURATION_MS ?? 8_000);
const WARMUP_MS = Number(process.env.BENCH_API_WARMUP_MS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 1);
const WORKLOADS = (process.env.BENCH_API_WORKLOADS?.split(',') ?? [...WORKLOAD_FILES]).filter(Boolean);
/** BENCH_API_PROFILE=1: the server runs under --cpu-prof; its profile's top self-time frames are printed at the end. */
const PROFILE = process.env.BENCH_API_PROFILE === '1';
/** BENCH_API_SERVER_ROOT: run the server of another checkout (a before/after comparison; the load stays this one's). */
const SERVER_ROOT = process.env.BENCH_API_SERVER_ROOT ?? root;
const TRADERS = ['demo', 'partner2', 'partner3', 'partner4', 'partner5', 'partner6', 'partner7'].map(
  (name) => `${name}@tickline.dev`,
);

interface RouteFigures extends LoadResult {
  requests_per_s: number;
  /** requests_per_s / the no-op route's, same round. */
  ratio_to_noop: number;
  server_cpu_ms: number;
  postgres_cpu_ms: number;
  server_cpu_us_per_request: number;
  postgres_cpu_us_per_request: number;
  /** Busy CPU of the whole machine in the window, all cores (other people's work included). */
  machine_busy_ms: number;
}

function log(text: string): void {
  process.stderr.write(`  [${new Date().toISOString().slice(11, 19)}] ${text}\n`);
}

async function waitUntilReady(server: BenchServer): Promise<void> {
  const http = new HttpConnection(server.baseUrl);
  const deadline = Date.now() + 120_000;
  try {
    for (;;) {
      try {
        const login = await http.call('POST', '/api/v1/auth/login', { userid: TRADERS[0], password: 'Demo1234!' });
        if (login.code === 0) {
          const token = (login.data as { accessToken: string }).accessToken;
          const balance = await http.call('GET', '/api/v1/user/balance', undefined, token);
          if (balance.code === 0 && (balance.data as { usdt: number }).usdt > 0) return;
        }
      } catch {
        // not listening yet
      }
      if (server.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`server did not become ready:\n${server.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await http.close();
  }
}

/** Every demo trader signed in, with an API key (read + trade) created through the session API. */
async function traders(baseUrl: string): Promise<BenchTrader[]> {
  const http = new HttpConnection(baseUrl);
  try {
    const all: BenchTrader[] = [];
    for (const userid of TRADERS) {
      const login = await http.call('POST', '/api/v1/auth/login', { userid, password: 'Demo1234!' });
      if (login.code !== 0) throw new Error(`login of ${userid}: ${login.code} ${login.message}`);
      const accessToken = (login.data as { accessToken: string }).accessToken;
      const key = await http.call(
        'POST',
        '/api/v1/user/apiKeys',
        { label: 'bench', permissions: ['read', 'trade'] },
        accessToken,
      );
      if (key.code !== 0) throw new Error(`API key of ${userid}: ${key.code} ${key.message}`);
      all.push({ userid, accessToken, apiKey: key.data as BenchTrader['apiKey'] });
    }
    return all;
  } finally {
    await http.close();
  }
}

/** PostgreSQL backends serving the bench database (the server's pool and its sequencer connection). */
async function backendPids(pool: Pool): Promise<number[]> {
  const rows = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return rows.rows.map((row) => row.pid);
}

/** Runs one workload's load process and reads the CPU of the server and the database over its window. */
async function runWorkload(file: string, ctx: WorkloadContext, server: BenchServer, pool: Pool) {
  const job: LoadJob = { file, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: DURATION_MS, ctx };
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/api/load.ts'), JSON.stringify(job)],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let before = { server: 0, postgres: new Map<number, number>(), machine: 0 };
  let after = before;
  let result: LoadResult | undefined;
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line === 'window-start') {
      profileWindow.fromUs = Number(process.hrtime.bigint() / 1000n);
      const pids = await backendPids(pool);
      before = { server: processCpuMs(server.pid), postgres: sampleCpu(pids), machine: machineBusyMs() };
    } else if (line === 'window-end') {
      profileWindow.toUs = Number(process.hrtime.bigint() / 1000n);
      const machine = machineBusyMs();
      const serverCpu = processCpuMs(server.pid);
      const pids = new Set([...before.postgres.keys(), ...(await backendPids(pool))]);
      after = { server: serverCpu, postgres: sampleCpu(pids), machine };
    } else if (line.startsWith('result ')) result = JSON.parse(line.slice(7)) as LoadResult;
  }
  if (!result) throw new Error(`load process of ${file} gave no result (exit ${child.exitCode})`);
  return {
    result,
    serverCpuMs: after.server - before.server,
    postgresCpuMs: cpuBetween(before.postgres, after.postgres),
    machineBusyMs: after.machine - before.machine,
  };
}

async function round(ctx: WorkloadContext, server: BenchServer, pool: Pool): Promise<Record<string, RouteFigures>> {
  const figures: Record<string, RouteFigures> = {};
  let noopPerSecond = 0;
  for (const file of WORKLOADS) {
    const { workload } = (await import(`./workloads/${file}.ts`)) as { workload: Workload };
    const measured = await runWorkload(file, ctx, server, pool);
    const { result } = measured;
    const perSecond = (result.requests / result.durationMs) * 1000;
    if (file === 'server-time') noopPerSecond = perSecond;
    const per = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.requests));
    figures[workload.name] = {
      ...result,
      requests_per_s: Math.round(perSecond),
      ratio_to_noop: noopPerSecond > 0 ? Number((perSecond / noopPerSecond).toFixed(3)) : 0,
      server_cpu_ms: Math.round(measured.serverCpuMs),
      postgres_cpu_ms: Math.round(measured.postgresCpuMs),
      server_cpu_us_per_request: per(measured.serverCpuMs),
      postgres_cpu_us_per_request: per(measured.postgresCpuMs),
      machine_busy_ms: Math.round(measured.machineBusyMs),
    };
    const f = figures[workload.name]!;
    log(
      `${workload.name}: ${f.requests_per_s}/s (${f.ratio_to_noop}x) p50 ${f.p50_ms} p99 ${f.p99_ms} p99.9 ${f.p999_ms} ms; ` +
        `CPU/request server ${f.server_cpu_us_per_request} µs, postgres ${f.postgres_cpu_us_per_request} µs, ` +
        `load ${f.load_cpu_ms} ms; refused ${f.refused} ${JSON.stringify(f.refusedBy)}`,
    );
  }
  return figures;
}

const startedAt = Date.now();
/** The last workload's window on the monotonic clock (a profile is summarised over it). */
const profileWindow = { fromUs: 0, toUs: 0 };
const profileDir = PROFILE ? await mkdtemp(path.join(os.tmpdir(), 'tickline-bench-api-prof-')) : undefined;
const rounds = await withBenchServer(root, 'api', (adminUrl) =>
  withBenchDatabase(adminUrl, 'api', async (pool, databaseUrl) => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tickline-bench-api-'));
    const server = startBenchServer(SERVER_ROOT, { port: await findFreePort(), databaseUrl, dataDir, profileDir });
    try {
      await waitUntilReady(server);
      const baseUrl = server.baseUrl;
      const ctx: WorkloadContext = {
        baseUrl,
        wsUrl: `${baseUrl.replace('http', 'ws')}/ws`,
        traders: await traders(baseUrl),
      };
      log(`server ${server.pid} ready; ${CONNECTIONS} connections, ${WARMUP_MS} ms warm-up, ${DURATION_MS} ms window`);
      const results: Array<Record<string, RouteFigures>> = [];
      for (let index = 0; index < ROUNDS; index += 1) results.push(await round(ctx, server, pool));
      await server.stop();
      return results;
    } finally {
      server.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  }),
);

const names = Object.keys(rounds[0]!);
const routes = Object.fromEntries(
  names.map((name) => [
    name,
    medianBy(
      rounds.map((r) => r[name]!),
      (figures) => figures.requests_per_s,
    ),
  ]),
);
const table = names.map((name) => {
  const f = routes[name]!;
  return `| ${name} | ${f.requests_per_s} | ${f.p50_ms} | ${f.p99_ms} | ${f.p999_ms} | ${f.ratio_to_noop} | ${f.server_cpu_us_per_request} | ${f.postgres_cpu_us_per_request} | ${f.load_cpu_ms} |`;
});
console.log(
  [
    '| route | per s | p50 ms | p99 ms | p99.9 ms | × no-op | server µs/req | postgres µs/req | load CPU ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...table,
  ].join('\n'),
);
if (profileDir) {
  console.log(
    `\nserver profile (${profileDir}), top self time:\n${await summariseProfile(profileDir, 30, profileWindow)}`,
  );
}
if (!process.env.BENCH_API_WORKLOADS && !PROFILE && !process.env.BENCH_API_SERVER_ROOT) {
  const output = {
    command: 'npm run bench:api',
    date: new Date().toISOString(),
    duration_s: Math.round((Date.now() - startedAt) / 1000),
    rounds: ROUNDS,
    load: { connections: CONNECTIONS, warmup_ms: WARMUP_MS, window_ms: DURATION_MS, traders: TRADERS.length },
    // The load average at the end tells a run on a busy machine apart (the cores are shared with other work).
    machine: { ...machine(), load_average_at_end: os.loadavg().map((value) => Number(value.toFixed(2))) },
    routes,
  };
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results/api-latest.json'), `${JSON.stringify(output, null, 2)}\n`);
}
