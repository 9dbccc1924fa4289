/**
 * Chaos run (`npm run test:chaos`): the platform on a fresh data directory under a mixed load from the seven funded
 * demo traders — orders, cancels, bets, transfers, withdrawal requests and cancels (load.ts), faucet deposits for
 * three of them, an operator approving or refusing withdrawals (wallet-load.ts), and signed orders and cancels with
 * client order ids from three of them through an API key (signed-load.ts). Each round kills the server
 * (SIGKILL), then PostgreSQL, then both, at a random point, restarts it, and checks: every acknowledged operation
 * stored exactly once, nothing unacknowledged half-applied, the ledger balanced with stored balances equal to their
 * postings and no negative user balance, deposits credited once and only from the chain, withdrawals held, released
 * or sent on chain exactly once, each signed order's client order id stored at most once and exactly once when
 * acknowledged (checks.ts, wallet-checks.ts), and the websocket streams back. Seeded (CHAOS_SEED);
 * the seed is printed.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '@tickline/db';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { emptyBook, emptyFigures, generator, KINDS } from './book.ts';
import { awaitWallet, checkDatabase, checkWebsocket, embeddedUrl, marketFigures } from './checks.ts';
import { CHAOS_MARKETS, login, operate, placeOrder, type Load, type Trader } from './load.ts';
import { operateSigned, signedTrader } from './signed-load.ts';
import { chainOf, checkLookups, checkWalletChain } from './wallet-checks.ts';
import { decide, deposit } from './wallet-load.ts';

const seed = Number(process.env.CHAOS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const TRADERS = ['demo@tickline.dev', ...[2, 3, 4, 5, 6, 7].map((level) => `partner${level}@tickline.dev`)];
const OPERATOR = 'operator@tickline.dev';
const WORKERS_PER_TRADER = 2;
/** The traders (by index) who also ask the faucet for deposits, one worker each. */
const DEPOSITORS = [0, 2, 4];
/** The traders (by index) who also trade through an API key (signed requests), one worker each. */
const SIGNERS = [1, 3, 5];
/** A round is not killed before this many deposits of its own were acknowledged (at most a minute in). */
const DEPOSITS_PER_ROUND = 5;
/** How long the wallet may take after a restart to finish what the kill left (covers the 30 s resend of a lost tx). */
const WALLET_SETTLE_MS = 45_000;
/** Each kind once, then a random one. */
const KILL_KINDS = ['server', 'postgres', 'both'] as const;
type Kill = (typeof KILL_KINDS)[number];
const ROUNDS = Number(process.env.CHAOS_ROUNDS ?? 4);
const UNLIMITED = '1000000/1';

const load: Load = { book: emptyBook(), figures: emptyFigures(), random: generator(seed) };
const { book, figures, random } = load;

