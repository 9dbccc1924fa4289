import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  filterBySymbol,
  marketDecimals,
  routeSymbol,
  rowSymbol,
  searchMarkets,
  sizeText,
  stepIndex,
} from './symbols.ts';

const LISTED = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const MARKETS = [
  { symbol: 'BTCUSDT', baseAsset: 'BTC' },
  { symbol: 'ETHUSDT', baseAsset: 'ETH' },
  { symbol: 'SOLUSDT', baseAsset: 'SOL' },
];

describe('routeSymbol', () => {
  it('reads /futures as BTCUSDT and a listed symbol in any case', () => {
    expect(routeSymbol(undefined, LISTED)).toBe('BTCUSDT');
    expect(routeSymbol('ETHUSDT', LISTED)).toBe('ETHUSDT');
    expect(routeSymbol('solusdt', LISTED)).toBe('SOLUSDT');
  });

  it('refuses an unknown or malformed symbol (the route then goes to /futures)', () => {
    expect(routeSymbol('DOGEUSDT', LISTED)).toBeNull();
    expect(routeSymbol('ETH-USDT', LISTED)).toBeNull();
    expect(routeSymbol('../admin', undefined)).toBeNull();
  });

  it('keeps a well-shaped symbol while the market list is loading', () => {
    expect(routeSymbol('ETHUSDT', undefined)).toBe('ETHUSDT');
  });
});

describe('filterBySymbol', () => {
  const rows = [{ symbol: 'ETHUSDT', no: 1 }, { no: 2 }, { symbol: 'BTCUSDT', no: 3 }];

  it('lists every row for All and a row without a symbol as BTCUSDT', () => {
    expect(filterBySymbol(rows, 'all')).toEqual(rows);
    expect(filterBySymbol(rows, 'BTCUSDT').map((row) => row.no)).toEqual([2, 3]);
    expect(filterBySymbol(rows, 'ETHUSDT').map((row) => row.no)).toEqual([1]);
    expect(rowSymbol({})).toBe('BTCUSDT');
  });

  it('splits the rows: the markets together list each row exactly once', () => {
    const row = fc.record({ symbol: fc.constantFrom('BTCUSDT', 'ETHUSDT', 'SOLUSDT', undefined), no: fc.nat() });
    fc.assert(
      fc.property(fc.array(row), (list) => {
        const parts = LISTED.map((symbol) => filterBySymbol(list, symbol).length);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(list.length);
      }),
    );
  });
});

describe('searchMarkets', () => {
  it('matches the symbol or base asset in any case', () => {
    expect(searchMarkets(MARKETS, 'eth').map((m) => m.symbol)).toEqual(['ETHUSDT']);
    expect(searchMarkets(MARKETS, ' usdt ').length).toBe(3);
    expect(searchMarkets(MARKETS, '').length).toBe(3);
    expect(searchMarkets(MARKETS, 'xrp')).toEqual([]);
  });
});

describe('stepIndex', () => {
  it('wraps at both ends and has no row in an empty list', () => {
    expect(stepIndex(2, 3, 1)).toBe(0);
    expect(stepIndex(0, 3, -1)).toBe(2);
    expect(stepIndex(-1, 3, 1)).toBe(0);
    expect(stepIndex(0, 0, 1)).toBe(-1);
  });
});

describe('market decimals', () => {
  it("shows a size in its market's decimals, the seeds' 2 and 4 until the rules arrive", () => {
    expect(marketDecimals(undefined)).toEqual({ price: 2, qty: 4 });
    expect(marketDecimals({ priceDecimals: 2, qtyDecimals: 3 })).toEqual({ price: 2, qty: 3 });
    expect(sizeText(100, 3)).toBe('0.010');
    expect(sizeText(15_000, 2)).toBe('1.50');
    expect(sizeText(1_2345, 4)).toBe('1.2345');
    expect(sizeText(12_345_670, 3)).toBe('1,234.567');
  });
});
