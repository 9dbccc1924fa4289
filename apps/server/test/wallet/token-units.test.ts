import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CREDITABLE_MICRO, microToTokenUnits, tokenUnitsToMicro } from '../../src/services/chain/token.ts';

const UNITS_PER_MICRO = 10n ** 12n;

describe('token units (18 decimals) and micro-USDT', () => {
  it('rounds down and keeps the remainder: credited + remainder is exactly what arrived', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: BigInt(MAX_CREDITABLE_MICRO) * UNITS_PER_MICRO + UNITS_PER_MICRO - 1n }),
        (units) => {
          const split = tokenUnitsToMicro(units)!;
          expect(split.remainder >= 0n && split.remainder < UNITS_PER_MICRO).toBe(true);
          expect(microToTokenUnits(split.micro) + split.remainder).toBe(units);
          expect(microToTokenUnits(split.micro) <= units).toBe(true); // never more than arrived
        },
      ),
    );
  });

  it('pays out exactly what is converted back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CREDITABLE_MICRO }), (micro) => {
        expect(tokenUnitsToMicro(microToTokenUnits(micro))).toEqual({ micro, remainder: 0n });
      }),
    );
  });

  it('answers null beyond what one deposit may credit, and refuses to convert a bad amount', () => {
    expect(tokenUnitsToMicro(BigInt(MAX_CREDITABLE_MICRO + 1) * UNITS_PER_MICRO)).toBeNull();
    expect(() => microToTokenUnits(-1)).toThrow(RangeError);
    expect(() => microToTokenUnits(0.5)).toThrow(RangeError);
  });
});