interface Platform {
  server: ServerProcess;
  traders: Trader[];
  operator: Trader;
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function startServer(dataDir: string): Promise<Platform> {
  const server = startServerProcess(await findFreePort(), {
    DATABASE_URL: undefined,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_LIQUIDITY: 'on',
    // The deposit watcher and the withdrawal desk every 250 ms, sweeps every 2 s: the wallet's background work
    // happens many times in a round.
    CHAIN_POLL_MS: '250',
    SWEEP_INTERVAL_MS: '2000',
    ...Object.fromEntries(
      ['LOGIN', 'ORDER', 'CANCEL', 'BET', 'TRANSFER', 'API_KEY', 'API_USER'].map((name) => [
        `RATE_LIMIT_${name}`,
        UNLIMITED,
      ]),
    ),
  });
  await server.waitUntilReady();
  const traders = await Promise.all(TRADERS.map((userid) => login(server, userid)));
  return { server, traders, operator: await login(server, OPERATOR) };
}

async function round(dataDir: string, kill: Kill, index: number): Promise<void> {
  const { server, traders, operator } = await startServer(dataDir);
  const signers = await Promise.all(SIGNERS.map((i) => signedTrader(server, traders[i]!)));
  let killed = false;
  const loop = (step: () => Promise<boolean>) =>
    (async () => {
      while (!killed && (await step()));
    })();
  const workers = [
    ...traders.flatMap((trader) =>
      Array.from({ length: WORKERS_PER_TRADER }, () => loop(() => operate(server, load, trader))),
    ),
    ...DEPOSITORS.map((i) => loop(() => deposit(server, load, traders[i]!))),
    ...signers.map((signer) => loop(() => operateSigned(load, signer))),
    loop(() => decide(server, load, operator)),
  ];
  // A random point in the stream of operations (not of time: the machine's speed varies), at most a minute in: after
  // 500-899 more acknowledged operations and a few deposits of the round, then 0-199 more, so that the kill does not
  // systematically follow the deposit that completed the round's few.
  const deadline = Date.now() + 60_000;
  const until = async (reached: () => boolean) => {
    while (!reached() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const target = figures.acknowledged + 500 + Math.floor(random() * 400);
  const deposits = figures.byKind.deposits + DEPOSITS_PER_ROUND;
  await until(() => figures.acknowledged >= target && figures.byKind.deposits >= deposits);
  const further = figures.acknowledged + Math.floor(random() * 200);
  await until(() => figures.acknowledged >= further);
  const killedAt = figures.acknowledged;
  const postmaster = postmasterPid(dataDir);
  if (kill !== 'postgres') server.child.kill('SIGKILL');
  if (kill !== 'server') process.kill(postmaster, 'SIGKILL');
  figures.kills += 1;
  // Killed PostgreSQL: the server must notice and exit by itself.
  let timer: NodeJS.Timeout | undefined;
  const exited = await Promise.race([
    server.exited(),
    new Promise<'running'>((resolve) => (timer = setTimeout(() => resolve('running'), 40_000))),
  ]);
  clearTimeout(timer);
  killed = true;
  if (exited === 'running') {
    report(`round ${index}: the server still ran 40 s after PostgreSQL was killed`);
    await server.killHard();
  } else if (kill === 'postgres' && exited === 0) {
    report(`round ${index}: the server exited 0 after losing PostgreSQL`);
  }
  await Promise.all(workers);
  console.log(
    `round ${index}: killed ${kill} at operation ${killedAt}; ${figures.acknowledged} acknowledged so far ` +
      `(${figures.byKind.deposits} deposits, ${figures.byKind.withdrawals} withdrawals, ` +
      `${figures.byKind['signed orders']} signed orders); ${elapsed()} s`,
  );
}

/** Violations naming a market, by market (the others concern the platform as a whole). */
const violationsByMarket = new Map<string, number>(CHAOS_MARKETS.map((market) => [market.symbol, 0]));

function report(violation: string): void {
  figures.violations += 1;
  for (const symbol of violationsByMarket.keys())
    if (violation.includes(symbol)) violationsByMarket.set(symbol, violationsByMarket.get(symbol)! + 1);
  console.error(`VIOLATION: ${violation}`);
}

async function verify(dataDir: string, label: string): Promise<ServerProcess> {
  const { server, traders } = await startServer(dataDir);
  const url = embeddedUrl(dataDir);
  const settling = Date.now();
  const backlog = await awaitWallet(url, book, WALLET_SETTLE_MS);
  const settled = ((Date.now() - settling) / 1000).toFixed(1);
  if (backlog > 0) console.error(`${label}: the wallet still had ${backlog} things to finish after ${settled} s`);
  else console.log(`${label}: the wallet finished what the kill left in ${settled} s`);
  const [violations, rows] = await checkDatabase(url, book);
  violations.push(...(await checkWalletChain(chainOf(server.log()), rows, book)));
  const lookup = async <T>(url: string, token: string) => (await server.call<T>('GET', url, token)).data!;
  violations.push(...(await checkLookups(lookup, traders, rows, book)));
  const trader = traders[0]!;
  const placeOne = () => placeOrder(server, load, { ...trader, open: [] });
  violations.push(...(await checkWebsocket(server.port, trader.token, placeOne)));
  for (const violation of violations) report(`${label}: ${violation}`);
  console.log(`${label}: ${await marketFigures(url)}`);
  return server;
}

const started = Date.now();
const elapsed = () => Math.round((Date.now() - started) / 1000);

async function main(): Promise<void> {
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
    // Kept for a look when something was found (the last server stopped cleanly: nothing runs on it).
    if (figures.violations === 0) await rm(dataDir, { recursive: true, force: true });
    else console.error(`data directory kept: ${dataDir}`);
  }
  const perKind = KINDS.map((kind) => `${figures.byKind[kind]} ${kind}`).join(', ');
  const open = (outcomes: Iterable<{ outcome: string }>) => [...outcomes].filter((o) => o.outcome === 'unknown').length;
  const cutOff =
    `${open(book.faucet.values())} faucet sends, ${open(book.withdrawals.values())} withdrawal requests, ` +
    `${open([...book.decisions.values()].flat())} withdrawal decisions, ${open(book.signedOrders.values())} signed orders`;
  console.log(
    `chaos: ${figures.acknowledged} operations acknowledged (${perKind}), ${figures.refused} refused, ` +
      `${figures.unanswered} unanswered at a kill; outcome left open by a kill: ${cutOff}; ${figures.kills} kills; ` +
      `${figures.violations} violations; ${elapsed()} s; seed ${seed}`,
  );
  const ordersOf = (symbol: string) => [...book.orderSymbols.values()].filter((s) => s === symbol).length;
  console.log(
    `chaos by market: ${CHAOS_MARKETS.map(
      ({ symbol }) => `${symbol} ${ordersOf(symbol)} orders acknowledged, ${violationsByMarket.get(symbol)} violations`,
    ).join('; ')}`,
  );
  const idleMarket = CHAOS_MARKETS.some(({ symbol }) => ordersOf(symbol) === 0);
  if (
    figures.violations > 0 ||
    figures.kills < 3 ||
    figures.acknowledged < 2_000 ||
    !figures.byKind['signed orders'] ||
    idleMarket
  ) {
    console.error(
      `chaos run FAILED (seed ${seed}; at least 3 kills, 2,000 acknowledged operations, a signed order and orders ` +
        `in every market required)`,
    );
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(`chaos run FAILED (seed ${seed}):`, error);
  process.exit(1);
});
