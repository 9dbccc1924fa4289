/**
 * The demo maker in a platform of every configured market (#34): it quotes each market the platform lists, near its
 * own index, and its orders in every market are the account's (the switch that cancels them covers all markets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoMaker, until, type RunningMaker } from './demo-maker-process.ts';
import { ccxtClient, fundedTrader, startPlatform, type Platform } from './harness.ts';

let p: Platform;
let maker: RunningMaker;

beforeAll(async () => {
  p = await startPlatform({ allMarkets: true });
  maker = await startDemoMaker(p, 10_000);
}, 60_000);

afterAll(async () => {
  await maker?.stop();
  await p?.close();
});

describe('the demo maker in every market', () => {
  it('quotes every market the platform lists, each near its own index on its own grid (#34)', async () => {
    const alice = await fundedTrader(p);
    const { exchange } = ccxtClient(p, alice.key);
    const markets = (await exchange.fetchMarkets()).map((market) => market!.id!);
    expect(markets).toEqual(expect.arrayContaining(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']));
    for (const id of markets.filter((symbol) => symbol !== 'BTCUSDT')) {
      const unified = `${id.replace(/USDT$/, '')}/USDT:USDT`;
      const book = await until(`${id}: ten levels a side`, 60_000, maker, async () => {
        const seen = await exchange.fetchOrderBook(unified, 100);
        return seen.bids.length >= 10 && seen.asks.length >= 10 ? seen : null;
      });
      const index = Number((await exchange.fetchFundingRate(unified)).indexPrice);
      expect(book.bids[0]![0]!).toBeLessThan(book.asks[0]![0]!);
      for (const [price] of [...book.bids.slice(0, 10), ...book.asks.slice(0, 10)])
        expect(Math.abs(price! - index)).toBeLessThanOrEqual(index / 100);
    }
    // Every market's orders are the maker's own, each in its market (the killed maker's cancel covers them all below).
    const symbols = new Set((await p.t.trading.openOrders(maker.makerUserId)).map((order) => order.symbol));
    expect([...symbols].sort()).toEqual([...markets].sort());
  }, 90_000);
});
