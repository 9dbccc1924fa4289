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

export type MicroUsdt = number;
export type PriceTicks = number;
export type QtyLots = number;

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

/** Exact integer division with the named rounding (no floating-point quotient is trusted). */
export function divide(numerator: number, denominator: number, rounding: Rounding): number {
  assertSafeInteger(numerator, 'numerator');
  assertSafeInteger(denominator, 'denominator');
  if (denominator === 0) throw new RangeError('division by zero');
  return Number(divideBig(BigInt(numerator), BigInt(denominator), rounding));
}

/** a × b / c with an exact intermediate, so a × b may exceed 2^53 as long as the result does not. */
export function multiplyDivide(a: number, b: number, c: number, rounding: Rounding): number {
  assertSafeInteger(a, 'a');
  assertSafeInteger(b, 'b');
  assertSafeInteger(c, 'c');
  if (c === 0) throw new RangeError('division by zero');
  return assertSafeInteger(Number(divideBig(BigInt(a) * BigInt(b), BigInt(c), rounding)), 'quotient');
}

function divideBig(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
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
