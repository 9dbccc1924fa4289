/**
 * The demo market maker as its own process (#31 item 3), against a listening platform: it quotes a deep book through
 * /fapi with the keys the platform issued it, its taker trades inside the spread, and once SIGKILLed its orders are
 * cancelled by the dead-man's switch (the platform's `cancel-all-after` job) within the countdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../helpers/test-app.ts';
import { startDemoMaker, until, type RunningMaker } from './demo-maker-process.ts';
import { ccxtClient, fundedTrader, startPlatform, type Platform } from './harness.ts';

const SYMBOL = 'BTC/USDT:USDT';
const COUNTDOWN_MS = 3_000;

let p: Platform;
let maker: RunningMaker;

beforeAll(async () => {
  p = await startPlatform();
  maker = await startDemoMaker(p, COUNTDOWN_MS);
}, 60_000);

afterAll(async () => {
  await maker?.stop();
  await p?.close();
});

describe('the demo maker process', () => {
  it('quotes a deep book through /fapi, seen alike by ccxt and the native API', async () => {
    const alice = await fundedTrader(p);
    const { exchange } = ccxtClient(p, alice.key);
    const book = await until('a book of 50 levels a side', 40_000, maker, async () => {
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
    const trades = await until('three trades', 20_000, maker, async () => {
      const seen = await exchange.fetchTrades(SYMBOL);
      return seen.length >= 3 ? seen : null;
    });
    const index = p.market.indexPrice()!;
    for (const trade of trades) expect(Math.abs(trade.price! * 100 - index)).toBeLessThan(index / 1_000);
  }, 30_000);

  it('keeps its switch armed while alive and has its orders cancelled within the countdown once killed', async () => {
    // Quoting for longer than the countdown already: the re-arming works.
    expect((await p.t.trading.openOrders(maker.makerUserId)).length).toBeGreaterThanOrEqual(60);
    maker.process.kill('SIGKILL');
    const killedAt = Date.now();
    const quoted = (await p.t.trading.openOrders(maker.makerUserId)).length;
    // The switch fires within the countdown of the last re-arm (at most a third of it before the kill), on the job's
    // next second; its cancels then take their own time.
    await until('the switch firing', COUNTDOWN_MS + 1_500, maker, async () =>
      (await p.t.trading.openOrders(maker.makerUserId)).length < quoted ? true : null,
    );
    expect(Date.now() - killedAt).toBeGreaterThan(COUNTDOWN_MS / 3);
    await until('every order cancelled', 10_000, maker, async () =>
      (await p.t.trading.openOrders(maker.makerUserId)).length === 0 ? true : null,
    );
  }, 30_000);
});
