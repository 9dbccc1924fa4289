/**
 * bench:cluster (#19, see README.md): orders per second through two API nodes into one engine, and depth messages
 * delivered by two websocket nodes, beside the single process (`TICKLINE_ROLE=all`) under the same load, in one run.
 * Needs NATS at BUS_URL (default nats://127.0.0.1:4222) and PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL, else
 * an embedded cluster). Writes bench/results/cluster-latest.json.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '@tickline/db';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/helpers/server-process.ts';
import { withBenchDatabase, withBenchServer } from '../database.ts';
import { medianBy } from '../median.ts';
import { processCpuMs } from '../api/cpu.ts';
import { summariseProfile } from '../api/profile-summary.ts';
import { busCounters, processSystemCpuMs, type BusCounters } from './counters.ts';
import { login, runLoad, type LoadFigures, type Trader } from './load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUS_URL = process.env.BUS_URL ?? 'nats://127.0.0.1:4222';
const ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 1);
const DURATION_MS = Number(process.env.BENCH_CLUSTER_DURATION_MS ?? 10_000);
const TRADERS = ['demo', 'partner2', 'partner3', 'partner4', 'partner5', 'partner6', 'partner7'].map(
  (name) => `${name}@tickline.dev`,
);
const LOAD = { depthClients: 100, perTrader: 4, warmupMs: 2_000, durationMs: DURATION_MS };
/** BENCH_CLUSTER_PROFILE=1: every server process under --cpu-prof; each one's top frames in the window are printed. */
const PROFILE = process.env.BENCH_CLUSTER_PROFILE === '1';

interface Figures extends LoadFigures {
  /** Commands acknowledged per second (a place or a cancel each). */
  commands_per_s: number;
  depth_messages_per_s: number;
  /**
   * CPU per acknowledged command in the window, µs, per process: each server process (single: `all`; cluster:
   * `engine`, `api,ws,jobs`, `api,ws`), the NATS server (when one runs on this machine) and this benchmark (the load).
   */
  cpu_us_per_command: Record<string, number>;
  /** Of it, the kernel's (system time), µs per command: socket writes and reads, wake-ups. */
  system_us_per_command: Record<string, number>;
  /** NATS messages per command, by process: handed to NATS (`sent`) and delivered by it (`delivered`). */
  bus_messages_per_command: Record<string, BusCounters>;
}

