import { describe, expect, it } from 'vitest';
import { clockOffset, formatCountdown, remainingMs } from './countdown.ts';

describe('funding countdown', () => {
  it('counts to the funding time on the server clock and stops at 0', () => {
    expect(remainingMs(100_000, 40_000, 1_000)).toBe(59_000);
    expect(remainingMs(100_000, 120_000, 0)).toBe(0);
  });
  it('formats hh:mm:ss', () => {
    expect(formatCountdown(59_999)).toBe('00:00:59');
    expect(formatCountdown(8 * 3600_000 - 1)).toBe('07:59:59');
  });
  it('takes the server stamp as the request midpoint', () => {
    expect(clockOffset(10_500, 1_000, 2_000)).toBe(9_000);
  });
});
