import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketService } from '../../src/services/market/market-service.ts';
import { SimulatedSource } from '../../src/services/market/simulated-source.ts';
import { createTestApp, createTestClock, type TestApp } from '../helpers/test-app.ts';
import { testMarketConfig } from './fakes.ts';

// #28 item 10: JSON answers above a size threshold are compressed as the client accepts; small ones go out as they are.
describe('compressed answers', () => {
  let testApp: TestApp;
  let market: MarketService;
  const KLINES = '/api/v1/market/klines?limit=1500';

  beforeAll(async () => {
    const clock = createTestClock(Date.UTC(2026, 10, 21, 12, 0, 30));
    market = new MarketService({
      config: testMarketConfig(),
      sources: [new SimulatedSource({ seed: 4, clock: clock.now })],
      clock: clock.now,
    });
    await market.start();
    testApp = await createTestApp({ clock, services: { market } });
  });

  afterAll(async () => {
    await testApp.close();
    await market.stop();
  });

  const fetch = (url: string, acceptEncoding?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends 1,500 klines with brotli to a browser, at under a fifth of their size', async () => {
    const raw = await fetch(KLINES);
    expect(raw.headers['content-encoding']).toBeUndefined();
    const compressed = await fetch(KLINES, 'gzip, deflate, br');
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(raw.body);
    expect(compressed.rawPayload.length * 5).toBeLessThan(raw.rawPayload.length);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const raw = await fetch(KLINES);
    const compressed = await fetch(KLINES, 'gzip');
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString('utf8')).toBe(raw.body);
  });

  it('leaves a small answer as it is', async () => {
    const small = await fetch('/api/v1/server/serverTime', 'gzip, deflate, br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ code: 0 });
  });
});
