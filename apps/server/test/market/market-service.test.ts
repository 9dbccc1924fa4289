import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { klines } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { MarketService, type PriceUpdate } from '../../src/services/market/market-service.ts';
import { SimulatedSource } from '../../src/services/market/simulated-source.ts';
import { HOME_SYMBOLS } from '../../src/services/market/catalogue.ts';
import { PAST_DAYS } from '../../src/services/market/candle-history.ts';
import type { FundingSettlement } from '../../src/domain/market/funding.ts';
import { bookAround, FakeBook, FakePriceSource, manualClock, testMarketConfig } from './fakes.ts';

const T0 = Date.UTC(2026, 10, 21, 10, 0, 12);
const PAST_MINUTES = PAST_DAYS * 1440;

describe('market service', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('backfills an empty candle table from the simulated market and resumes from it after a restart', async () => {
    const clock = manualClock(T0);
    const first = new MarketService({
      config: testMarketConfig(),
      sources: [new SimulatedSource({ seed: 11, clock: clock.now })],
      db: database.pool,
      clock: clock.now,
    });
    await first.start();
    // The last 1,500 minutes, and before them the past of the long intervals' charts (#28 item 7).
    expect(await klines.countKlines(database.pool, 'BTCUSDT')).toBe(PAST_MINUTES);
    const chart = first.klines('BTCUSDT', 1500);
    expect(chart).toHaveLength(1500);
    expect(chart.at(-1)).toMatchObject({ openTime: Math.floor(T0 / 60_000) * 60_000, closed: false });
    expect(chart.at(-2)!.closed).toBe(true);
    expect(chart.at(-2)!.closeTime).toBe(chart.at(-1)!.openTime - 1);
    const klineUpdates: string[] = [];
    first.onKline((symbol) => klineUpdates.push(symbol));
    clock.set(Math.floor(T0 / 60_000) * 60_000 + 60_000);
    first.tick();
    // The tick closed the start minute and opened the next one; pushes follow each change.
    expect(klineUpdates).toEqual(['BTCUSDT']);
    expect(first.kline('BTCUSDT')).toMatchObject({
      openTime: Math.floor(T0 / 60_000) * 60_000 + 60_000,
      closed: false,
    });
    clock.advance(5_000);
    first.tick();
    await first.stop();
    // The backfilled minutes, the minute of the start and the next one.
    expect(await klines.countKlines(database.pool, 'BTCUSDT')).toBe(PAST_MINUTES + 2);
    const stored = await klines.recentKlines(database.pool, 'BTCUSDT', 5);
    expect(stored.at(-1)!.openTimeMs).toBe(Math.floor(T0 / 60_000) * 60_000 + 60_000);

    // A restart loads the history (no second backfill) and continues the simulated BTC from the last stored close.
    clock.advance(5_000);
    const second = new MarketService({
      config: testMarketConfig(),
      sources: [new SimulatedSource({ seed: 12, clock: clock.now })],
      db: database.pool,
      clock: clock.now,
    });
    await second.start();
    expect(second.indexPrice()).toBe(stored.at(-1)!.close);
    expect(second.klines('BTCUSDT', 5).map((k) => k.openTime)).toEqual(stored.map((k) => k.openTimeMs));
    await second.stop();
    expect(await klines.countKlines(database.pool, 'BTCUSDT')).toBe(PAST_MINUTES + 2);
    await second.stop();
  });

  it('takes the median of the fresh sources for the index and drops stale ones', async () => {
    const clock = manualClock(T0);
    const a = new FakePriceSource('a', clock.now);
    const b = new FakePriceSource('b', clock.now);
    const c = new FakePriceSource('c', clock.now);
    a.set('BTCUSDT', 6_700_000_000_000);
    b.set('BTCUSDT', 6_710_000_000_000);
    c.set('BTCUSDT', 9_000_000_000_000);
    const market = new MarketService({ config: testMarketConfig(), sources: [a, b, c], clock: clock.now });
    await market.start();
    expect([a.started, b.started, c.started]).toEqual([true, true, true]);
    expect(market.indexPrice()).toBe(6_710_000);
    clock.advance(30_000);
    a.set('BTCUSDT', 6_700_000_000_000);
    b.set('BTCUSDT', 6_710_000_000_000);
    clock.advance(40_000); // c is now 70 s old: stale
    const updates: PriceUpdate[] = [];
    market.onPrices((update) => updates.push(update));
    market.tick();
    expect(market.indexPrice()).toBe(6_705_000);
    // The audit's sources: the fresh quotes the median was taken of, by source, never the stale one.
    expect(updates.at(-1)!.indexSources).toEqual([
      { source: 'a', price: 6_700_000, quotedAtMs: T0 + 30_000 },
      { source: 'b', price: 6_710_000, quotedAtMs: T0 + 30_000 },
    ]);
    clock.advance(60_000); // everything stale: the last index stays, nothing invents a price
    market.tick();
    expect(market.indexPrice()).toBe(6_705_000);
    expect(updates.at(-1)!.indexSources.map((quote) => quote.source)).toEqual(['a', 'b']);
    await market.stop();
  });

  it('tells price listeners when a source last quoted the index, which stops advancing once they fall silent', async () => {
    const clock = manualClock(T0);
    const source = new FakePriceSource('a', clock.now);
    source.set('BTCUSDT', 6_700_000_000_000);
    const market = new MarketService({ config: testMarketConfig(), sources: [source], clock: clock.now });
    await market.start();
    const updates: PriceUpdate[] = [];
    market.onPrices((update) => updates.push(update));
    clock.advance(1_000);
    source.set('BTCUSDT', 6_701_000_000_000);
    market.tick();
    expect(updates.at(-1)).toMatchObject({ indexPrice: 6_701_000, indexQuotedAtMs: T0 + 1_000, timeMs: T0 + 1_000 });
    clock.advance(20_000); // the source is silent: its quote is 20 s old (still within the 60 s it counts as fresh)
    market.tick();
    expect(updates.at(-1)).toMatchObject({ indexPrice: 6_701_000, indexQuotedAtMs: T0 + 1_000, timeMs: T0 + 21_000 });
    clock.advance(60_000); // now stale: the last index stays, still quoted when it was
    market.tick();
    expect(updates.at(-1)).toMatchObject({ indexPrice: 6_701_000, indexQuotedAtMs: T0 + 1_000, timeMs: T0 + 81_000 });
    await market.stop();
  });

  it('serves the home tickers and the top-30 coins from memory', async () => {
    const clock = manualClock(T0);
    const market = new MarketService({
      config: testMarketConfig(),
      sources: [new SimulatedSource({ seed: 2, clock: clock.now })],
      clock: clock.now,
      db: null,
    });
    await market.start();
    const tickers = market.tickers();
    expect(tickers.map((ticker) => ticker.symbol)).toEqual([...HOME_SYMBOLS]);
    for (const ticker of tickers) {
      expect(ticker.lastPrice).toBeGreaterThan(0);
      expect(Math.abs(ticker.priceChangePercent)).toBeLessThan(30);
      expect(Math.round(ticker.priceChangePercent * 100) / 100).toBe(ticker.priceChangePercent);
    }
    expect(tickers.find((t) => t.symbol === 'SHIBUSDT')!.lastPrice).toBeLessThan(0.001);
    const coins = market.coins();
    expect(coins).toHaveLength(30);
    expect(coins[0]).toMatchObject({ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin' });
    for (let i = 1; i < coins.length; i += 1)
      expect(coins[i - 1]!.market_cap).toBeGreaterThanOrEqual(coins[i]!.market_cap);
    for (const coin of coins) {
      // The shipped cryptocurrency-icons logo, or a letter badge for a coin the package lacks (SHIB).
      if (coin.symbol === 'shib') expect(coin.image).toMatch(/^data:image\/svg\+xml;base64,/);
      else if (coin.symbol === 'btc') expect(coin.image).toMatch(/^\/coin-icons\/btc\.svg\?v=\d+\.\d+\.\d+$/);
      expect(coin.image).toMatch(/^(data:image\/svg\+xml;base64,|\/coin-icons\/[a-z0-9]+\.svg\?v=)/);
      expect(Object.keys(coin).sort()).toEqual(
        [
          'current_price',
          'id',
          'image',
          'market_cap',
          'name',
          'price_change_percentage_24h',
          'symbol',
          'total_volume',
        ].sort(),
      );
      expect(coin.total_volume).toBeGreaterThan(0);
    }
    await market.stop();
  });

  it('runs on the index alone: mark = index plus the funding still due, baseline funding rate', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
    const source = new FakePriceSource('fake', clock.now);
    source.set('BTCUSDT', 6_700_000_000_000);
    const market = new MarketService({ config: testMarketConfig(), sources: [source], clock: clock.now });
    await market.start();
    const futures = market.futures()!;
    // 4 h of the 8 h interval left: 67,000 × 0.01 % × 4/8 = 3.35
    expect(futures).toMatchObject({
      symbol: 'BTCUSDT',
      indexPrice: 67_000,
      markPrice: 67_003.35,
      lastPrice: 67_000,
      fundingRate: 0.0001,
      fundingTime: Date.UTC(2026, 10, 21, 16),
      highPrice: 67_000,
      lowPrice: 67_000,
      volume: 0,
    });
    expect(market.ticker('BTCUSDT')).toEqual({
      close: 67_000,
      percentChange: 0,
      markPrice: 67_003.35,
      indexPrice: 67_000,
      fundingRate: 0.0001,
      fundingTime: Date.UTC(2026, 10, 21, 16),
      high: 67_000,
      low: 67_000,
      volume: 0,
    });
    expect(market.ticker('ETHUSDT')).toBeNull();
    expect(market.depth('BTCUSDT', 10)).toEqual({ bids: [], asks: [] });
    expect(market.kline('BTCUSDT')).toMatchObject({ open: 67_000, close: 67_000, closed: false });
    // The source goes quiet past the minute: the closed candle is what the kline stream shows, marked final.
    clock.advance(61_000);
    market.tick();
    expect(market.kline('BTCUSDT')).toMatchObject({ openTime: Date.UTC(2026, 10, 21, 12), closed: true });
    await market.stop();
  });

  it('uses the order book and trades of our market once the engine is attached', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
    const source = new FakePriceSource('fake', clock.now);
    source.set('BTCUSDT', 6_700_000_000_000);
    const market = new MarketService({ config: testMarketConfig(), sources: [source], clock: clock.now });
    await market.start();
    const book = new FakeBook();
    const depthChanges: string[] = [];
    const trades: number[] = [];
    market.onDepthChange((symbol) => depthChanges.push(symbol));
    market.onTrade((_symbol, trade) => trades.push(trade.price));
    market.attachDepthSource(book);
    market.attachTradeSource(book);
    market.attachLastPriceSource(book);

    book.setBook(bookAround(6_701_000, 30, 10_000)); // mid 67,010.00, 1 BTC per level
    expect(depthChanges.length).toBeGreaterThanOrEqual(1);
    expect(market.depth('BTCUSDT', 5).asks.map((level) => level.price)).toEqual([
      6_701_001, 6_701_002, 6_701_003, 6_701_004, 6_701_005,
    ]);
    clock.advance(500);
    book.trade(6_702_000, 2_500, 1, clock.now());
    expect(trades).toEqual([67_020]);
    expect(market.recentTrades('BTCUSDT', 10)).toEqual([
      { id: 1, price: 67_020, qty: 0.25, side: 'buy', time: clock.now() },
    ]);
    market.tick();
    // Mark: median of funding basis 67,003.35, index + moving basis 67,010.00, last 67,020.00.
    expect(market.markPrice()).toBe(6_701_000);
    const futures = market.futures()!;
    expect(futures).toMatchObject({ lastPrice: 67_020, volume: 0.25, highPrice: 67_020 });
    expect(market.kline('BTCUSDT')).toMatchObject({ open: 67_020, close: 67_020, volume: 0.25, closed: false });
    await market.stop();
  });

  it('samples the premium from the book and settles funding at the interval boundary', async () => {
    const start = Date.UTC(2026, 10, 21, 12, 0, 10);
    const clock = manualClock(start);
    const source = new FakePriceSource('fake', clock.now);
    source.set('BTCUSDT', 6_700_000_000_000);
    const market = new MarketService({
      config: testMarketConfig({ fundingIntervalMs: 60_000, impactNotionalUsdt: 1_000 }),
      sources: [source],
      clock: clock.now,
    });
    const settlements: FundingSettlement[] = [];
    const updates: PriceUpdate[] = [];
    market.onFundingSettlement((settlement) => settlements.push(settlement));
    market.subscribe((update) => updates.push(update));
    await market.start();
    const book = new FakeBook();
    market.attachDepthSource(book);
    // Bids and asks at 67,101.00: the impact bid is 0.15075 % over the index.
    book.setBook(bookAround(6_710_100, 20, 10_000, 0));
    for (let second = 0; second < 45; second += 5) {
      clock.advance(5_000);
      source.set('BTCUSDT', 6_700_000_000_000);
      market.tick();
    }
    // 1,507 ppm premium + clamp(100 − 1,507, ±500) = 1,007 ppm
    expect(market.fundingRatePpm()).toBe(1_007);
    expect(market.futures()!.fundingRate).toBe(0.001007);
    expect(settlements).toEqual([]);
    clock.set(start - 10_000 + 60_000 + 200);
    source.set('BTCUSDT', 6_700_000_000_000);
    market.tick();
    expect(settlements).toHaveLength(1);
    expect(settlements[0]!.fundingTimeMs).toBe(start - 10_000 + 60_000);
    // Just after the boundary the settled rate is still what a late settlement job reads.
    expect(market.fundingRatePpm()).toBe(settlements[0]!.ratePpm);
    expect(market.nextFundingTimeMs()).toBe(start - 10_000 + 120_000);
    expect(updates.at(-1)).toMatchObject({ indexPrice: 6_700_000, timeMs: clock.now() });
    await market.stop();
  });
});