async function withProcesses<T>(
  databaseUrl: string,
  nodes: Array<{ roles: string; waitFor: string }>,
  use: (processes: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-bench-cluster-'));
  const started: ServerProcess[] = [];
  try {
    for (const node of nodes) {
      const profileDir = path.join(dataDir, 'profiles', node.roles);
      const process = startServerProcess(
        await findFreePort(),
        {
          TICKLINE_ROLE: node.roles,
          BUS_URL: node.roles === 'all' ? undefined : BUS_URL,
          DATABASE_URL: databaseUrl,
          DATA_DIR: dataDir,
          JWT_SECRET: 'bench-cluster-secret-0123456789abcdefghijklmn',
          DEMO_LIQUIDITY: 'off',
          MARKET_BACKFILL: 'false',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_ORDER: '1000000/10',
          RATE_LIMIT_CANCEL: '1000000/10',
          RATE_LIMIT_LOGIN: '1000/60',
        },
        'sources',
        PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
      );
      started.push(process);
      const deadline = Date.now() + 90_000;
      while (!process.log().includes(node.waitFor)) {
        if (process.child.exitCode !== null || Date.now() > deadline) throw new Error(process.log());
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // API nodes (and the single process) are ready once the demo member logs in with a funded balance.
    for (const [index, node] of nodes.entries()) if (node.roles !== 'engine') await started[index]!.waitUntilReady();
    const result = await use(started);
    if (PROFILE) await printProfiles(dataDir, started, nodes, result as { window?: ProfileWindow });
    return result;
  } finally {
    await Promise.all(started.map((process) => process.killAll()));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The NATS server's pid when it runs on this machine (its CPU is part of the cluster's cost), else null. */
function natsServerPid(): number | null {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'nats-server') return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

async function measure(nodes: ServerProcess[], all: ServerProcess[], names: string[]): Promise<Figures> {
  const urls = nodes.map((node) => `http://127.0.0.1:${node.port}`);
  const traders: Trader[] = await Promise.all(
    TRADERS.map(async (userid, index) => {
      const baseUrl = urls[index % urls.length]!;
      return { baseUrl, token: await login(baseUrl, userid) };
    }),
  );
  const nats = natsServerPid();
  const watched: Array<[string, number]> = [
    ...all.map((node, index): [string, number] => [names[index]!, node.child.pid!]),
    ...(nats === null ? [] : [['nats-server', nats] as [string, number]]),
  ];
  const cpuAt = () => ({
    processes: watched.map(([, pid]) => processCpuMs(pid)),
    system: watched.map(([, pid]) => processSystemCpuMs(pid)),
    bus: Promise.all(all.map((node) => busCounters(node.port))),
    load: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
  let before = cpuAt();
  let after = before;
  const window: ProfileWindow = { fromUs: 0, toUs: 0 };
  const nowUs = () => Number(process.hrtime.bigint() / 1000n);
  const figures = await runLoad({
    ...LOAD,
    traders,
    wsUrls: urls.map((url) => `${url.replace('http', 'ws')}/ws`),
    onWindow: (edge) => {
      if (edge === 'start') [before, window.fromUs] = [cpuAt(), nowUs()];
      else [after, window.toUs] = [cpuAt(), nowUs()];
    },
  });
  const perCommand = (ms: number) => Math.round((ms * 1000) / Math.max(1, figures.acknowledged));
  const cpu_us_per_command = Object.fromEntries([
    ...watched.map(([name], index) => [name, perCommand(after.processes[index]! - before.processes[index]!)]),
    ['load (this process)', perCommand(after.load - before.load)],
  ]);
  const system_us_per_command = Object.fromEntries(
    watched.map(([name], index) => [name, perCommand(after.system[index]! - before.system[index]!)]),
  );
  const [busBefore, busAfter] = [await before.bus, await after.bus];
  const perCommandOf = (count: number) => Number((count / Math.max(1, figures.acknowledged)).toFixed(2));
  const bus_messages_per_command = Object.fromEntries(
    names.map((name, index) => [
      name,
      {
        sent: perCommandOf(busAfter[index]!.sent - busBefore[index]!.sent),
        delivered: perCommandOf(busAfter[index]!.delivered - busBefore[index]!.delivered),
      },
    ]),
  );
  return {
    ...figures,
    ...(PROFILE ? { window } : {}),
    cpu_us_per_command,
    system_us_per_command,
    bus_messages_per_command,
    commands_per_s: Math.round((figures.acknowledged / figures.durationMs) * 1000),
    depth_messages_per_s: Math.round((figures.depthMessages / figures.durationMs) * 1000),
  };
}

type ProfileWindow = { fromUs: number; toUs: number };

/** Each process shut down by SIGTERM (which writes its --cpu-prof profile); its top self-time frames in the window. */
async function printProfiles(
  dataDir: string,
  processes: ServerProcess[],
  nodes: Array<{ roles: string }>,
  result: { window?: ProfileWindow },
): Promise<void> {
  for (const process of processes) process.child.kill('SIGTERM');
  await Promise.all(processes.map((process) => process.exited()));
  for (const node of nodes) {
    const directory = path.join(dataDir, 'profiles', node.roles);
    const copy = path.join(tmpdir(), 'tickline-cluster-profiles', node.roles);
    mkdirSync(copy, { recursive: true });
    for (const file of readdirSync(directory)) copyFileSync(path.join(directory, file), path.join(copy, file));
    console.log(`--- ${node.roles} (${copy}): ${await summariseProfile(directory, 25, result.window)}`);
  }
}

const rounds = await withBenchServer(root, 'cluster', async (adminUrl) => {
  const results: Array<{ single: Figures; cluster: Figures }> = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const single = await withBenchDatabase(adminUrl, 'single', (_pool, url) =>
      withProcesses(url, [{ roles: 'all', waitFor: 'is listening on' }], (processes) =>
        measure(processes, processes, ['all']),
      ),
    );
    const cluster = await withBenchDatabase(adminUrl, 'cluster', (_pool, url) =>
      withProcesses(
        url,
        [
          { roles: 'engine', waitFor: 'engine: active' },
          { roles: 'api,ws,jobs', waitFor: 'on port' },
          { roles: 'api,ws', waitFor: 'on port' },
        ],
        (processes) => measure(processes.slice(1), processes, ['engine', 'api,ws,jobs', 'api,ws']),
      ),
    );
    console.log(`round ${round + 1}: single ${JSON.stringify(single)}\n         cluster ${JSON.stringify(cluster)}`);
    results.push({ single, cluster });
  }
  return results;
});

const single = medianBy(
  rounds.map((round) => round.single),
  (figures) => figures.commands_per_s,
);
const cluster = medianBy(
  rounds.map((round) => round.cluster),
  (figures) => figures.commands_per_s,
);
const result = {
  date: new Date().toISOString(),
  rounds: ROUNDS,
  load: { traders: TRADERS.length, ...LOAD },
  single,
  cluster,
  cluster_vs_single_commands: Number((cluster.commands_per_s / Math.max(1, single.commands_per_s)).toFixed(2)),
  cluster_vs_single_depth: Number((cluster.depth_messages_per_s / Math.max(1, single.depth_messages_per_s)).toFixed(2)),
};
console.log(JSON.stringify(result, null, 2));
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/cluster-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
