import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { BinanceSource } from '../../src/services/market/binance-source.ts';
import { MarketService } from '../../src/services/market/market-service.ts';
import { SimulatedSource } from '../../src/services/market/simulated-source.ts';
import { createTestApp, createTestClock, get, type TestApp } from '../helpers/test-app.ts';
import { bookAround, FakeBook, testMarketConfig } from './fakes.ts';

interface Kline {
  openTime: number;
  closeTime: number;
  close: number;
  closed: boolean;
}

describe('market endpoints', () => {
  let testApp: TestApp;
  let market: MarketService;
  let hangingServer: Server;

  beforeAll(async () => {
    // A Binance that accepts connections and never answers: it must not hold anything up.
    hangingServer = createServer(() => undefined);
    await new Promise<void>((resolve) => hangingServer.listen(0, '127.0.0.1', resolve));
    const { port } = hangingServer.address() as AddressInfo;
    const clock = createTestClock(Date.UTC(2026, 10, 21, 12, 0, 30));
    market = new MarketService({
      config: testMarketConfig(),
      sources: [
        new SimulatedSource({ seed: 4, clock: clock.now }),
        new BinanceSource({
          restUrl: `http://127.0.0.1:${port}`,
          futuresRestUrl: `http://127.0.0.1:${port}`,
          wsUrl: `ws://127.0.0.1:${port}`,
          requestTimeoutMs: 60_000,
        }),
      ],
      clock: clock.now,
    });
    const started = Date.now();
    await market.start();
    expect(Date.now() - started).toBeLessThan(2_000);
    const book = new FakeBook();
    book.setBook(bookAround(6_700_000, 150, 1_234));
    market.attachDepthSource(book);
    testApp = await createTestApp({ clock, services: { market } });
  });

  afterAll(async () => {
    await testApp.close();
    await market.stop();
    hangingServer.closeAllConnections();
    await new Promise((resolve) => hangingServer.close(resolve));
  });

  it('answers the home tickers', async () => {
    const started = Date.now();
    const { status, body } = await get<Array<{ symbol: string; lastPrice: number; priceChangePercent: number }>>(
      testApp.app,
      '/market/tickers',
    );
    expect(Date.now() - started).toBeLessThan(500);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data!.map((ticker) => ticker.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'SOLUSDT',
      'XRPUSDT',
      'DOGEUSDT',
      'SHIBUSDT',
      'BCHUSDT',
    ]);
    expect(Object.keys(body.data![0]!).sort()).toEqual(['image', 'lastPrice', 'priceChangePercent', 'symbol']);
  });

  it('answers the top 30 coins by market cap', async () => {
    const { body } = await get<Array<Record<string, unknown>>>(testApp.app, '/market/coins');
    expect(body.data).toHaveLength(30);
    expect(body.data![0]).toMatchObject({ id: 'bitcoin', symbol: 'btc' });
    expect(String(body.data![0]!.image)).toMatch(/^\/coin-icons\/btc\.svg\?v=/);
    expect(body.data![0]!.sparkline_in_7d).toBeUndefined();
  });

  it('adds seven days of hourly prices with ?sparkline=true, the latest price last', async () => {
    const { body } = await get<Array<{ id: string; current_price: number; sparkline_in_7d: { price: number[] } }>>(
      testApp.app,
      '/market/coins?sparkline=true',
    );
    expect(body.data).toHaveLength(30);
    for (const coin of body.data!) {
      const prices = coin.sparkline_in_7d.price;
      // 168 closed hours of the simulated week and the current hour.
      expect(prices.length, coin.id).toBe(169);
      expect(prices.every((price) => price > 0)).toBe(true);
      expect(prices.at(-1)).toBe(coin.current_price);
    }
  });

  it('serves the shipped coin logos compressed and cached, and 404 for a coin without one', async () => {
    const logo = await testApp.app.inject({ url: '/coin-icons/btc.svg?v=1', headers: { 'accept-encoding': 'br' } });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['content-encoding']).toBe('br');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await testApp.app.inject({ url: '/coin-icons/eth.svg' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^<svg/);
    for (const missing of ['shib.svg', '..%2Fpackage.json', 'BTC.svg'])
      expect((await testApp.app.inject({ url: `/coin-icons/${missing}` })).statusCode, missing).toBe(404);
  });

  it('answers the futures header with the names the seeds read', async () => {
    const { body } = await get<Record<string, number | string>>(testApp.app, '/market/futures');
    expect(body.code).toBe(0);
    for (const field of [
      'lastPrice',
      'priceChangePercent',
      'markPrice',
      'indexPrice',
      'fundingRate',
      'fundingTime',
      'highPrice',
      'lowPrice',
      'volume',
    ]) {
      expect(typeof body.data![field]).toBe('number');
    }
    expect(body.data!.symbol).toBe('BTCUSDT');
    expect(body.data!.indexPrice).toBe(67_000);
  });

  it('answers depth with a validated limit', async () => {
    const { body } = await get<{ a: number[][]; b: number[][]; symbol: string }>(testApp.app, '/market/depth?limit=5');
    expect(body.data!.symbol).toBe('BTCUSDT');
    expect(body.data!.a).toEqual([
      [67_000.01, 0.1234],
      [67_000.02, 0.1234],
      [67_000.03, 0.1234],
      [67_000.04, 0.1234],
      [67_000.05, 0.1234],
    ]);
    expect(body.data!.b[0]).toEqual([66_999.99, 0.1234]);
    expect((await get<{ a: unknown[] }>(testApp.app, '/market/depth')).body.data!.a).toHaveLength(20);
    expect((await get<{ a: unknown[] }>(testApp.app, '/market/depth?limit=100')).body.data!.a).toHaveLength(100);
    for (const bad of ['0', '101', 'abc', '1.5', '-3']) {
      const { status, body: refused } = await get(testApp.app, `/market/depth?limit=${bad}`);
      expect(status).toBe(200);
      expect(refused.code).toBe(Errors.MARKET_INVALID_LIMIT.code);
      expect(refused.message).toBe('limit must be a whole number from 1 to 100.');
    }
    expect((await get(testApp.app, '/market/depth?symbol=ETHUSDT')).body.code).toBe(Errors.MARKET_UNKNOWN_SYMBOL.code);
  });

  it('answers 1-minute klines, at most 1,500, oldest first', async () => {
    const { body } = await get<Kline[]>(testApp.app, '/market/klines?symbol=BTCUSDT&interval=1m&limit=3');
    expect(body.data).toHaveLength(3);
    expect(body.data![1]!.openTime - body.data![0]!.openTime).toBe(60_000);
    expect(body.data![2]!.closed).toBe(false);
    expect(body.data![0]!.closeTime).toBe(body.data![0]!.openTime + 59_999);
    expect((await get<Kline[]>(testApp.app, '/market/klines?symbol=BTCUSDT&limit=1500')).body.data).toHaveLength(1500);
    expect((await get<Kline[]>(testApp.app, '/market/klines')).body.data).toHaveLength(500);
    expect((await get(testApp.app, '/market/klines?limit=1501')).body.code).toBe(Errors.MARKET_INVALID_LIMIT.code);
    expect((await get(testApp.app, '/market/klines?interval=3m')).body.code).toBe(
      Errors.MARKET_UNSUPPORTED_INTERVAL.code,
    );
    expect((await get(testApp.app, '/market/klines?symbol=XYZ')).body.code).toBe(Errors.MARKET_UNKNOWN_SYMBOL.code);
  });

  it('says market data is unavailable on a server without the market service', async () => {
    const bare = await createTestApp();
    try {
      const { status, body } = await get(bare.app, '/market/tickers');
      expect(status).toBe(200);
      expect(body.code).toBe(Errors.MARKET_DATA_UNAVAILABLE.code);
    } finally {
      await bare.close();
    }
  });
});
