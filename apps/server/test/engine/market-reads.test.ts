import { describe, expect, it } from 'vitest';
import { Exchange } from '@tickline/engine';
import { isEngineRead, runEngineRead } from '../../src/app/engine/engine-link.ts';
import { remoteEngineLink } from '../../src/roles/remote-engine.ts';
import { decodeJson, encodeJson, SUBJECTS } from '../../src/services/bus/bus.ts';
import { InProcessBus } from '../../src/services/bus/in-process-bus.ts';

// The engine's named reads by market (#34): the markets with their rules as plain JSON, and the symbol carried over
// the bus only when a read names one.

const threeMarkets = () =>
  new Exchange({
    markets: [
      { symbol: 'BTCUSDT' },
      { symbol: 'ETHUSDT', maxLeverage: 50, tickSizeTicks: 1, minOrderQty: 10 },
      { symbol: 'SOLUSDT', maxLeverage: 20, lotSizeLots: 100, minOrderQty: 100 },
    ],
  });

describe('engine reads by market', () => {
  it("lists the engine's markets, BTCUSDT first, with each market's own rules, as plain JSON", () => {
    const markets = runEngineRead(threeMarkets(), { name: 'markets', arg: 0 });
    expect(
      markets.map((market) => [market.symbol, market.maxLeverage, market.lotSizeLots, market.minOrderQty]),
    ).toEqual([
      ['BTCUSDT', 100, 1, 1],
      ['ETHUSDT', 50, 1, 10],
      ['SOLUSDT', 20, 100, 100],
    ]);
    // What crosses the bus is what the API node reads (no Infinity, no functions).
    expect(JSON.parse(JSON.stringify(markets))).toEqual(markets);
  });

  it('answers one market for an engine built without markets', () => {
    expect(runEngineRead(new Exchange(), { name: 'markets', arg: 0 }).map((market) => market.symbol)).toEqual([
      'BTCUSDT',
    ]);
    expect(runEngineRead(new Exchange(), { name: 'positions', arg: 7 })).toEqual([]);
  });

  it("answers the risk panel for one market's prices, or BTCUSDT's and every position without a symbol", () => {
    const engine = threeMarkets();
    expect(engine.apply({ type: 'priceTick', indexPrice: 5_000_000, markPrice: 5_000_100 }, 0).result.ok).toBe(true);
    const all = runEngineRead(engine, { name: 'risk', arg: 0 });
    expect([all.indexPrice, all.markPrice]).toEqual([5_000_000, 5_000_100]);
    const btc = runEngineRead(engine, { name: 'risk', arg: 0, symbol: 'BTCUSDT' });
    expect([btc.indexPrice, btc.markPrice, btc.positions]).toEqual([5_000_000, 5_000_100, all.positions]);
    const unknown = runEngineRead(engine, { name: 'risk', arg: 0, symbol: 'DOGEUSDT' });
    expect([unknown.indexPrice, unknown.markPrice, unknown.positions]).toEqual([null, null, []]);
  });

  it('takes a read from the bus only with a known name, a number and a text symbol', () => {
    expect(isEngineRead({ name: 'position', arg: 7, symbol: 'ETHUSDT' })).toBe(true);
    expect(isEngineRead({ name: 'position', arg: 7 })).toBe(true);
    expect(isEngineRead({ name: 'position', arg: 7, symbol: 3 as unknown as string })).toBe(false);
    expect(isEngineRead({ name: 'constructor' as 'position', arg: 7 })).toBe(false);
    expect(isEngineRead({ name: 'position', arg: '7' as unknown as number })).toBe(false);
    expect(isEngineRead(null)).toBe(false);
  });

  it('sends the symbol of a read over the bus, and none when the read names no market', async () => {
    const bus = new InProcessBus();
    const asked: unknown[] = [];
    bus.serve(SUBJECTS.engineQuery, async (data) => {
      asked.push(decodeJson(data));
      return encodeJson({ ok: true, value: 3 });
    });
    const engine = remoteEngineLink(bus, 1_000);
    expect(await engine.read('leverage', 7, 'ETHUSDT')).toBe(3);
    expect(await engine.read('leverage', 7)).toBe(3);
    expect(asked).toEqual([
      { name: 'leverage', arg: 7, symbol: 'ETHUSDT' },
      { name: 'leverage', arg: 7 },
    ]);
  });
});
