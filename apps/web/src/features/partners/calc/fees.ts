// Exact decimal arithmetic on the server's figures for the partner screens: bigint digits, never floating point.
import type { Numeric } from '../../../api/types.ts';
import { readDecimal, type ExactDecimal } from '../../../lib/decimal.ts';

/** Decimal text of digits / 10^fractionDigits without trailing zeros ('1.5', '-0.25', '3'). */
export function decimalText(signed: bigint, fractionDigits: number): string {
  const negative = signed < 0n;
  const text = (negative ? -signed : signed).toString().padStart(fractionDigits + 1, '0');
  const whole = text.slice(0, text.length - fractionDigits);
  const fraction = text.slice(text.length - fractionDigits).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const signed = (decimal: ExactDecimal) => (decimal.negative ? -decimal.digits : decimal.digits);

/**
 * Seed 001 §5: the resulting fee = the parent's fee × percent / 100. With a whole percent that is exact in decimal
 * (a shift of two places), so nothing is rounded. '-' when the fee is unreadable.
 */
export function distributedFee(parentFee: Numeric, percent: number): string {
  const fee = readDecimal(parentFee);
  if (!fee || !Number.isInteger(percent) || percent < 0) return '-';
  return decimalText(signed(fee) * BigInt(percent), fee.fractionDigits + 2);
}

/** a − b exactly, as decimal text; null when either is unreadable. */
export function subtractDecimal(a: Numeric | null | undefined, b: Numeric | null | undefined): string | null {
  const left = readDecimal(a);
  const right = readDecimal(b);
  if (!left || !right) return null;
  const scale = Math.max(left.fractionDigits, right.fractionDigits);
  const align = (value: ExactDecimal) => signed(value) * 10n ** BigInt(scale - value.fractionDigits);
  return decimalText(align(left) - align(right), scale);
}
