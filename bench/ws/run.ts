/**
 * `npm run bench:ws`: fan-out of depth (100 ms) and ticker (1 s) to 1,000 and 5,000 loopback clients, our gateway
 * against a naive `ws` server that builds JSON per client, in the same run. Each server runs alone (ours: one process
 * up to 2,000 clients, else a main process and 2 websocket workers, see wsProcessesFor; naive: one process) and
 * measures the CPU time of all its processes over the window; the clients run in two other child processes. The two servers alternate for BENCH_WS_ROUNDS
 * rounds (3) per client count and each figure is the median round.
 * Result: delivered messages per server CPU-second (ratio ours / naive) and delivery lag percentiles, written to
 * bench/results/ws-latest.json.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { medianBy, medianOfEach } from '../median.ts';

const startedAt = Date.now();
const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULT_FILE = path.resolve(HERE, '../results/ws-latest.json');
const CLIENT_COUNTS = (process.env.BENCH_WS_CLIENTS ?? '1000,5000').split(',').map(Number);
const WARMUP_MS = Number(process.env.BENCH_WS_WARMUP_MS ?? 2_000);
const WINDOW_MS = 8_000;
const OPEN_FILES = 65_536;
/** Lag histogram buckets: 0..5,000 ms, the last one holds everything later. */
const LAG_BUCKETS = 5_001;
/**
 * Websocket processes of ours for a client count, sized as an operator sets WS_PROCESSES (docs/decisions.md, "Sizing WS_PROCESSES"):
 * the default 1 (the gateway in the server process) up to 2,000 connections, where two more processes cost more than
 * they spread; 2 workers above, where one core alone would take too long to write each round. The naive server is
 * always one process. BENCH_WS_PROCESSES fixes one count for every client count.
 */
function wsProcessesFor(clients: number): number {
  if (process.env.BENCH_WS_PROCESSES) return Number(process.env.BENCH_WS_PROCESSES);
  return clients <= 2_000 ? 1 : 2;
}
/** The measuring client (client.c), built at start into a gitignored directory. */
const CLIENT_SOURCE = path.join(HERE, 'client.c');
const CLIENT_BINARY = path.join(HERE, '.build', 'ws-client');

type Kind = 'ours' | 'naive';

interface ServerWindow {
  cpuUserMs: number;
  cpuSystemMs: number;
  processes: number;
  samePids: boolean;
  /** The server's processes (ours: the main process and its workers). */
  pids: number[];
  elapsedMs: number;
}

interface ClientWindow {
  received: number;
  /** The client process's own CPU time in the window (not counted as the server's; shown for where the cores go). */
  cpuMs: number;
  lagHistogram: number[];
}

interface RunResult {
  server_processes: number;
  messages_delivered: number;
  server_cpu_ms: number;
  server_cpu_user_ms: number;
  server_cpu_system_ms: number;
  messages_per_cpu_second: number;
  messages_per_second: number;
  p50_lag_ms: number;
  p99_lag_ms: number;
  max_lag_ms: number;
  client_cpu_ms: number;
  /**
   * CPU the other processes on the machine used in the window (not the server's, the clients' or this one's). The lag
   * is the time to drain a round on the shared cores, so others' work shows up in it one for one.
   */
  other_cpu_ms: number;
}

