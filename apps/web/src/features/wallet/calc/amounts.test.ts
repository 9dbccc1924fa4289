import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WITHDRAW_FEE_MICRO, wholeUsdtText, withdrawalDebit } from './amounts.ts';

const USDT = 1_000_000;

describe('wallet amounts', () => {
  it('debits a withdrawal with its 5 USDT fee on top, and nothing while the field is empty', () => {
    expect(withdrawalDebit('')).toBe(0);
    expect(withdrawalDebit('10')).toBe(15 * USDT);
    expect(withdrawalDebit('1,234')).toBe(1_239 * USDT);
    expect(WITHDRAW_FEE_MICRO).toBe(5 * USDT);
  });

  it('offers as MAX the whole USDT of the balance, rounded down', () => {
    expect(wholeUsdtText(0)).toBe('0');
    expect(wholeUsdtText(999_999)).toBe('0');
    expect(wholeUsdtText(12 * USDT + 999_999)).toBe('12');
    expect(wholeUsdtText(-1)).toBe('0');
  });

  it('never offers more than the balance, nor a whole USDT less than it could', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (available) => {
        const offered = Number(wholeUsdtText(available)) * USDT;
        expect(offered).toBeLessThanOrEqual(available);
        expect(available - offered).toBeLessThan(USDT);
      }),
    );
  });

  it('debits exactly the typed whole amount plus the fee', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (whole) => {
        expect(withdrawalDebit(String(whole))).toBe(whole * USDT + WITHDRAW_FEE_MICRO);
      }),
    );
  });
});
