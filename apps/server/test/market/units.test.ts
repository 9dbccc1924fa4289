import { describe, expect, it } from 'vitest';
import {
  bpsToPercent,
  changeBps,
  formatScaled,
  medianInteger,
  parseScaled,
  price8ToTicks,
} from '../../src/domain/market/units.ts';

describe('market number formats', () => {
  it('formats integers in a scale as exact decimals', () => {
    expect(formatScaled(6_700_125, 2)).toBe('67001.25');
    expect(formatScaled(5, 4)).toBe('0.0005');
    expect(formatScaled(-150, 2)).toBe('-1.50');
    expect(formatScaled(42, 0)).toBe('42');
  });

  it('parses Binance decimal strings exactly, rounding extra digits half to even', () => {
    expect(parseScaled('11784.62659091', 8)).toBe(1_178_462_659_091);
    expect(parseScaled('11784.62659091', 2)).toBe(1_178_463);
    expect(parseScaled('0.125', 2)).toBe(12);
    expect(parseScaled('0.135', 2)).toBe(14);
    expect(parseScaled('0.1251', 2)).toBe(13);
    expect(parseScaled('-2.5', 0)).toBe(-2);
    expect(parseScaled('100', 2)).toBe(10_000);
  });

  it('refuses anything that is not a plain decimal', () => {
    for (const bad of ['', 'abc', '1e5', '1.2.3', ' ', null, undefined, {}, '--1', 'NaN']) {
      expect(parseScaled(bad, 8)).toBeNull();
    }
    expect(parseScaled('99999999999999999999', 8)).toBeNull();
  });

  it('converts world prices to our ticks half to even', () => {
    expect(price8ToTicks(6_700_012_500_000)).toBe(6_700_012);
    expect(price8ToTicks(6_700_013_500_000)).toBe(6_700_014);
    expect(price8ToTicks(6_700_012_500_001)).toBe(6_700_013);
  });

  it('computes the 24 h change in basis points', () => {
    expect(changeBps(10_000, 10_125)).toBe(125);
    expect(changeBps(10_000, 9_875)).toBe(-125);
    expect(changeBps(0, 5)).toBe(0);
    expect(bpsToPercent(-125)).toBe(-1.25);
  });

  it('takes the median of integers, averaging the middle pair', () => {
    expect(medianInteger([])).toBeNull();
    expect(medianInteger([7])).toBe(7);
    expect(medianInteger([9, 1, 5])).toBe(5);
    expect(medianInteger([1, 4])).toBe(2);
    expect(medianInteger([1, 6])).toBe(4);
    expect(medianInteger([3, 10, 1, 8])).toBe(6);
  });
});
