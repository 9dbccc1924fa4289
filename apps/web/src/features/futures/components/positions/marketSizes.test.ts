import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { QTY_SCALE, toNumber } from '@tickline/money';
import { marketSizesText, sizesByMarket } from './marketSizes.ts';

const DECIMALS: Record<string, number> = { BTCUSDT: 4, ETHUSDT: 3, SOLUSDT: 2 };
const decimalsOf = (symbol: string) => DECIMALS[symbol] ?? 4;

describe('close-all sizes by market', () => {
  it('names each market in its unit and decimals, never one sum across markets', () => {
    const positions = [
      { volume: 0.001 }, // a row without a symbol: BTCUSDT's
      { symbol: 'ETHUSDT', volume: 0.01 },
      { symbol: 'SOLUSDT', volume: 1.5 },
    ];
    expect(sizesByMarket(positions)).toEqual([
      { symbol: 'BTCUSDT', lots: 10 },
      { symbol: 'ETHUSDT', lots: 100 },
      { symbol: 'SOLUSDT', lots: 15_000 },
    ]);
    expect(marketSizesText(sizesByMarket(positions), decimalsOf)).toBe('0.0010 BTC, 0.010 ETH, 1.50 SOL');
  });

  it("each market's shown lots are the sum of that market's rows exactly (property)", () => {
    const symbol = fc.constantFrom('BTCUSDT', 'ETHUSDT', 'SOLUSDT');
    const LOT: Record<string, number> = { BTCUSDT: 1, ETHUSDT: 10, SOLUSDT: 100 };
    // Whole lots of each market, sent by the server as decimal numbers (0.01 ETH).
    const row = fc
      .tuple(symbol, fc.integer({ min: 1, max: 50_000 }))
      .map(([market, units]) => ({ symbol: market, lots: units * LOT[market]! }));
    fc.assert(
      fc.property(fc.array(row, { maxLength: 12 }), (rows) => {
        const sizes = sizesByMarket(rows.map((r) => ({ symbol: r.symbol, volume: toNumber(r.lots, QTY_SCALE) })));
        expect(new Set(sizes.map((size) => size.symbol)).size).toBe(sizes.length);
        for (const size of sizes) {
          const lots = rows.filter((r) => r.symbol === size.symbol).reduce((sum, r) => sum + r.lots, 0);
          expect(size.lots).toBe(lots);
        }
        const text = marketSizesText(sizes, decimalsOf);
        expect(text === '' ? [] : text.split(', ')).toHaveLength(sizes.length);
      }),
    );
  });
});
