import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { add, divide, MoneyOverflowError, multiply, multiplyDivide, subtract, type Rounding } from '../src/index.ts';

const MAX = Number.MAX_SAFE_INTEGER;
const safeInteger = fc.integer({ min: -MAX, max: MAX });
const nonZero = safeInteger.filter((value) => value !== 0);
const rounding = fc.constantFrom<Rounding>('floor', 'ceil', 'trunc', 'halfEven');

/** Reference: the exact rational n/d compared against candidates, written independently of the implementation. */
function referenceDivide(n: bigint, d: bigint, mode: Rounding): bigint {
  const [num, den] = d < 0n ? [-n, -d] : [n, d];
  const q = (num - (((num % den) + den) % den)) / den; // floor(num/den)
  const exact = q * den === num;
  if (exact) return q;
  switch (mode) {
    case 'floor':
      return q;
    case 'ceil':
      return q + 1n;
    case 'trunc':
      return num < 0n ? q + 1n : q;
    case 'halfEven': {
      const twice = 2n * (num - q * den); // 0 < twice < 2den
      if (twice < den) return q;
      if (twice > den) return q + 1n;
      return q % 2n === 0n ? q : q + 1n;
    }
  }
}

describe('checked arithmetic', () => {
  it('add/subtract/multiply are exact or throw', () => {
    fc.assert(
      fc.property(safeInteger, safeInteger, (a, b) => {
        for (const [operation, exact] of [
          [add, BigInt(a) + BigInt(b)],
          [subtract, BigInt(a) - BigInt(b)],
          [multiply, BigInt(a) * BigInt(b)],
        ] as const) {
          const fits = exact >= BigInt(-MAX) && exact <= BigInt(MAX);
          if (fits) expect(BigInt(operation(a, b))).toBe(exact);
          else expect(() => operation(a, b)).toThrow(MoneyOverflowError);
        }
      }),
    );
  });

  it('refuses non-integer inputs', () => {
    expect(() => add(0.5, 1)).toThrow(MoneyOverflowError);
    expect(() => divide(1, 0, 'floor')).toThrow(RangeError);
  });
});

describe('division with named rounding', () => {
  it('matches the BigInt reference for every rounding', () => {
    fc.assert(
      fc.property(safeInteger, nonZero, rounding, (n, d, mode) => {
        expect(BigInt(divide(n, d, mode))).toBe(referenceDivide(BigInt(n), BigInt(d), mode));
      }),
      { numRuns: 2000 },
    );
  });

  it('matches the reference on small numbers where ties are frequent', () => {
    const small = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(
        small,
        small.filter((d) => d !== 0),
        rounding,
        (n, d, mode) => {
          expect(BigInt(divide(n, d, mode))).toBe(referenceDivide(BigInt(n), BigInt(d), mode));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('rounds ties to even with halfEven', () => {
    expect([5, 15, 25, 35, -5, -15, -25].map((n) => divide(n, 10, 'halfEven'))).toEqual([0, 2, 2, 4, 0, -2, -2]);
    expect(divide(7, 2, 'halfEven')).toBe(4);
    expect(divide(5, 2, 'halfEven')).toBe(2);
  });

  it('floor ≤ trunc-or-halfEven ≤ ceil and ceil − floor ≤ 1', () => {
    fc.assert(
      fc.property(safeInteger, nonZero, (n, d) => {
        const floor = divide(n, d, 'floor');
        const ceil = divide(n, d, 'ceil');
        expect(ceil - floor).toBeLessThanOrEqual(1);
        for (const mode of ['trunc', 'halfEven'] as const) {
          const value = divide(n, d, mode);
          expect(value >= floor && value <= ceil).toBe(true);
        }
      }),
    );
  });

  // Operands within ±2^52 take a path without BigInt: a double quotient corrected by the exact remainder. These
  // cases aim at where a double quotient rounds across an integer (just below or above a multiple) and at the edge.
  it('matches the reference within ±2^52, next to multiples of the denominator and at the fast path edge', () => {
    const edge = 2 ** 52;
    const nearEdge = fc.oneof(
      fc.integer({ min: edge - 1_000, max: edge + 1_000 }),
      fc.integer({ min: -edge - 1_000, max: -edge + 1_000 }),
      fc.integer({ min: -edge, max: edge }),
    );
    const denominator = fc
      .oneof(fc.integer({ min: 1, max: 1_000 }), fc.integer({ min: 1, max: edge }), nearEdge)
      .filter((d) => d !== 0);
    fc.assert(
      fc.property(
        nearEdge,
        denominator,
        fc.boolean(),
        fc.integer({ min: -2, max: 2 }),
        rounding,
        (n, d, neg, r, mode) => {
          const den = neg ? -d : d;
          // A multiple of the denominator near n, plus a remainder of −2..2: the quotient is next to an integer.
          const multiple = Math.trunc(n / den) * den + r;
          for (const numerator of [n, multiple]) {
            if (!Number.isSafeInteger(numerator)) continue;
            expect(BigInt(divide(numerator, den, mode))).toBe(referenceDivide(BigInt(numerator), BigInt(den), mode));
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('multiplyDivide matches the reference when the product fits in 2^52', () => {
    const factor = fc.integer({ min: -(2 ** 26), max: 2 ** 26 });
    fc.assert(
      fc.property(
        factor,
        factor,
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.boolean(),
        rounding,
        (a, b, c, neg, mode) => {
          const divisor = neg ? -c : c;
          expect(BigInt(multiplyDivide(a, b, divisor, mode))).toBe(
            referenceDivide(BigInt(a) * BigInt(b), BigInt(divisor), mode),
          );
        },
      ),
      { numRuns: 2_000 },
    );
    expect(Object.is(multiplyDivide(-1, 1, 3, 'ceil'), 0)).toBe(true); // never −0
    expect(Object.is(divide(-2, 4, 'halfEven'), 0)).toBe(true);
  });

  it('multiplyDivide is exact beyond 2^53 in the intermediate product', () => {
    fc.assert(
      fc.property(safeInteger, safeInteger, nonZero, rounding, (a, b, c, mode) => {
        const exact = referenceDivide(BigInt(a) * BigInt(b), BigInt(c), mode);
        if (exact >= BigInt(-MAX) && exact <= BigInt(MAX)) expect(BigInt(multiplyDivide(a, b, c, mode))).toBe(exact);
        else expect(() => multiplyDivide(a, b, c, mode)).toThrow(MoneyOverflowError);
      }),
    );
    // 9,000,000.00 USDT price × 100 BTC in lots × 0.03 % fee: product 9e8 × 1e6 × 300 exceeds 2^53.
    expect(multiplyDivide(900_000_000 * 1_000_000, 300, 1_000_000, 'ceil')).toBe(270_000_000_000);
  });
});
