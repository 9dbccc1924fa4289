import { describe, expect, it } from 'vitest';
import { formatMicro, formatRatio, microToDecimal } from './format.ts';

describe('proof amounts', () => {
  it('turns micro-USDT text into exact decimals and USDT rounded down', () => {
    expect(microToDecimal('1234000005')).toBe('1234.000005');
    expect(microToDecimal('5')).toBe('0.000005');
    expect(microToDecimal('0')).toBe('0.000000');
    expect(formatMicro('123456789999999')).toBe('123,456,789.99');
    expect(formatMicro('99999999999999999999999')).toBe('99,999,999,999,999,999.99');
    expect(formatRatio(0.000123)).toBe('0.01%');
    expect(formatRatio(1.5)).toBe('150.00%');
    expect(formatRatio(null)).toBe('-');
  });
});
