/**
 * `npm run bench:engine`: our fast order book side by side with npm `nodejs-order-book`, through one harness, in one
 * run. Each workload: a warm-up, then REPEATS rounds of timed runs (three of ours, one of the peer's), median
 * ops/s per book. Writes
 * bench/results/engine-latest.json and ends with one summary line of the ratios.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import { PeerAdapter, prepareIdStrings, TicklineAdapter, type BookAdapter } from './adapters.ts';
import { measureTriggers } from './triggers.ts';
import {
  cancelsOnOneLevel,
  crossingMix,
  exchangeCoreMix,
  peerBenchmarkCases,
  type OperationStream,
} from './workloads.ts';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const OUR_RUNS_PER_REPEAT = 3;
const SEED = 20_261_121;

interface Workload {
  key: string;
  description: string;
  streams: OperationStream[];
  target: number;
}

function replay(adapter: BookAdapter, stream: OperationStream): void {
  for (let i = 0; i < stream.count; i++) adapter.apply(stream, i);
}

/** Seconds to run the workload's streams on fresh books (setup untimed), and the books afterwards. */
function timeOnce(
  createAdapter: () => BookAdapter,
  streams: OperationStream[],
): { seconds: number; books: BookAdapter[] } {
  let nanoseconds = 0n;
  const books: BookAdapter[] = [];
  for (const stream of streams) {
    const adapter = createAdapter();
    if (stream.setup) replay(adapter, stream.setup);
    const start = process.hrtime.bigint();
    replay(adapter, stream);
    nanoseconds += process.hrtime.bigint() - start;
    books.push(adapter);
  }
  return { seconds: Number(nanoseconds) / 1e9, books };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Warm-up: the first WARM_UP_OPS operations of every stream (enough for the JIT; the peer is slow in full). */
const WARM_UP_OPS = 20_000;

function warmUp(createAdapter: () => BookAdapter, streams: OperationStream[]): void {
  for (const stream of streams) {
    const adapter = createAdapter();
    if (stream.setup) replay(adapter, stream.setup);
    for (let i = 0; i < Math.min(stream.count, WARM_UP_OPS); i++) adapter.apply(stream, i);
  }
}

function measure(workload: Workload) {
  const ops = workload.streams.reduce((total, stream) => total + stream.count, 0);
  const tickline: number[] = [];
  const peer: number[] = [];
  warmUp(() => new TicklineAdapter(), workload.streams);
  warmUp(() => new PeerAdapter(), workload.streams);
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    // Our runs are short, so a scheduler hiccup on a shared machine moves them most: take three per peer run.
    const ours = timeOnce(() => new TicklineAdapter(), workload.streams);
    for (let extra = 0; extra < OUR_RUNS_PER_REPEAT - 1; extra++)
      tickline.push(ops / timeOnce(() => new TicklineAdapter(), workload.streams).seconds);
    const theirs = timeOnce(() => new PeerAdapter(), workload.streams);
    tickline.push(ops / ours.seconds);
    peer.push(ops / theirs.seconds);
    // Both books must end in the same state, or they did not do the same work.
    if (repeat === 0)
      ours.books.forEach((book, index) => {
        const left = JSON.stringify(book.restingQty());
        const right = JSON.stringify(theirs.books[index]?.restingQty());
        if (left !== right)
          console.warn(`  ! ${workload.streams[index]?.name}: books differ (ours ${left}, peer ${right})`);
      });
  }
  const tickline_ops_s = Math.round(median(tickline));
  const peer_ops_s = Math.round(median(peer));
  const ratio = Number((tickline_ops_s / peer_ops_s).toFixed(2));
  console.log(
    `${workload.key} ${workload.description}: tickline ${tickline_ops_s.toLocaleString('en')} ops/s, ` +
      `nodejs-order-book ${peer_ops_s.toLocaleString('en')} ops/s, ${ratio}× (target ≥ ${workload.target}×, ${ops.toLocaleString('en')} ops)`,
  );
  return { tickline_ops_s, peer_ops_s, ratio, target_ratio: workload.target, ops_per_run: ops };
}

/** Per-operation latency of our book on the W3 stream (each operation timed alone). */
function latencyPercentiles(stream: OperationStream) {
  const adapter = new TicklineAdapter();
  if (stream.setup) replay(adapter, stream.setup);
  replay(new TicklineAdapter(), stream); // warm the code paths on another book
  const samples = new Float64Array(stream.count);
  for (let i = 0; i < stream.count; i++) {
    const start = process.hrtime.bigint();
    adapter.apply(stream, i);
    samples[i] = Number(process.hrtime.bigint() - start);
  }
  samples.sort();
  const at = (fraction: number) =>
    (samples[Math.min(samples.length - 1, Math.floor(fraction * samples.length))] as number) / 1000;
  return { p50_us: Number(at(0.5).toFixed(3)), p99_us: Number(at(0.99).toFixed(3)), max_us: Number(at(1).toFixed(1)) };
}

async function main() {
  const startedAt = Date.now();
  const workloads: Workload[] = [
    { key: 'W1', description: "nodejs-order-book's own benchmark cases", streams: peerBenchmarkCases(SEED), target: 3 },
    {
      key: 'W2',
      description: 'crossing mix, alternating buy/sell, 10 levels a side',
      streams: [crossingMix(SEED)],
      target: 10,
    },
    {
      key: 'W3',
      description: 'exchange-core mix (9 % GTC, 3 % IOC, 6 % cancel, 82 % move)',
      streams: [exchangeCoreMix(SEED)],
      target: 3,
    },
    { key: 'W4', description: '10,000 cancels on one price level', streams: [cancelsOnOneLevel(SEED)], target: 100 },
  ];
  let maxId = 0;
  for (const workload of workloads)
    for (const stream of workload.streams)
      for (const part of [stream, stream.setup]) if (part) for (const id of part.id) maxId = Math.max(maxId, id);
  prepareIdStrings(maxId);

  const results: Record<string, ReturnType<typeof measure>> = {};
  for (const workload of workloads) results[workload.key] = measure(workload);
  const latency = latencyPercentiles(workloads[2]!.streams[0]!);
  console.log(
    `per-operation latency (W3, tickline): p50 ${latency.p50_us} µs, p99 ${latency.p99_us} µs, max ${latency.max_us} µs`,
  );

  // The whole exchange with trigger orders resting (#32 item 3): ours only, against the same stream without them.
  const triggers = measureTriggers(SEED, REPEATS);

  const cpus = os.cpus();
  const report = {
    workloads: results,
    triggers,
    p99_us: latency.p99_us,
    latency_us: latency,
    machine: {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      os: `${os.type()} ${os.release()}`,
      node: process.version,
      /** The machine is shared: a load above the core count slows every number here. */
      load_average_1m: Number((os.loadavg()[0] ?? 0).toFixed(2)),
    },
    command: 'npm run bench:engine',
    repeats: REPEATS,
    seed: SEED,
    recorded_at: new Date().toISOString(),
    duration_s: Math.round((Date.now() - startedAt) / 1000),
  };
  await writeFile(new URL('../results/engine-latest.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  const summary = Object.entries(results)
    .map(([key, result]) => `${key} ${result.ratio}×${result.ratio >= result.target_ratio ? '' : ' (below target)'}`)
    .join(' | ');
  console.log(
    `engine bench: ${summary} | p99 ${latency.p99_us} µs | W3 ${results.W3?.tickline_ops_s.toLocaleString('en')} ops/s`,
  );
}

await main();
