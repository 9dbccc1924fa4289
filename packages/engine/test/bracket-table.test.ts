import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bracketRows,
  bracketTable,
  defaultExchangeConfig,
  ratePpm,
  resolveConfig,
  type MaintenanceTier,
} from '../src/index.ts';
import { btc, Harness, MAKER, TRADER, usd, USDT } from './support/exchange-harness.ts';

/** The shared bracket-table helper (#34) and the engine's default table for a market configured without one. */

const BTC_TIERS = defaultExchangeConfig.maintenanceTiers;

/** A bracket table: caps rising (whole micro-USDT), the last unbounded, rates rising, leverages falling. */
const tableArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 2 ** 40 }), { minLength: 0, maxLength: 6 })
  .chain((caps) =>
    fc.record({
      caps: fc.constant([...caps].sort((a, b) => a - b)),
      rates: fc.uniqueArray(fc.integer({ min: 1, max: 499_999 }), {
        minLength: caps.length + 1,
        maxLength: caps.length + 1,
      }),
      leverages: fc.uniqueArray(fc.integer({ min: 1, max: 125 }), {
        minLength: caps.length + 1,
        maxLength: caps.length + 1,
      }),
    }),
  )
  .map(({ caps, rates, leverages }): MaintenanceTier[] => {
    const rising = [...rates].sort((a, b) => a - b);
    const falling = [...leverages].sort((a, b) => b - a);
    return [...caps, Infinity].map((maxNotional, index) => ({
      maxNotional,
      ratePpm: ratePpm(rising[index]!),
      maxLeverage: falling[index]!,
    }));
  });

describe('bracketTable', () => {
  it('keeps the rates, scales each cap down to a whole micro-USDT, caps every leverage and stays unbounded', () => {
    fc.assert(
      fc.property(
        tableArb,
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 1, max: 125 }),
        (shape, times, per, maxLeverage) => {
          const table = bracketTable(shape, { maxLeverage, notional: { times, per } });
          expect(table.map((tier) => tier.ratePpm)).toEqual(shape.map((tier) => tier.ratePpm));
          expect(table.at(-1)!.maxNotional).toBe(Infinity);
          table.forEach((tier, index) => {
            const from = shape[index]!;
            expect(tier.maxLeverage).toBe(Math.min(from.maxLeverage, maxLeverage));
            if (index === table.length - 1) return;
            // floor(cap × times / per), computed exactly.
            expect(BigInt(tier.maxNotional)).toBe((BigInt(from.maxNotional) * BigInt(times)) / BigInt(per));
            // Caps stay in order (a floor of a rising sequence never falls).
            if (index > 0) expect(tier.maxNotional).toBeGreaterThanOrEqual(table[index - 1]!.maxNotional);
          });
          // Initial margin stays above maintenance wherever the shape had it (leverage only falls).
          table.forEach((tier, index) =>
            expect(tier.maxLeverage * tier.ratePpm).toBeLessThanOrEqual(
              shape[index]!.maxLeverage * shape[index]!.ratePpm,
            ),
          );
        },
      ),
    );
  });

  it("makes ETHUSDT's table from BTCUSDT's shape at half its notionals", () => {
    const eth = bracketTable(BTC_TIERS, { maxLeverage: 100, notional: { times: 1, per: 2 } });
    expect(eth.map((tier) => tier.maxNotional)).toEqual([
      25_000 * USDT,
      125_000 * USDT,
      1_500_000 * USDT,
      7_500_000 * USDT,
      15_000_000 * USDT,
      Infinity,
    ]);
    expect(bracketTable(BTC_TIERS, { maxLeverage: 100 })).toEqual(BTC_TIERS);
  });

  it('refuses a scale or a leverage that is not a positive whole number', () => {
    expect(() => bracketTable(BTC_TIERS, { maxLeverage: 0 })).toThrow(RangeError);
    expect(() => bracketTable(BTC_TIERS, { maxLeverage: 10, notional: { times: 1, per: 0 } })).toThrow(RangeError);
    expect(() => bracketTable(BTC_TIERS, { maxLeverage: 10, notional: { times: 0.5, per: 1 } })).toThrow(RangeError);
  });
});

describe("the engine's default brackets for a market without its own", () => {
  const markets = [{ symbol: 'BTCUSDT' }, { symbol: 'XRPUSDT', maxLeverage: 20 }];

  it("is the exchange-wide table with each leverage capped at the market's maximum", () => {
    const [btcMarket, xrp] = resolveConfig({ markets }).markets;
    expect(btcMarket!.maintenanceTiers).toEqual(BTC_TIERS);
    expect(xrp!.maintenanceTiers).toEqual(
      BTC_TIERS.map((tier) => ({ ...tier, maxLeverage: Math.min(tier.maxLeverage, 20) })),
    );
    expect(bracketRows(xrp!.maintenanceTiers).map((row) => row.initialLeverage)).toEqual([20, 20, 20, 10, 5, 2]);
    // A market's own table is kept as given.
    const own: MaintenanceTier[] = [{ maxNotional: Infinity, ratePpm: ratePpm(50_000), maxLeverage: 5 }];
    const [, given] = resolveConfig({
      markets: [{ symbol: 'BTCUSDT' }, { symbol: 'X', maintenanceTiers: own }],
    }).markets;
    expect(given!.maintenanceTiers).toEqual(own);
  });

  it("checks a position's leverage against the defaulted brackets of its own market", () => {
    const h = new Harness({ markets });
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 100_000 * USDT);
    h.ok({ type: 'priceTick', indexPrice: usd(100), markPrice: usd(100), symbol: 'XRPUSDT' });
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 20, symbol: 'XRPUSDT' });
    expect(h.apply({ type: 'setLeverage', userId: TRADER, leverage: 21, symbol: 'XRPUSDT' }).result).toMatchObject({
      ok: false,
      reason: 'INVALID_LEVERAGE',
    });
    // A 20x position of 60 XRP at 100 USDT (6,000 USDT, bracket 1) opens in its own market.
    h.ok({
      type: 'placeOrder',
      userId: MAKER,
      side: 2,
      orderPath: 1,
      price: usd(100),
      qty: btc(60),
      symbol: 'XRPUSDT',
    });
    h.ok({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: btc(60), symbol: 'XRPUSDT' });
    expect(h.exchange.position(TRADER, 'XRPUSDT')).toMatchObject({ qty: btc(60), leverage: 20 });
  });
});