/** The server gets a higher open-file limit (5,000 sockets) from the shell that starts it (client.c raises its own). */
function spawnChild(script: string, args: string[]): ChildProcess {
  const child = fork(path.join(HERE, script), args, {
    execPath: '/bin/sh',
    execArgv: [
      '-c',
      `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n $(ulimit -Hn); exec "$0" "$@"`,
      process.execPath,
      '--import',
      'tsx',
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return child;
}

function buildClient(): void {
  mkdirSync(path.dirname(CLIENT_BINARY), { recursive: true });
  try {
    execFileSync('cc', ['-O2', '-o', CLIENT_BINARY, CLIENT_SOURCE], { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'bench:ws needs a C compiler (`cc`, e.g. gcc or clang) to build its measuring client bench/ws/client.c',
      );
    }
    throw error;
  }
}

/** The measuring clients' process: commands and answers are lines on its stdin and stdout (see client.c). */
class ClientProcess {
  readonly child: ChildProcess;
  private readonly waiters = new Map<string, (fields: string[]) => void>();
  private buffered = '';

  constructor(port: number, count: number) {
    this.child = spawn(CLIENT_BINARY, ['127.0.0.1', String(port), '/ws', String(count)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (text: string) => {
      this.buffered += text;
      let newline: number;
      while ((newline = this.buffered.indexOf('\n')) >= 0) {
        const fields = this.buffered.slice(0, newline).split(' ');
        this.buffered = this.buffered.slice(newline + 1);
        const waiter = this.waiters.get(fields[0]!);
        this.waiters.delete(fields[0]!);
        waiter?.(fields.slice(1));
      }
    });
    // A client process that dies with the run still going is reported by the awaited answer's exit handler.
    this.child.stdin!.on('error', () => undefined);
  }

  send(command: 'subscribe' | 'window-start' | 'window-end' | 'close'): void {
    if (this.child.stdin!.writable) this.child.stdin!.write(`${command}\n`);
  }

  next(answer: string, timeoutMs = 60_000): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${answer}`)), timeoutMs);
      this.waiters.set(answer, (fields) => {
        clearTimeout(timer);
        resolve(fields);
      });
      this.child.once('exit', (code) => reject(new Error(`client process exited (${code}) before ${answer}`)));
    });
  }

  async window(): Promise<ClientWindow> {
    const [received, cpuUs, ...buckets] = await this.next('window');
    const lagHistogram = new Array<number>(LAG_BUCKETS).fill(0);
    for (const bucket of buckets) {
      const [ms, n] = bucket.split(':').map(Number);
      lagHistogram[ms!] = n!;
    }
    return { received: Number(received), cpuMs: Number(cpuUs) / 1000, lagHistogram };
  }
}

function nextMessage<T>(child: ChildProcess, type: string, timeoutMs = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}`)), timeoutMs);
    const onMessage = (message: { type: string }) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(message as T);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before ${type}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const progress = (text: string) =>
  process.stderr.write(`  [${((Date.now() - startedAt) / 1000).toFixed(1)} s] ${text}\n`);

/** Ends a child: asks it to close, then kills it if it is still there; never waits on a dead child. */
async function stopChild(child: ChildProcess, askToClose: () => void): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  askToClose();
  const killer = setTimeout(() => child.kill('SIGKILL'), 2_000);
  await exited;
  clearTimeout(killer);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/**
 * CPU time (ms) of every process on the machine except `excluded`, by pid: user + system of the process and of its
 * children it has waited for (/proc/<pid>/stat; exact run times, unlike the tick-sampled /proc/stat totals).
 */
function othersCpu(excluded: ReadonlySet<number>): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || excluded.has(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) start with the state, field 3.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = [14, 15, 16, 17].reduce((sum, field) => sum + Number(fields[field - 3]), 0);
      cpu.set(pid, (ticks * 1000) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

/** What the processes of `after` used since `before` (a process new since then: all of it). */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, cpu] of after) ms += cpu - (before.get(pid) ?? 0);
  return ms;
}

function percentile(histogram: number[], fraction: number): number {
  const total = histogram.reduce((sum, n) => sum + n, 0);
  let seen = 0;
  for (let ms = 0; ms < histogram.length; ms += 1) {
    seen += histogram[ms]!;
    if (seen >= total * fraction) return ms;
  }
  return histogram.length - 1;
}

async function runOnce(kind: Kind, clients: number): Promise<RunResult> {
  progress(`${kind} server, ${clients} clients: starting`);
  const server = spawnChild('server.ts', [kind, String(wsProcessesFor(clients))]);
  const clientProcesses: ClientProcess[] = [];
  try {
    const { port } = await nextMessage<{ port: number }>(server, 'ready');
    // Two client processes, so on two cores the clients drain a broadcast burst in parallel.
    for (const share of [Math.ceil(clients / 2), Math.floor(clients / 2)]) {
      clientProcesses.push(new ClientProcess(port, share));
    }
    await Promise.all(clientProcesses.map((c) => c.next('connected', 120_000)));
    progress(`${kind}: ${clients} clients connected, subscribing and measuring`);
    for (const c of clientProcesses) c.send('subscribe');
    await sleep(WARMUP_MS);
    const serverWindow = nextMessage<ServerWindow>(server, 'window');
    const clientWindows = clientProcesses.map((c) => c.window());
    // Everyone else on the machine: the lag is the time to drain a round on the shared cores.
    const ourPids = new Set([process.pid, server.pid!, ...clientProcesses.map((c) => c.child.pid!)]);
    const othersAtStart = othersCpu(ourPids);
    server.send({ type: 'window-start' });
    for (const c of clientProcesses) c.send('window-start');
    await sleep(WINDOW_MS);
    server.send({ type: 'window-end' });
    for (const c of clientProcesses) c.send('window-end');
    const s = await serverWindow;
    const otherCpuMs = cpuSince(othersAtStart, othersCpu(new Set([...ourPids, ...s.pids])));
    if (!s.samePids) throw new Error(`${kind}: a server process was replaced during the window`);
    const windows = await Promise.all(clientWindows);
    const received = windows.reduce((sum, w) => sum + w.received, 0);
    const histogram = windows[0]!.lagHistogram.map((_, ms) => windows.reduce((sum, w) => sum + w.lagHistogram[ms]!, 0));
    const cpuMs = s.cpuUserMs + s.cpuSystemMs;
    const clientCpuMs = windows.reduce((sum, w) => sum + w.cpuMs, 0);
    return {
      server_processes: s.processes,
      messages_delivered: received,
      server_cpu_ms: Math.round(cpuMs),
      server_cpu_user_ms: Math.round(s.cpuUserMs),
      server_cpu_system_ms: Math.round(s.cpuSystemMs),
      messages_per_cpu_second: Math.round((received / cpuMs) * 1000),
      messages_per_second: Math.round((received / s.elapsedMs) * 1000),
      p50_lag_ms: percentile(histogram, 0.5),
      p99_lag_ms: percentile(histogram, 0.99),
      max_lag_ms: percentile(histogram, 1),
      client_cpu_ms: Math.round(clientCpuMs),
      other_cpu_ms: Math.round(otherCpuMs),
    };
  } finally {
    await Promise.all(clientProcesses.map((c) => stopChild(c.child, () => c.send('close'))));
    await stopChild(server, () => {
      if (server.connected) server.send({ type: 'close' });
    });
  }
}

