/**
 * The demo market maker as its own process (#31 item 3), against a listening platform: it quotes a deep book through
 * /fapi with the keys the platform issued it, its taker trades inside the spread, and once SIGKILLed its orders are
 * cancelled by the dead-man's switch (the platform's `cancel-all-after` job) within the countdown.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLiquidityAccounts } from '../../src/app/demo/liquidity-accounts.ts';
import { issueDemoMakerKeys } from '../../src/app/demo/maker-keys.ts';
import { registerProgramJobs } from '../../src/jobs/program-jobs.ts';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import { get } from '../helpers/test-app.ts';
import { ccxtClient, fundedTrader, startPlatform, type Platform } from './harness.ts';

const SYMBOL = 'BTC/USDT:USDT';
const COUNTDOWN_MS = 3_000;
const MAIN = fileURLToPath(new URL('../../src/demo-maker/main.ts', import.meta.url));

let p: Platform;
let scheduler: Scheduler;
let maker: ChildProcess;
let makerUserId: number;
let output = '';

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms; maker said: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  p = await startPlatform();
  const ctx = p.t.app.context;
  // The platform's own `cancel-all-after` job, as roles/platform.ts runs it.
  scheduler = new Scheduler(ctx.clock);
  registerProgramJobs(scheduler, ctx);
  scheduler.start();
  const accounts = await ensureLiquidityAccounts(ctx);
  makerUserId = accounts.makerUserId;
  for (const userId of [accounts.makerUserId, accounts.takerUserId])
    await p.t.trading.fundDemoUser(userId, 5_000_000 * 1_000_000);
  const file = await issueDemoMakerKeys(ctx, accounts, p.base);
  maker = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, DEMO_MAKER_FILE: file, DEMO_MAKER_COUNTDOWN_MS: String(COUNTDOWN_MS) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  maker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  maker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
}, 60_000);

afterAll(async () => {
  if (maker && maker.exitCode === null && maker.signalCode === null) maker.kill('SIGKILL');
  await scheduler?.stop();
  await p?.close();
});

describe('the demo maker process', () => {
  it('quotes a deep book through /fapi, seen alike by ccxt and the native API', async () => {
    const alice = await fundedTrader(p);
    const { exchange } = ccxtClient(p, alice.key);
    const book = await until('a book of 50 levels a side', 40_000, async () => {
      const seen = await exchange.fetchOrderBook(SYMBOL, 100);
      return seen.bids.length >= 50 && seen.asks.length >= 50 ? seen : null;
    });
    const [bestBid] = book.bids[0]!;
    const [bestAsk] = book.asks[0]!;
    // Near the index, one 0.1 USDT step at the touch (ladder.test.ts pins it) unless the taker just ate a level.
    const index = p.market.indexPrice()!;
    expect(Math.round((bestAsk! - bestBid!) * 100)).toBeGreaterThanOrEqual(10);
    expect(Math.abs(bestBid! * 100 - index)).toBeLessThanOrEqual(index / 1_000);
    expect(Math.abs(bestAsk! * 100 - index)).toBeLessThanOrEqual(index / 1_000);
    // Sizes grow away from the touch: the deep half holds more than the near half.
    const sum = (levels: typeof book.bids) => levels.reduce((total, [, amount]) => total + amount!, 0);
    expect(sum(book.bids.slice(25, 50))).toBeGreaterThan(sum(book.bids.slice(0, 25)));
    p.market.tick();
    const native = await get<{ a: number[][]; b: number[][] }>(p.t.app, '/market/depth?limit=100');
    expect(native.body.data!.b.length).toBeGreaterThanOrEqual(50);
    expect(native.body.data!.a.length).toBeGreaterThanOrEqual(50);
  }, 60_000);

  it('trades inside the spread: the taker takes the maker’s quotes', async () => {
    const alice = await fundedTrader(p);
    const { exchange } = ccxtClient(p, alice.key);
    const trades = await until('three trades', 20_000, async () => {
      const seen = await exchange.fetchTrades(SYMBOL);
      return seen.length >= 3 ? seen : null;
    });
    const index = p.market.indexPrice()!;
    for (const trade of trades) expect(Math.abs(trade.price! * 100 - index)).toBeLessThan(index / 1_000);
  }, 30_000);

  it('keeps its switch armed while alive and has its orders cancelled within the countdown once killed', async () => {
    // Quoting for longer than the countdown already: the re-arming works.
    expect((await p.t.trading.openOrders(makerUserId)).length).toBeGreaterThanOrEqual(60);
    maker.kill('SIGKILL');
    const killedAt = Date.now();
    const quoted = (await p.t.trading.openOrders(makerUserId)).length;
    // The switch fires within the countdown of the last re-arm (at most a third of it before the kill), on the job's
    // next second; its cancels then take their own time.
    await until('the switch firing', COUNTDOWN_MS + 1_500, async () =>
      (await p.t.trading.openOrders(makerUserId)).length < quoted ? true : null,
    );
    expect(Date.now() - killedAt).toBeGreaterThan(COUNTDOWN_MS / 3);
    await until('every order cancelled', 10_000, async () =>
      (await p.t.trading.openOrders(makerUserId)).length === 0 ? true : null,
    );
  }, 30_000);
});
