/**
 * Fixed-point money: every amount is a JavaScript safe integer in a named minor unit. Arithmetic is checked (an
 * overflow beyond 2^53 − 1 throws instead of silently losing precision) and every division names its rounding.
 */

/** USDT amounts in the ledger: micro-USDT (1 USDT = 1,000,000). */
export const USDT_SCALE = 6;
/** Prices: ticks of 0.01 USDT. */
export const PRICE_SCALE = 2;
/** Quantities: lots of 0.0001 BTC. */
export const QTY_SCALE = 4;
/** Because PRICE_SCALE + QTY_SCALE = USDT_SCALE, notional in micro-USDT = priceTicks × qtyLots exactly. */

/**
 * Units as types. The brand is optional, so a plain number (a literal, a sum) still fits any of them, but an amount of
 * one unit cannot be passed where another is expected: a price in ticks is not micro-USDT, nor a quantity a price.
 */
type Unit<Name extends string> = number & { readonly __unit?: Name };

export type MicroUsdt = Unit<'MicroUsdt'>;
export type PriceTicks = Unit<'PriceTicks'>;
export type QtyLots = Unit<'QtyLots'>;
// Rates are the engine's (packages/engine/src/units.ts: RatePpm, made only by ratePpm()).

/** floor: toward −∞; ceil: toward +∞; trunc: toward 0; halfEven: nearest, ties to even (banker's). */
export type Rounding = 'floor' | 'ceil' | 'trunc' | 'halfEven';

export class MoneyOverflowError extends RangeError {}

export function assertSafeInteger(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value)) throw new MoneyOverflowError(`${what} ${value} is not a safe integer`);
  return value;
}

export function add(a: number, b: number): number {
  return assertSafeInteger(a + b, 'sum');
}

export function subtract(a: number, b: number): number {
  return assertSafeInteger(a - b, 'difference');
}

export function multiply(a: number, b: number): number {
  return assertSafeInteger(a * b, 'product');
}

/** Exact integer division with the named rounding (a double quotient is used only where it is provably exact). */
export function divide(numerator: number, denominator: number, rounding: Rounding): number {
  assertSafeInteger(numerator, 'numerator');
  assertSafeInteger(denominator, 'denominator');
  if (denominator === 0) throw new RangeError('division by zero');
  if (Math.abs(numerator) <= FAST_LIMIT && Math.abs(denominator) <= FAST_LIMIT)
    return divideSmall(numerator, denominator, rounding);
  return Number(divideBig(BigInt(numerator), BigInt(denominator), rounding));
}

/** a × b / c with an exact intermediate, so a × b may exceed 2^53 as long as the result does not. */
export function multiplyDivide(a: number, b: number, c: number, rounding: Rounding): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(b, 'b');
  assertSafeInteger(c, 'c');
  if (c === 0) throw new RangeError('division by zero');
  // A product whose magnitude stays within FAST_LIMIT is exact as a double (an inexact one is at least 2^53).
  const product = a * b;
  if (Math.abs(product) <= FAST_LIMIT && Math.abs(c) <= FAST_LIMIT) return divideSmall(product, c, rounding);
  return assertSafeInteger(Number(divideBig(BigInt(a) * BigInt(b), BigInt(c), rounding)), 'quotient');
}

/** Operands up to 2^52 in magnitude divide without BigInt (which allocates: this runs several times per order). */
const FAST_LIMIT = 2 ** 52;

/**
 * Exact division of integers within ±FAST_LIMIT. The double quotient n/d is correctly rounded; it could truncate to
 * the wrong integer only by rounding up onto k from k − r/d (1 ≤ r < d), which needs r/d below half an ulp of k,
 * i.e. |n| ≥ 2^53 − r. Within ±2^52 the truncated quotient is therefore exact, and so is the remainder below.
 */
function divideSmall(numerator: number, denominator: number, rounding: Rounding): number {
  if (denominator < 0) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const truncated = Math.trunc(numerator / denominator);
  const remainder = numerator - truncated * denominator;
  if (remainder === 0) return truncated + 0; // + 0 turns −0 into 0
  const negative = numerator < 0;
  switch (rounding) {
    case 'trunc':
      return truncated + 0;
    case 'floor':
      return negative ? truncated - 1 : truncated + 0;
    case 'ceil':
      return negative ? truncated + 0 : truncated + 1;
    case 'halfEven': {
      const twiceRemainder = Math.abs(remainder) * 2;
      const awayFromZero = negative ? truncated - 1 : truncated + 1;
      if (twiceRemainder > denominator) return awayFromZero;
      if (twiceRemainder < denominator) return truncated + 0;
      return truncated % 2 === 0 ? truncated + 0 : awayFromZero;
    }
  }
}

/** Exact division of integers of any size with the named rounding (for decimals wider than a safe integer). */
export function divideBig(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const truncated = numerator / denominator; // BigInt division truncates toward zero
  const remainder = numerator % denominator;
  if (remainder === 0n) return truncated;
  const negative = numerator < 0n;
  switch (rounding) {
    case 'trunc':
      return truncated;
    case 'floor':
      return negative ? truncated - 1n : truncated;
    case 'ceil':
      return negative ? truncated : truncated + 1n;
    case 'halfEven': {
      const twiceRemainder = (remainder < 0n ? -remainder : remainder) * 2n;
      const awayFromZero = negative ? truncated - 1n : truncated + 1n;
      if (twiceRemainder > denominator) return awayFromZero;
      if (twiceRemainder < denominator) return truncated;
      return truncated % 2n === 0n ? truncated : awayFromZero;
    }
  }
}
