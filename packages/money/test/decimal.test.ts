import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DecimalParseError,
  formatDecimal,
  formatPrice,
  formatQty,
  formatUsdt,
  parseDecimal,
  parseQty,
  parseUsdt,
  toDecimalString,
  toNumber,
} from '../src/index.ts';

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DecimalParseError) return error.problem;
    throw error;
  }
  return 'none';
}

describe('parseDecimal', () => {
  it('reads plain decimals, grouped thousands and JSON numbers into minor units', () => {
    expect(parseDecimal('1234.5', 2)).toBe(123450);
    expect(parseDecimal('1,234.56', 2)).toBe(123456);
    expect(parseDecimal('0.0001', 4)).toBe(1);
    expect(parseDecimal('.5', 1)).toBe(5);
    expect(parseDecimal('7.', 2)).toBe(700);
    expect(parseDecimal(' 10 ', 6)).toBe(10_000_000);
    expect(parseDecimal('1.500000000', 2)).toBe(150); // trailing zeros are not excess precision
    expect(parseDecimal(0.001, 4)).toBe(10);
    expect(parseDecimal(1e-7, 8)).toBe(10);
    expect(parseDecimal(1e15, 0)).toBe(1e15);
  });

  it('refuses empty text, signs, junk, excess precision and overflow with a named problem', () => {
    expect(problemOf(() => parseDecimal('', 2))).toBe('empty');
    expect(problemOf(() => parseDecimal('   ', 2))).toBe('empty');
    expect(problemOf(() => parseDecimal('-1', 2))).toBe('negative');
    expect(problemOf(() => parseDecimal(-0.5, 2))).toBe('negative');
    for (const junk of ['abc', '1.2.3', '+1', '1e5', '0x10', '1 000', '12,34', '1,2345', 'NaN', 'Infinity', '١٢'])
      expect(
        problemOf(() => parseDecimal(junk, 2)),
        junk,
      ).toBe('syntax');
    expect(problemOf(() => parseDecimal(Number.NaN, 2))).toBe('syntax');
    expect(problemOf(() => parseDecimal('0.00001', 4))).toBe('precision');
    expect(problemOf(() => parseDecimal(0.12345, 4))).toBe('precision');
    expect(problemOf(() => parseDecimal('100000000000000', 6))).toBe('overflow');
    expect(problemOf(() => parseDecimal(null as never, 2))).toBe('syntax');
  });

  it('round-trips with formatDecimal for every safe amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 8 }),
        (value, scale) => {
          expect(parseDecimal(formatDecimal(value, scale), scale)).toBe(value);
          expect(parseDecimal(toDecimalString(value, scale), scale)).toBe(value);
          expect(parseDecimal(formatDecimal(value, scale, { grouping: false }), scale)).toBe(value);
        },
      ),
    );
  });

  it('reads a JSON number exactly as its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (value) => {
        expect(parseQty(toNumber(value, 4))).toBe(value);
        expect(parseUsdt(toNumber(value, 6))).toBe(value);
      }),
    );
  });
});

describe('display rules of the seeds', () => {
  it('shows money with 2 decimals rounded down, sizes with 4, prices with 2, thousands separated', () => {
    expect(formatUsdt(10_000_000_000)).toBe('10,000.00');
    expect(formatUsdt(1_999_999)).toBe('1.99');
    expect(formatUsdt(-1_234_567)).toBe('-1.24');
    expect(formatUsdt(5, 6)).toBe('0.000005');
    expect(formatQty(10)).toBe('0.0010');
    expect(formatQty(1_000_000)).toBe('100.0000');
    expect(formatPrice(9_123_456)).toBe('91,234.56');
    expect(formatPrice(1)).toBe('0.01');
  });

  it('rounds with the named rounding when showing fewer decimals', () => {
    expect(formatDecimal(125, 2, { decimals: 1, rounding: 'halfEven' })).toBe('1.2');
    expect(formatDecimal(135, 2, { decimals: 1, rounding: 'halfEven' })).toBe('1.4');
    expect(formatDecimal(121, 2, { decimals: 1, rounding: 'ceil' })).toBe('1.3');
    expect(formatDecimal(129, 2, { decimals: 0 })).toBe('1');
    expect(formatDecimal(5, 0, { decimals: 2 })).toBe('5.00');
  });

  it('gives exact decimal strings and numbers for JSON', () => {
    expect(toDecimalString(1_500_000, 6)).toBe('1.5');
    expect(toDecimalString(2_000_000, 6)).toBe('2');
    expect(toDecimalString(-1, 6)).toBe('-0.000001');
    expect(toNumber(123_456, 4)).toBe(12.3456);
  });
});
