import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toNumber } from '@tickline/money';
import { lotsOf, microsOf, ticksOf } from './units.ts';

describe('reading API numbers into integers', () => {
  it('round-trips every value the server can write', () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 14), max: 10 ** 14 }), (units) => {
        expect(microsOf(toNumber(units, 6))).toBe(units);
        expect(ticksOf(toNumber(units, 2))).toBe(units);
        expect(lotsOf(toNumber(units, 4))).toBe(units);
      }),
    );
  });
  it('is 0 for missing or unreadable values', () => {
    expect(ticksOf(undefined)).toBe(0);
    expect(ticksOf(Number.NaN)).toBe(0);
    expect(ticksOf(1.001)).toBe(0);
  });
});
