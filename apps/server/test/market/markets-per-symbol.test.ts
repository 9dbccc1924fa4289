import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { loadConfig } from '../../src/config.ts';
import { MarketService, type PriceUpdate } from '../../src/services/market/market-service.ts';
import type { BookSnapshot, DepthSource } from '../../src/services/market/types.ts';
import { createTestApp, createTestClock, get, type TestApp } from '../helpers/test-app.ts';
import { bookAround, FakePriceSource, testMarketConfig } from './fakes.ts';

const PRICE8 = 100_000_000;
const START = Date.UTC(2026, 10, 26, 17, 0, 5);

interface Futures {
  symbol: string;
  lastPrice: number;
  indexPrice: number;
  markPrice: number;
  fundingTime: number;
}

/** The engine's books by symbol; remembers which market's book each read asked for. */
class BooksBySymbol implements DepthSource {
  readonly asked = new Set<string>();
  constructor(private readonly books: Record<string, BookSnapshot>) {}
  depth(symbol: string, levels: number): BookSnapshot {
    this.asked.add(symbol);
    const book = this.books[symbol] ?? { bids: [], asks: [] };
    return { bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels) };
  }
  onDepthChange() {
    return () => undefined;
  }
}

describe('each perpetual market has its own market data', () => {
  let testApp: TestApp;
  let market: MarketService;
  let books: BooksBySymbol;
  const updates: PriceUpdate[] = [];
  const clock = createTestClock(START);

  beforeAll(async () => {
    const source = new FakePriceSource('fake', clock.now);
    source.set('BTCUSDT', 67_000 * PRICE8);
    source.set('ETHUSDT', 2_600 * PRICE8, { open24h: 2_500 * PRICE8 });
    source.set('SOLUSDT', 160 * PRICE8);
    const config = testMarketConfig({ backfillCandles: false });
    market = new MarketService({ config, markets: loadConfig({}).market.futures, sources: [source], clock: clock.now });
    books = new BooksBySymbol({ ETHUSDT: bookAround(260_000, 50, 1_000) });
    market.attachDepthSource(books);
    market.onPrices((update) => updates.push(update));
    await market.start();
    clock.advance(60_000);
    source.set('ETHUSDT', 2_610 * PRICE8, { open24h: 2_500 * PRICE8 });
    market.tick();
    // The platform's rules with every market (the test engine itself runs BTCUSDT's defaults).
    testApp = await createTestApp({ clock, services: { market }, config: { exchange: loadConfig({}).exchange } });
  });

  afterAll(async () => {
    await testApp.close();
    await market.stop();
  });

  it("answers /market/futures?symbol=ETHUSDT with ETH's own figures, and BTCUSDT's without a symbol", async () => {
    const eth = await get<Futures>(testApp.app, '/market/futures?symbol=ETHUSDT');
    expect(eth.body.data).toMatchObject({ symbol: 'ETHUSDT', indexPrice: 2_610 });
    expect(eth.body.data!.lastPrice).toBe(2_610);
    const btc = await get<Futures>(testApp.app, '/market/futures');
    expect(btc.body.data).toMatchObject({ symbol: 'BTCUSDT', indexPrice: 67_000 });
    expect((await get<Futures>(testApp.app, '/market/futures?symbol=solusdt')).body.data).toMatchObject({
      symbol: 'SOLUSDT',
      indexPrice: 160,
    });
    // SOLUSDT settles every 4 hours: its next funding comes before BTCUSDT's 8-hourly one.
    expect((await get<Futures>(testApp.app, '/market/futures?symbol=SOLUSDT')).body.data!.fundingTime).toBe(
      Date.UTC(2026, 10, 26, 20, 0, 0),
    );
    expect(btc.body.data!.fundingTime).toBe(Date.UTC(2026, 10, 27, 0, 0, 0));
  });

  it("answers ETH's own candles on /market/klines?symbol=ETHUSDT", async () => {
    const { body } = await get<Array<{ open: number; close: number }>>(testApp.app, '/market/klines?symbol=ETHUSDT');
    expect(body.data!.length).toBeGreaterThanOrEqual(2);
    expect(body.data!.at(0)!.open).toBe(2_600);
    expect(body.data!.at(-1)!.close).toBe(2_610);
    const btc = await get<Array<{ close: number }>>(testApp.app, '/market/klines');
    expect(btc.body.data!.at(-1)!.close).toBe(67_000);
  });

  it('refuses an unknown market with MARKET_UNKNOWN_SYMBOL', async () => {
    for (const path of [
      '/market/futures?symbol=XRPUSDT',
      '/market/klines?symbol=XRPUSDT',
      '/market/leverageBrackets?symbol=XRPUSDT',
    ])
      expect((await get(testApp.app, path)).body.code).toBe(Errors.MARKET_UNKNOWN_SYMBOL.code);
  });

  it('lists every market, BTCUSDT first, with its last price and 24 h change', async () => {
    const { body } = await get<Array<Futures & { priceChangePercent: number }>>(testApp.app, '/market/contracts');
    expect(body.data!.map((row) => [row.symbol, row.lastPrice])).toEqual([
      ['BTCUSDT', 67_000],
      ['ETHUSDT', 2_610],
      ['SOLUSDT', 160],
    ]);
  });

  it("publishes each market's leverage brackets, BTCUSDT's unchanged without a symbol", async () => {
    type Brackets = { symbol: string; brackets: Array<{ initialLeverage: number; notionalCap: number | null }> };
    const btc = await get<Brackets>(testApp.app, '/market/leverageBrackets');
    expect(btc.body.data!.symbol).toBe('BTCUSDT');
    expect(btc.body.data!.brackets[0]).toMatchObject({ initialLeverage: 100, notionalCap: 50_000 });
    const sol = await get<Brackets>(testApp.app, '/market/leverageBrackets?symbol=SOLUSDT');
    expect(sol.body.data!.brackets[0]).toMatchObject({ initialLeverage: 50, notionalCap: 10_000 });
  });

  it("ticks each market with its own symbol, its mark from its own book's impact prices", () => {
    expect(books.asked).toEqual(new Set(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']));
    const last = (symbol: string) => updates.filter((update) => update.symbol === symbol).at(-1)!;
    expect(last('ETHUSDT')).toMatchObject({ indexPrice: 261_000 });
    expect(last('SOLUSDT')).toMatchObject({ indexPrice: 16_000 });
    expect(last('BTCUSDT')).toMatchObject({ indexPrice: 6_700_000 });
  });
});
