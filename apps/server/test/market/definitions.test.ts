import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bracketRows, defaultExchangeConfig, ratePpm, resolveConfig, type MarketConfig } from '@tickline/engine';
import {
  chooseMarkets,
  definitionProblems,
  engineMarket,
  MARKET_DEFINITIONS,
  type MarketDefinition,
} from '../../src/domain/market/definitions.ts';

const [btc, eth, sol] = MARKET_DEFINITIONS as [MarketDefinition, MarketDefinition, MarketDefinition];

/** Maintenance of a position of `notional` micro-USDT under the market's published brackets: n × rate − cum. */
function maintenance(definition: MarketDefinition, notional: number): number {
  const rows = bracketRows(definition.brackets, definition.maxLeverage);
  const row = rows.find((candidate) => candidate.notionalCap === null || notional <= candidate.notionalCap)!;
  return Math.floor((notional * row.maintMarginRatioPpm) / 1_000_000) - row.cum;
}

describe('market definitions', () => {
  it('defines BTCUSDT, ETHUSDT and SOLUSDT, each sound', () => {
    expect(MARKET_DEFINITIONS.map((definition) => definition.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    for (const definition of MARKET_DEFINITIONS) expect(definitionProblems(definition)).toEqual([]);
  });

  it("resolves BTCUSDT's engine rules to exactly today's defaults", () => {
    const today = resolveConfig({ autoDeleverage: true });
    const withDefinitions = resolveConfig({
      autoDeleverage: true,
      markets: MARKET_DEFINITIONS.map((definition) => engineMarket(definition, true)),
    });
    expect(withDefinitions.markets[0]).toEqual(today.markets[0]);
    const { markets: _a, ...todayTop } = today;
    const { markets: _b, ...definedTop } = withDefinitions;
    expect(definedTop).toEqual(todayTop);
    expect(btc.brackets).toEqual(defaultExchangeConfig.maintenanceTiers);
  });

  it('gives ETHUSDT and SOLUSDT their own rules in the engine', () => {
    const markets = resolveConfig({ markets: MARKET_DEFINITIONS.map((d) => engineMarket(d, true)) }).markets;
    const bySymbol = new Map<string, MarketConfig>(markets.map((market) => [market.symbol, market]));
    expect(bySymbol.get('ETHUSDT')).toMatchObject({ lotSizeLots: 10, minOrderQty: 10, maxLeverage: 100 });
    expect(bySymbol.get('ETHUSDT')!.maintenanceTiers[0]!.maxNotional).toBe(25_000 * 1_000_000);
    expect(bySymbol.get('SOLUSDT')).toMatchObject({ lotSizeLots: 100, maxLeverage: 50, takerFeeRatePpm: 400 });
    // Lower notionals than BTC at every bounded bracket: ETH below BTC, SOL below ETH.
    for (let index = 0; index < btc.brackets.length - 1; index++) {
      expect(eth.brackets[index]!.maxNotional).toBeLessThan(btc.brackets[index]!.maxNotional);
      expect(sol.brackets[index]!.maxNotional).toBeLessThan(eth.brackets[index]!.maxNotional);
    }
  });

  it("keeps every market's maintenance continuous, rising, and below the initial margin (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MARKET_DEFINITIONS),
        fc.integer({ min: 0, max: 60_000_000 * 1_000_000 }),
        fc.integer({ min: 0, max: 60_000_000 * 1_000_000 }),
        (definition, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(maintenance(definition, low)).toBeLessThanOrEqual(maintenance(definition, high));
          const leverage = definition.brackets.find((tier) => high <= tier.maxNotional)!.maxLeverage;
          expect(maintenance(definition, high)).toBeLessThan(Math.ceil(high / leverage) + 1);
        },
      ),
    );
    for (const definition of MARKET_DEFINITIONS)
      for (const tier of definition.brackets.slice(0, -1)) {
        // At a bracket's edge the next bracket's formula gives the same figure (to the micro-USDT of rounding).
        const edge = tier.maxNotional;
        expect(Math.abs(maintenance(definition, edge + 1) - maintenance(definition, edge))).toBeLessThanOrEqual(1);
      }
  });

  it('names a minimum or maximum quantity off the lot grid, and a highest price off the tick grid (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 99 }),
        (lot, minLots, extraLots, qtyOffset, tick, priceOffset) => {
          const definition: MarketDefinition = {
            ...eth,
            symbol: 'TESTUSDT',
            lotSizeLots: lot,
            minOrderQty: minLots * lot,
            maxOrderQty: (minLots + extraLots) * lot + qtyOffset,
            tickSizeTicks: tick,
            maxPriceTicks: 1_000_000 * tick + priceOffset,
          };
          const problems = definitionProblems(definition);
          expect(problems.includes('TESTUSDT: the minimum and maximum quantity must be whole lots')).toBe(
            qtyOffset % lot !== 0,
          );
          expect(problems.includes('TESTUSDT: the highest price must be whole ticks')).toBe(priceOffset % tick !== 0);
        },
      ),
    );
  });

  it('names brackets that are not continuous tables', () => {
    const falling: MarketDefinition = {
      ...sol,
      brackets: sol.brackets.map((tier, index) => (index === 2 ? { ...tier, ratePpm: ratePpm(1_000) } : tier)),
    };
    expect(definitionProblems(falling)).toContain("SOLUSDT: bracket 3's maintenance rate is below bracket 2's");
    const bounded: MarketDefinition = { ...sol, brackets: sol.brackets.slice(0, -1) };
    expect(definitionProblems(bounded)).toContain('SOLUSDT: the last bracket must be unbounded');
    const tooHigh: MarketDefinition = { ...sol, maxLeverage: 100 };
    expect(definitionProblems(tooHigh)).toContain('SOLUSDT: the first bracket must allow the maximum leverage');
  });

  it('names order book steps that are missing, not decimals of at most 3 places, or listed twice', () => {
    const steps = (bookSteps: string[]) => definitionProblems({ ...sol, display: { ...sol.display, bookSteps } });
    expect(steps([])).toEqual(['SOLUSDT: no order book step']);
    expect(steps(['0.0001', '0', '1e2'])).toEqual([
      'SOLUSDT: the book step 0.0001 must be a positive decimal of at most 3 places',
      'SOLUSDT: the book step 0 must be a positive decimal of at most 3 places',
      'SOLUSDT: the book step 1e2 must be a positive decimal of at most 3 places',
    ]);
    expect(steps(['0.1', '0.1'])).toEqual(['SOLUSDT: a book step is listed twice']);
    expect(steps(['0.001', '0.01', '50'])).toEqual([]);
  });

  it('chooses MARKETS, BTCUSDT first, naming every bad entry', () => {
    expect(chooseMarkets('solusdt, BTCUSDT').markets.map((d) => d.symbol)).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(chooseMarkets('BTCUSDT,DOGEUSDT,,ETHUSDT,ETHUSDT').problems).toEqual([
      'MARKETS: DOGEUSDT is not a defined market (BTCUSDT, ETHUSDT, SOLUSDT)',
      'MARKETS has an empty entry',
      'MARKETS names ETHUSDT twice',
    ]);
    expect(chooseMarkets('ETHUSDT').problems).toEqual(['MARKETS must include BTCUSDT']);
  });
});