/** Alternating rounds of both servers per client count; each figure is the median round. BENCH_WS_ROUNDS overrides. */
const ROUNDS = Number(process.env.BENCH_WS_ROUNDS ?? 3);

buildClient();
const results: Record<string, unknown> = {};
for (const clients of CLIENT_COUNTS) {
  // Both servers alternate, so a slow spell of this shared machine falls on both; one round alone can be a tenth or
  // more off (the naive server's figure moved by that much between back-to-back runs).
  const rounds: Array<{ ours: RunResult; naive: RunResult }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    rounds.push({ ours: await runOnce('ours', clients), naive: await runOnce('naive', clients) });
    const { ours, naive } = rounds.at(-1)!;
    console.log(
      `${clients} clients, round ${round + 1}: ours ${ours.messages_per_cpu_second} msg/CPU-s (p99 ${ours.p99_lag_ms} ms, ` +
        `others on the machine ${ours.other_cpu_ms} ms CPU), ` +
        `naive ${naive.messages_per_cpu_second} msg/CPU-s (p99 ${naive.p99_lag_ms} ms)`,
    );
  }
  const { ours, naive } = medianOfEach(rounds, (run) => run.messages_per_cpu_second);
  const ratio = Math.round((ours.messages_per_cpu_second / naive.messages_per_cpu_second) * 100) / 100;
  const p99 = medianBy(rounds, (round) => round.ours.p99_lag_ms).ours.p99_lag_ms;
  results[`clients_${clients}`] = {
    ratio,
    p99_lag_ms: p99,
    ours_websocket_processes: wsProcessesFor(clients),
    ours,
    naive,
    rounds: rounds.map((round) => ({
      ours_messages_per_cpu_second: round.ours.messages_per_cpu_second,
      naive_messages_per_cpu_second: round.naive.messages_per_cpu_second,
      ratio: Math.round((round.ours.messages_per_cpu_second / round.naive.messages_per_cpu_second) * 100) / 100,
      ours_p99_lag_ms: round.ours.p99_lag_ms,
      ours_other_cpu_ms: round.ours.other_cpu_ms,
    })),
  };
  console.log(`${clients} clients: median ratio ${ratio}, median p99 ${p99} ms (${ROUNDS} rounds)`);
}

const at5000 = (results.clients_5000 ?? { ratio: 0, p99_lag_ms: 0 }) as { ratio: number; p99_lag_ms: number };
const ratios = Object.values(results).map((result) => (result as { ratio: number }).ratio);
const output = {
  ...results,
  targets: { ratio_at_least: 2, p99_lag_ms_below_at_5000: 50 },
  targets_met: ratios.every((ratio) => ratio >= 2) && at5000.p99_lag_ms < 50,
  setup: {
    depth_interval_ms: 100,
    ticker_interval_ms: 1000,
    depth_levels: 20,
    book_changes_per_second: 1000,
    warmup_ms: WARMUP_MS,
    window_ms: WINDOW_MS,
    ours_websocket_processes: 'per client count (`ours_websocket_processes` there): 1 up to 2,000 clients, else 2',
    rounds: ROUNDS,
    note:
      'server and clients in separate child processes; CPU = user + system time of every server process in the ' +
      'window (ours: the main process with the pump plus its websocket workers; naive: one process), from /proc; ' +
      'the servers alternate for `rounds` rounds per client count: `ours` and `naive` are each their median round ' +
      "by messages per CPU-second, `ratio` their quotient, `p99_lag_ms` the median of ours' rounds; " +
      '`other_cpu_ms` = CPU time of every other process on the machine in the window (/proc/<pid>/stat)',
  },
  machine: {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  },
  command: 'npm run bench:ws',
  date: new Date().toISOString(),
  duration_s: Math.round((Date.now() - startedAt) / 1000),
};
await writeFile(RESULT_FILE, `${JSON.stringify(output, null, 2)}\n`);
console.log(
  `bench:ws 5000 clients: ratio ${at5000.ratio}x (target ≥ 2), p99 lag ${at5000.p99_lag_ms} ms (target < 50); ` +
    `1000 clients: ratio ${(results.clients_1000 as { ratio: number } | undefined)?.ratio}x → ${path.relative(process.cwd(), RESULT_FILE)}`,
);
