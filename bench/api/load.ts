/**
 * The load process of bench:api (run.ts starts one per workload, so its CPU is not the server's): opens
 * `connections` connections of one workload (workloads/<file>.ts), runs them closed-loop (each sends its next
 * request when the answer to the last one has arrived) for a warm-up and then a measured window, and reports on
 * stdout, one line each: `window-start`, `window-end`, then `result <json>`. Argument: the job as JSON (LoadJob).
 */
import type { Workload, WorkloadConnection, WorkloadContext } from './workloads/types.ts';

export interface LoadJob {
  file: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  ctx: WorkloadContext;
}

export interface LoadResult {
  requests: number;
  refused: number;
  refusedBy: Record<string, number>;
  /** Failures of the transport (a reset, a non-JSON answer), by message. */
  failed: number;
  durationMs: number;
  p50_ms: number;
  p99_ms: number;
  p999_ms: number;
  max_ms: number;
  /** This process's own CPU time in the window (user + system). */
  load_cpu_ms: number;
}

const job = JSON.parse(process.argv[2]!) as LoadJob;
const { workload } = (await import(`./workloads/${job.file}.ts`)) as { workload: Workload };

let measuring = false;
let stopAt = Date.now() + job.warmupMs;
let latencies = new Float64Array(1 << 16);
const figures = { requests: 0, refused: 0, failed: 0, refusedBy: {} as Record<string, number> };

function record(ms: number): void {
  if (figures.requests === latencies.length) {
    const grown = new Float64Array(latencies.length * 2);
    grown.set(latencies);
    latencies = grown;
  }
  latencies[figures.requests] = ms;
  figures.requests += 1;
}

async function loop(connection: WorkloadConnection): Promise<void> {
  while (Date.now() < stopAt) {
    const counted = measuring;
    const started = performance.now();
    try {
      const outcome = await connection.next();
      if (!counted || !measuring) continue;
      if (outcome.ok) record(performance.now() - started);
      else {
        figures.refused += 1;
        figures.refusedBy[outcome.code] = (figures.refusedBy[outcome.code] ?? 0) + 1;
      }
    } catch (error) {
      if (!counted || !measuring) continue;
      figures.failed += 1;
      const key = `failed: ${(error as Error).message.slice(0, 60)}`;
      figures.refusedBy[key] = (figures.refusedBy[key] ?? 0) + 1;
    }
  }
}

const connections = await Promise.all(
  Array.from({ length: job.connections }, (_, index) => workload.open(job.ctx, index)),
);
const run = () => Promise.all(connections.map((connection) => loop(connection)));
await run();
measuring = true;
const cpuBefore = process.cpuUsage();
const startedAt = performance.now();
stopAt = Date.now() + job.durationMs;
process.stdout.write('window-start\n');
await run();
measuring = false;
const durationMs = performance.now() - startedAt;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write('window-end\n');
await Promise.all(connections.map((connection) => connection.close()));

const sorted = latencies.subarray(0, figures.requests).sort();
const at = (quantile: number) =>
  sorted.length === 0
    ? 0
    : Number(sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))]!.toFixed(2));
const result: LoadResult = {
  ...figures,
  durationMs: Math.round(durationMs),
  p50_ms: at(0.5),
  p99_ms: at(0.99),
  p999_ms: at(0.999),
  max_ms: at(1),
  load_cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
};
process.stdout.write(`result ${JSON.stringify(result)}\n`);
