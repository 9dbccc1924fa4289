/**
 * Chaos run (`npm run test:chaos`): the platform on a fresh data directory under a mixed load of orders, cancels,
 * bets and transfers from the seven funded demo traders; each round kills the server (SIGKILL), then PostgreSQL, then
 * both, at a random point, restarts it, and checks: every acknowledged operation stored exactly once, nothing
 * unacknowledged half-applied (transfers stored at most once, the ledger balanced), stored balances equal to their
 * postings, no negative user balance, and the websocket streams back. Seeded (CHAOS_SEED); the seed is printed.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@tickline/db';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { checkDatabase, checkWebsocket, embeddedUrl, type Ledgerbook } from './checks.ts';

const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TRADERS = ['demo@tickline.dev', ...[2, 3, 4, 5, 6, 7].map((level) => `partner${level}@tickline.dev`)];
const WORKERS_PER_TRADER = 2;
/** Each kind once, then a random one. */
const KILL_KINDS = ['server', 'postgres', 'both'] as const;
type Kill = (typeof KILL_KINDS)[number];
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 4);
const UNLIMITED = '1000000/1';

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function generator(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = generator(seed);

const book: Ledgerbook = {
  orders: new Map(),
  cancels: new Set(),
  bets: new Map(),
  transfers: new Set(),
  unknownTransfers: new Set(),
};
const figures = { acknowledged: 0, refused: 0, unanswered: 0, kills: 0, violations: 0 };
let transferSeq = 0;

interface Trader {
  userId: number;
  token: string;
  open: number[];
}

async function login(server: ServerProcess, userid: string): Promise<Trader> {
  const answer = await server.call<{ accessToken: string }>('POST', '/auth/login', undefined, {
    userid,
    password: 'Demo1234!',
  });
  if (answer.code !== 0) throw new Error(`login of ${userid} failed: ${answer.code} ${answer.message}`);
  const info = await server.call<{ no: number }>('GET', '/user/info', answer.data!.accessToken);
  return { userId: info.data!.no, token: answer.data!.accessToken, open: [] };
}

/** One operation chosen at random; answers false once the server stopped answering. */
async function operate(server: ServerProcess, trader: Trader): Promise<boolean> {
  const pick = random();
  let record: (data: unknown) => void;
  let url: string;
  let body: unknown;
  let transferKey: string | null = null;
  if (pick < 0.35 || trader.open.length === 0) {
    const price = (20_000 + Math.floor(random() * 10_000)).toFixed(1);
    url = '/order/registerOrder';
    body = { leverage: 1, volume: '0.001', type: 2, priceType: 1, position: 1, orderPath: 1, price };
    record = (data) => {
      const no = (data as { no: number }).no;
      book.orders.set(no, trader.userId);
      trader.open.push(no);
    };
  } else if (pick < 0.7) {
    const no = trader.open.splice(Math.floor(random() * trader.open.length), 1)[0]!;
    url = '/order/cancel';
    body = { no };
    record = () => book.cancels.add(no);
  } else if (pick < 0.8) {
    url = '/optionOrder/register';
    body = { symbol: 1, betType: random() < 0.5 ? 1 : 2, volume: '1' };
    record = (data) => book.bets.set((data as { no: number }).no, trader.userId);
  } else {
    // A unique amount per transfer identifies it in wallet_transfers.
    const micro = 10_000 + (transferSeq += 1);
    const toFutures = random() < 0.5;
    transferKey = `${trader.userId}:${toFutures ? 'bsc' : 'usdtm'}:${micro}`;
    url = '/transfer/registerFutures';
    body = { to: toFutures ? 'usdtm' : 'bsc', amount: `0.${String(micro).padStart(6, '0')}` };
    record = () => book.transfers.add(transferKey!);
  }
  try {
    const answer = await server.call('POST', url, trader.token, body);
    if (answer.code === 0) {
      figures.acknowledged += 1;
      record(answer.data);
    } else {
      figures.refused += 1;
    }
    return true;
  } catch {
    figures.unanswered += 1;
    if (transferKey) book.unknownTransfers.add(transferKey);
    return false;
  }
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function startServer(dataDir: string): Promise<{ server: ServerProcess; traders: Trader[] }> {
  const server = startServerProcess(await findFreePort(), {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_LIQUIDITY: 'on',
    ...Object.fromEntries(
      ['LOGIN', 'ORDER', 'CANCEL', 'BET', 'TRANSFER'].map((name) => [`RATE_LIMIT_${name}`, UNLIMITED]),
    ),
  });
  await server.waitUntilReady();
  const traders = await Promise.all(TRADERS.map((userid) => login(server, userid)));
  return { server, traders };
}

async function round(dataDir: string, kill: Kill, index: number): Promise<void> {
  const { server, traders } = await startServer(dataDir);
  let killed = false;
  const workers = traders.flatMap((trader) =>
    Array.from({ length: WORKERS_PER_TRADER }, async () => {
      while (!killed && (await operate(server, trader)));
    }),
  );
  // A random point in the stream of operations (not of time: the machine's speed varies), at most a minute in.
  const target = figures.acknowledged + 500 + Math.floor(random() * 400);
  const deadline = Date.now() + 60_000;
  while (figures.acknowledged < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  const postmaster = postmasterPid(dataDir);
  if (kill !== 'postgres') server.child.kill('SIGKILL');
  if (kill !== 'server') process.kill(postmaster, 'SIGKILL');
  figures.kills += 1;
  // Killed PostgreSQL: the server must notice and exit by itself.
  const exited = await Promise.race([
    server.exited(),
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 40_000)),
  ]);
  killed = true;
  if (exited === 'running') {
    report(`round ${index}: the server still ran 40 s after PostgreSQL was killed`);
    await server.killHard();
  } else if (kill === 'postgres' && exited === 0) {
    report(`round ${index}: the server exited 0 after losing PostgreSQL`);
  }
  await Promise.all(workers);
  console.log(`round ${index}: killed ${kill} at operation ${target}; ${figures.acknowledged} acknowledged so far`);
}

function report(violation: string): void {
  figures.violations += 1;
  console.error(`VIOLATION: ${violation}`);
}

async function verify(dataDir: string, label: string): Promise<ServerProcess> {
  const { server, traders } = await startServer(dataDir);
  for (const violation of await checkDatabase(embeddedUrl(dataDir), book)) report(`${label}: ${violation}`);
  const trader = traders[0]!;
  const placeOne = () => operate(server, { ...trader, open: [] });
  for (const violation of await checkWebsocket(server.port, trader.token, placeOne)) report(`${label}: ${violation}`);
  return server;
}

async function main(): Promise<void> {
  const started = Date.now();
  console.log(`chaos seed ${seed} (replay with CHAOS_SEED=${seed})`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-chaos-'));
  try {
    for (let index = 0; index < ROUNDS; index++) {
      const kill = KILL_KINDS[index] ?? KILL_KINDS[Math.floor(random() * KILL_KINDS.length)]!;
      await round(dataDir, kill, index + 1);
      const server = await verify(dataDir, `after round ${index + 1} (${kill})`);
      server.child.kill('SIGTERM');
      await server.exited();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `chaos: ${figures.acknowledged} operations acknowledged (${book.orders.size} orders, ${book.cancels.size} cancels, ` +
      `${book.bets.size} bets, ${book.transfers.size} transfers), ${figures.refused} refused, ${figures.unanswered} ` +
      `unanswered at a kill; ${figures.kills} kills; ${figures.violations} violations; ${seconds} s; seed ${seed}`,
  );
  if (figures.violations > 0 || figures.kills < 3 || figures.acknowledged < 2_000) {
    console.error(`chaos run FAILED (seed ${seed}; at least 3 kills and 2,000 acknowledged operations required)`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(`chaos run FAILED (seed ${seed}):`, error);
  process.exit(1);
});
