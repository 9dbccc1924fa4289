import { toDecimalString, type Rounding } from '@tickline/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDecimal, signOf, toMinorUnits } from './decimal.ts';

const ROUNDINGS: Rounding[] = ['floor', 'ceil', 'trunc', 'halfEven'];

describe('readDecimal and toMinorUnits', () => {
  it('reads JSON numbers by their shortest text, so 0.1 is exactly one tenth', () => {
    expect(toMinorUnits(0.1, 2, 'trunc')).toBe(10);
    expect(toMinorUnits(0.1 + 0.2, 2, 'halfEven')).toBe(30);
    expect(toMinorUnits(1e-7, 8, 'trunc')).toBe(10);
    expect(toMinorUnits(1.5e3, 0, 'trunc')).toBe(1500);
    expect(toMinorUnits(-2.675, 2, 'halfEven')).toBe(-268); // the text -2.675, not the double below it
  });

  it('reads decimal text with sign, thousands separators and exponent', () => {
    expect(toMinorUnits('1,234.5', 2, 'trunc')).toBe(123450);
    expect(toMinorUnits(' -0.5 ', 1, 'trunc')).toBe(-5);
    expect(toMinorUnits('+7', 0, 'trunc')).toBe(7);
    expect(toMinorUnits('.25', 2, 'trunc')).toBe(25);
    expect(toMinorUnits('3.', 1, 'trunc')).toBe(30);
    expect(toMinorUnits('1.2E-5', 6, 'trunc')).toBe(12);
    expect(toMinorUnits('-0', 2, 'trunc')).toBe(0);
    expect(Object.is(toMinorUnits('-0.001', 2, 'trunc'), 0)).toBe(true);
  });

  it('rounds as named when the text has more decimals than the scale', () => {
    expect(toMinorUnits('1.005', 2, 'halfEven')).toBe(100);
    expect(toMinorUnits('1.015', 2, 'halfEven')).toBe(102);
    expect(toMinorUnits('1.0051', 2, 'halfEven')).toBe(101);
    expect(toMinorUnits('-1.001', 2, 'floor')).toBe(-101);
    expect(toMinorUnits('-1.001', 2, 'ceil')).toBe(-100);
    expect(toMinorUnits('-1.009', 2, 'trunc')).toBe(-100);
    expect(toMinorUnits('0.000012345678901234567890', 8, 'halfEven')).toBe(1235);
  });

  it('refuses what is not a number or does not fit a safe integer', () => {
    for (const value of ['', ' ', '-', '.', 'abc', '1.2.3', '1-2', '0x10', 'Infinity', '1e99999', null, undefined])
      expect(readDecimal(value), String(value)).toBeNull();
    expect(readDecimal(Number.NaN)).toBeNull();
    expect(readDecimal(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toMinorUnits('1e30', 2, 'trunc')).toBeNull();
    expect(toMinorUnits(Number.MAX_SAFE_INTEGER, 0, 'trunc')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('signOf says below, at or above zero, even below the smallest shown digit', () => {
    expect(signOf('0.000000000001')).toBe(1);
    expect(signOf(-1e-12)).toBe(-1);
    expect(signOf('-0.00')).toBe(0);
    expect(signOf('x')).toBeNull();
  });

  it('round-trips every safe integer at every scale through its decimal text, whatever the rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(...ROUNDINGS),
        (units, scale, rounding) => {
          expect(toMinorUnits(toDecimalString(units, scale), scale, rounding)).toBe(units + 0);
        },
      ),
    );
  });

  it('rounding to fewer decimals brackets the exact value: floor ≤ trunc, halfEven ≤ ceil, ceil − floor ≤ 1', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 16n), max: 10n ** 16n }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 6 }),
        (digits, fractionDigits, scale) => {
          const text = `${digits < 0n ? '-' : ''}${(digits < 0n ? -digits : digits).toString().padStart(fractionDigits + 1, '0')}`;
          const decimalText =
            fractionDigits === 0 ? text : `${text.slice(0, -fractionDigits)}.${text.slice(-fractionDigits)}`;
          const floor = toMinorUnits(decimalText, scale, 'floor');
          const ceil = toMinorUnits(decimalText, scale, 'ceil');
          const trunc = toMinorUnits(decimalText, scale, 'trunc');
          const halfEven = toMinorUnits(decimalText, scale, 'halfEven');
          if (floor === null || ceil === null || trunc === null || halfEven === null) return;
          expect(ceil - floor).toBeLessThanOrEqual(1);
          expect(floor).toBeLessThanOrEqual(halfEven);
          expect(halfEven).toBeLessThanOrEqual(ceil);
          expect([floor, ceil]).toContain(trunc);
          // Exact: floor × 10^(f − s) ≤ digits ≤ ceil × 10^(f − s) (scaled up when f < s).
          const shift = fractionDigits - scale;
          const scaledDigits = shift >= 0 ? digits : digits * 10n ** BigInt(-shift);
          const unit = shift >= 0 ? 10n ** BigInt(shift) : 1n;
          expect(BigInt(floor) * unit <= scaledDigits && scaledDigits <= BigInt(ceil) * unit).toBe(true);
        },
      ),
    );
  });
});
