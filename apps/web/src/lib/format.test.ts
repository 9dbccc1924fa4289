import { formatDecimal } from '@tickline/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatCount,
  formatHomePrice,
  formatMarketPrice,
  formatMoney,
  formatNumber,
  formatPercent,
  trendOf,
} from './format.ts';

describe('formatNumber and its money, count and percent forms', () => {
  it('prints a fixed number of decimals with thousands separators, exactly', () => {
    expect(formatNumber(0.1 + 0.2, 2)).toBe('0.30');
    expect(formatNumber('98765.4321', 5)).toBe('98,765.43210');
    expect(formatNumber('1234567.891', 0)).toBe('1,234,568');
    expect(formatNumber(-1234.5, 2)).toBe('-1,234.50');
    expect(formatNumber('2.675', 2)).toBe('2.68'); // the decimal 2.675, half to even; a double would say 2.67
    expect(formatNumber('2.665', 2)).toBe('2.66');
  });

  it("shows '-' for what is not a number", () => {
    for (const value of [null, undefined, '', 'n/a', Number.NaN]) expect(formatNumber(value, 2)).toBe('-');
  });

  it('money has 2 decimals and is rounded down; counts have none', () => {
    expect(formatMoney('10000.009')).toBe('10,000.00');
    expect(formatMoney(1999.999)).toBe('1,999.99');
    expect(formatMoney('-0.001')).toBe('-0.01');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatCount('12345')).toBe('12,345');
  });

  it('prints every amount of minor units the way @tickline/money does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 50), max: 2 ** 50 }), fc.integer({ min: 0, max: 8 }), (units, scale) => {
        const text = formatDecimal(units, scale, { grouping: false });
        // Nothing to round: every rounding prints the same.
        for (const rounding of ['floor', 'ceil', 'trunc', 'halfEven'] as const)
          expect(formatNumber(text, scale, rounding)).toBe(formatDecimal(units, scale));
      }),
    );
  });

  it("percent: 2 decimals, '+' above zero", () => {
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent(-0.456)).toBe('-0.46%');
    expect(formatPercent(0)).toBe('0.00%');
    expect(formatPercent('x')).toBe('-');
  });
});

describe('formatMarketPrice', () => {
  it('uses 2 decimals from 1 up and 4 significant digits below', () => {
    expect(formatMarketPrice(97123.456)).toBe('97,123.46');
    expect(formatMarketPrice('1')).toBe('1.000');
    expect(formatMarketPrice('4.4012')).toBe('4.401');
    expect(formatMarketPrice('26.125')).toBe('26.12');
    expect(formatMarketPrice('0.5')).toBe('0.5000');
    expect(formatMarketPrice('0.00001234567')).toBe('0.00001235');
    expect(formatMarketPrice(1.2e-5)).toBe('0.00001200');
    expect(formatMarketPrice(0)).toBe('0.00');
    expect(formatMarketPrice(null)).toBe('-');
  });
});

describe('trendOf', () => {
  it('is up above zero, down below, flat at zero or for no number', () => {
    expect(trendOf('0.01')).toBe('up');
    expect(trendOf(-3)).toBe('down');
    expect(trendOf('0.000')).toBe('flat');
    expect(trendOf(undefined)).toBe('flat');
  });
});

describe('formatHomePrice', () => {
  it("keeps the seeds' 5 decimals and never shows fewer than 4 significant digits", () => {
    expect(formatHomePrice(67001.25)).toBe('67,001.25000');
    expect(formatHomePrice(0.13)).toBe('0.13000');
    expect(formatHomePrice(0.00001789)).toBe('0.00001789');
    expect(formatHomePrice('0.000000123456')).toBe('0.00000012');
    expect(formatHomePrice(undefined)).toBe('-');
  });
});

describe('formatCompact', () => {
  it('shortens with T, B, M, K exactly (half to even) and keeps small values as money', () => {
    expect(formatCompact(1_324_567_890_123)).toBe('1.32T');
    expect(formatCompact(845_249_999)).toBe('845.2M');
    expect(formatCompact(845_250_000)).toBe('845.2M');
    expect(formatCompact(845_350_000)).toBe('845.4M');
    expect(formatCompact(45_678_901_234)).toBe('45.68B');
    expect(formatCompact(12_345)).toBe('12.34K');
    expect(formatCompact(12_355)).toBe('12.36K');
    expect(formatCompact(1_000)).toBe('1.00K');
    expect(formatCompact(999)).toBe('999.00');
    expect(formatCompact('abc')).toBe('-');
  });
});
