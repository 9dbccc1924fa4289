import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import type { FuturesMarketAnswer, KlineData as Kline } from '@tickline/protocol';
import { MarketService } from '../../src/services/market/market-service.ts';
import { SimulatedSource } from '../../src/services/market/simulated-source.ts';
import { createTestApp, createTestClock, get, type TestApp } from '../helpers/test-app.ts';
import { testMarketConfig } from './fakes.ts';

const HOUR_MS = 3_600_000;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 30);

// #28 items 6 and 7 on a fresh demo market: every chart interval opens full, and the 24 h volume and the home
// table's BTC price agree with the futures market.
describe('chart intervals and the demo market after a fresh start', () => {
  let database: TestDatabase;
  let market: MarketService;
  let testApp: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    const clock = createTestClock(T0);
    market = new MarketService({
      config: testMarketConfig(),
      sources: [new SimulatedSource({ seed: 7, clock: clock.now })],
      db: database.pool,
      clock: clock.now,
    });
    await market.start();
    testApp = await createTestApp({ clock, services: { market } });
  }, 60_000);

  afterAll(async () => {
    await testApp.close();
    await market.stop();
    await database.drop();
  });

  const klines = async (query: string) => (await get<Kline[]>(testApp.app, `/market/klines?${query}`)).body;

  it('fills 300 candles of 4 hours, 4 hours apart, the current one last and open', async () => {
    const body = await klines('interval=4h&limit=300');
    expect(body.code).toBe(0);
    const candles = body.data!;
    expect(candles).toHaveLength(300);
    const current = Math.floor(T0 / (4 * HOUR_MS)) * 4 * HOUR_MS;
    expect(candles.at(-1)).toMatchObject({ openTime: current, closed: false });
    expect(candles[0]!.openTime).toBe(current - 299 * 4 * HOUR_MS);
    for (let i = 1; i < candles.length; i += 1) {
      expect(candles[i]!.openTime - candles[i - 1]!.openTime).toBe(4 * HOUR_MS);
      expect(candles[i]!.closeTime).toBe(candles[i]!.openTime + 4 * HOUR_MS - 1);
      expect(candles[i]!.high).toBeGreaterThanOrEqual(Math.max(candles[i]!.open, candles[i]!.close));
      expect(candles[i]!.low).toBeLessThanOrEqual(Math.min(candles[i]!.open, candles[i]!.close));
    }
    for (const query of ['interval=1h&limit=1000', 'interval=15m&limit=1000', 'interval=5m&limit=1000'])
      expect((await klines(query)).data, query).toHaveLength(1000);
  });

  it('makes an hour of the minutes it holds: first open, extremes, last close, summed volume', async () => {
    const hours = (await klines('interval=1h&limit=3')).data!;
    const minutes = (await klines('interval=1m&limit=1500')).data!;
    const hour = hours[1]!; // a whole closed hour
    const inside = minutes.filter((m) => m.openTime >= hour.openTime && m.openTime < hour.openTime + HOUR_MS);
    expect(inside).toHaveLength(60);
    expect(hour).toMatchObject({
      open: inside[0]!.open,
      close: inside.at(-1)!.close,
      high: Math.max(...inside.map((m) => m.high)),
      low: Math.min(...inside.map((m) => m.low)),
      closed: true,
    });
    expect(Math.round(hour.volume * 10_000)).toBe(inside.reduce((sum, m) => sum + Math.round(m.volume * 10_000), 0));
    // The stored past joins the recent minutes: no jump at the seam of more than a few percent.
    const days = (await klines('interval=4h&limit=360')).data!;
    for (let i = 1; i < days.length; i += 1)
      expect(Math.abs(days[i]!.open / days[i - 1]!.close - 1)).toBeLessThan(0.02);
  });

  it('shows a plausible 24 h volume, and the home table shows the futures price for BTCUSDT', async () => {
    const futures = (await get<FuturesMarketAnswer>(testApp.app, '/market/futures')).body.data!;
    // The demo venue trades thousands of BTC a day (its backfilled history too), not a few.
    expect(futures.volume).toBeGreaterThan(1_000);
    expect(futures.volume).toBeLessThan(50_000);
    const tickers = (
      await get<Array<{ symbol: string; lastPrice: number; priceChangePercent: number }>>(
        testApp.app,
        '/market/tickers',
      )
    ).body.data!;
    const btc = tickers.find((ticker) => ticker.symbol === 'BTCUSDT')!;
    expect(btc.lastPrice).toBe(futures.lastPrice);
    expect(btc.priceChangePercent).toBe(futures.priceChangePercent);
  });
});
