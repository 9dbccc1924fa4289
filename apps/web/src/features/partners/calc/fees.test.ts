import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalText, distributedFee, subtractDecimal } from './fees.ts';

// Whole decimals with up to 6 fraction digits, as text: an exact model is digits and a scale.
const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 6 }))
  .map(([digits, scale]) => ({ digits, scale, text: decimalText(digits, scale) }));

describe('distributedFee (seed 001 §5: parent fee × percent / 100)', () => {
  it('shifts two places exactly', () => {
    expect(distributedFee(50, 80)).toBe('40');
    expect(distributedFee('40', 80)).toBe('32');
    expect(distributedFee('32', 80)).toBe('25.6');
    expect(distributedFee('25.6', 80)).toBe('20.48');
    expect(distributedFee(0.1, 33)).toBe('0.033');
    expect(distributedFee('50', 0)).toBe('0');
    expect(distributedFee('50', 100)).toBe('50');
    expect(distributedFee('abc', 10)).toBe('-');
  });

  it('never exceeds the parent fee and is exact: result × 100 = fee × percent', () => {
    fc.assert(
      fc.property(
        decimal.filter((value) => value.digits >= 0n),
        fc.integer({ min: 0, max: 100 }),
        (fee, percent) => {
          const result = distributedFee(fee.text, percent);
          // result × 10^(scale+2) must equal fee digits × percent
          const [whole = '0', fraction = ''] = result.split('.');
          const scaled = BigInt(whole + fraction.padEnd(fee.scale + 2, '0'));
          expect(scaled).toBe(fee.digits * BigInt(percent));
          expect(scaled <= fee.digits * 100n).toBe(true);
        },
      ),
    );
  });
});

describe('subtractDecimal (withdrawable = settlement − withdrawSettlement)', () => {
  it('subtracts across scales without floating point', () => {
    expect(subtractDecimal('0.3', 0.1)).toBe('0.2');
    expect(subtractDecimal(100, '37.125')).toBe('62.875');
    expect(subtractDecimal('1', '1.00')).toBe('0');
    expect(subtractDecimal('5', '7.5')).toBe('-2.5');
    expect(subtractDecimal('x', '1')).toBeNull();
  });

  it('a − b + b = a, exactly', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const difference = subtractDecimal(a.text, b.text)!;
        const back = subtractDecimal(difference, `-${b.text}`.replace('--', ''))!;
        expect(subtractDecimal(back, a.text)).toBe('0');
      }),
    );
  });
});
