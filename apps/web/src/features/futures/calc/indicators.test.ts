import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEFAULT_INDICATORS, bollinger, ema, parseIndicators, sma } from './indicators.ts';

const prices = fc.array(fc.double({ min: 1, max: 200_000, noNaN: true }), { minLength: 0, maxLength: 120 });
const period = fc.integer({ min: 1, max: 30 });
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b));

// Straightforward references: each window summed from scratch; the EMA written as its textbook recursion.
function referenceSma(values: number[], n: number): (number | null)[] {
  return values.map((_, i) => (i < n - 1 ? null : values.slice(i - n + 1, i + 1).reduce((s, v) => s + v, 0) / n));
}
function referenceEma(values: number[], n: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let i = 0; i < values.length; i++) {
    if (i < n - 1) out.push(null);
    else if (i === n - 1) out.push(values.slice(0, n).reduce((s, v) => s + v, 0) / n);
    else out.push((values[i]! - out[i - 1]!) * (2 / (n + 1)) + out[i - 1]!);
  }
  return out;
}

describe('indicators', () => {
  it('sma equals the window mean recomputed for every bar', () => {
    fc.assert(
      fc.property(prices, period, (values, n) => {
        const got = sma(values, n);
        const want = referenceSma(values, n);
        expect(got).toHaveLength(values.length);
        got.forEach((v, i) => (want[i] === null ? expect(v).toBeNull() : expect(close(v!, want[i]!)).toBe(true)));
      }),
    );
  });

  it('ema equals the textbook recursion and stays within the range of the prices it has seen', () => {
    fc.assert(
      fc.property(prices, period, (values, n) => {
        const got = ema(values, n);
        const want = referenceEma(values, n);
        got.forEach((v, i) => {
          if (want[i] === null) return expect(v).toBeNull();
          expect(close(v!, want[i]!)).toBe(true);
          const seen = values.slice(0, i + 1);
          expect(v!).toBeGreaterThanOrEqual(Math.min(...seen) - 1e-6);
          expect(v!).toBeLessThanOrEqual(Math.max(...seen) + 1e-6);
        });
      }),
    );
  });

  it('bollinger bands are symmetric around the SMA and hold every price of a flat window on the middle', () => {
    fc.assert(
      fc.property(prices, period, fc.integer({ min: 1, max: 3 }), (values, n, width) => {
        const mean = referenceSma(values, n);
        bollinger(values, n, width).forEach((band, i) => {
          if (mean[i] === null) return expect(band).toBeNull();
          const window = values.slice(i - n + 1, i + 1);
          const sd = Math.sqrt(window.reduce((s, v) => s + (v - mean[i]!) ** 2, 0) / n);
          expect(close(band!.middle, mean[i]!)).toBe(true);
          expect(close(band!.upper - band!.middle, width * sd)).toBe(true);
          expect(close(band!.middle - band!.lower, width * sd)).toBe(true);
        });
      }),
    );
    expect(bollinger([5, 5, 5], 3, 2)[2]).toEqual({ middle: 5, upper: 5, lower: 5 });
  });

  it('known values: sma 3 of 1..5, ema 3 of 1..5', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(ema([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
  });

  it('the remembered set falls back to the defaults key by key', () => {
    expect(parseIndicators(null)).toEqual(DEFAULT_INDICATORS);
    expect(parseIndicators('not json')).toEqual(DEFAULT_INDICATORS);
    expect(parseIndicators('{"bb":true,"volume":"yes"}')).toEqual({ ...DEFAULT_INDICATORS, bb: true });
  });
});
