import { afterEach, describe, expect, it, vi } from 'vitest';
import { COINS, HOME_SYMBOLS } from '../../src/services/market/catalogue.ts';
import { SimulatedSource } from '../../src/services/market/simulated-source.ts';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 30);
const fixedClock = () => NOW;

describe('simulated price source', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is deterministic for a seed and never uses Math.random', async () => {
    const random = vi.spyOn(Math, 'random');
    const a = new SimulatedSource({ seed: 7, clock: fixedClock });
    const b = new SimulatedSource({ seed: 7, clock: fixedClock });
    const c = new SimulatedSource({ seed: 8, clock: fixedClock });
    a.advanceTo(NOW + 60_000);
    b.advanceTo(NOW + 60_000);
    c.advanceTo(NOW + 60_000);
    expect(a.quote('BTCUSDT')).toEqual(b.quote('BTCUSDT'));
    expect(a.quote('ETHUSDT')).toEqual(b.quote('ETHUSDT'));
    expect(a.quote('BTCUSDT')!.price).not.toBe(c.quote('BTCUSDT')!.price);
    expect(random).not.toHaveBeenCalled();
  });

  it('quotes every home symbol and all thirty coins with plausible 24 h statistics', () => {
    const source = new SimulatedSource({ seed: 1, clock: fixedClock });
    expect(COINS).toHaveLength(30);
    for (const symbol of HOME_SYMBOLS) expect(source.quote(symbol)).toBeDefined();
    for (const coin of COINS) {
      const quote = source.quote(coin.pair)!;
      expect(quote.low24h).toBeLessThanOrEqual(quote.price);
      expect(quote.high24h).toBeGreaterThanOrEqual(quote.price);
      expect(quote.quoteVolume24h).toBeGreaterThan(coin.referenceVolume24hUsdt * 0.3);
      expect(quote.quoteVolume24h).toBeLessThan(coin.referenceVolume24hUsdt * 3);
      // History is generated to end at the reference price.
      expect(quote.price / 1e8).toBeCloseTo(coin.referencePriceUsdt, 6);
    }
    expect(source.quote('NOPEUSDT')).toBeUndefined();
  });

  it('moves BTC with a realistic volatility and occasional jumps', async () => {
    const source = new SimulatedSource({ seed: 3, clock: fixedClock, historyMinutes: 1500 });
    const history = await source.history('BTCUSDT', 1500, NOW);
    expect(history.length).toBe(1500);
    const returns = history.slice(1).map((candle, i) => Math.log(candle.close / history[i]!.close));
    const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
    const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
    const annualised = Math.sqrt(variance * 365 * 1440);
    expect(annualised).toBeGreaterThan(0.4);
    expect(annualised).toBeLessThan(1.0);
    for (const candle of history) {
      expect(candle.high).toBeGreaterThanOrEqual(Math.max(candle.open, candle.close));
      expect(candle.low).toBeLessThanOrEqual(Math.min(candle.open, candle.close));
    }
  });

  it('generates minute history up to the current minute, stepping live afterwards', async () => {
    let now = NOW;
    const source = new SimulatedSource({ seed: 5, clock: () => now });
    const history = await source.history('BTCUSDT', 1500, NOW);
    const currentMinuteMs = Math.floor(NOW / 60_000) * 60_000;
    expect(history.at(-1)!.openTimeMs).toBe(currentMinuteMs - 60_000);
    const before = source.quote('BTCUSDT')!;
    now += 5_000;
    source.advanceTo(now);
    const after = source.quote('BTCUSDT')!;
    expect(after.updatedAtMs).toBe(now);
    expect(after.price).not.toBe(before.price);
    expect(Math.abs(after.price / before.price - 1)).toBeLessThan(0.01);
  });

  it('resumes from a stored price', () => {
    const source = new SimulatedSource({ seed: 9, clock: fixedClock });
    source.resumeFrom('BTCUSDT', 5_000_012_345_678);
    expect(source.quote('BTCUSDT')!.price).toBe(5_000_012_345_678);
    expect(source.quote('ETHUSDT')!.price).toBe(260_000_000_000);
    expect(() => source.resumeFrom('BTCUSDT', 1)).toThrow();
  });
});
