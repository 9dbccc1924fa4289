// Exact decimals for the web: amounts and prices from the server or a market feed (JSON numbers or decimal text)
// read digit for digit and turned into integer minor units with a named rounding. No floating-point arithmetic.
import { divideBig, type Rounding } from '@tickline/money';
import type { Numeric } from '../api/types.ts';

/** A decimal read exactly: its value is (negative ? −1 : 1) × digits / 10^fractionDigits. */
export interface ExactDecimal {
  negative: boolean;
  digits: bigint;
  fractionDigits: number;
}

const DECIMAL_TEXT = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d{1,4}))?$/i;

/**
 * Reads a value exactly: a finite JSON number (its shortest text, e.g. 0.1 is "0.1"), or decimal text with an
 * optional sign, thousands separators and exponent ("-1,234.50", "1.2e-7"). Anything else is null.
 */
export function readDecimal(value: Numeric | null | undefined): ExactDecimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') text = value.trim().replaceAll(',', '');
  else return null;
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  let digits = BigInt(whole + fraction);
  let fractionDigits = fraction.length - Number(exponent);
  if (fractionDigits < 0) {
    digits *= 10n ** BigInt(-fractionDigits);
    fractionDigits = 0;
  }
  return { negative: sign === '-' && digits !== 0n, digits, fractionDigits };
}

/** −1, 0 or 1 as the value is below, at or above zero; null when it is not a number. */
export function signOf(value: Numeric | null | undefined): -1 | 0 | 1 | null {
  const decimal = readDecimal(value);
  if (!decimal) return null;
  if (decimal.digits === 0n) return 0;
  return decimal.negative ? -1 : 1;
}

/** The decimal in minor units of `scale` decimals, rounded as named; null if that is not a safe integer. */
export function decimalToMinorUnits(decimal: ExactDecimal, scale: number, rounding: Rounding): number | null {
  const signed = decimal.negative ? -decimal.digits : decimal.digits;
  const scaled =
    decimal.fractionDigits <= scale
      ? signed * 10n ** BigInt(scale - decimal.fractionDigits)
      : divideBig(signed, 10n ** BigInt(decimal.fractionDigits - scale), rounding);
  const units = Number(scaled);
  return Number.isSafeInteger(units) ? units + 0 : null; // + 0: never −0
}

/** readDecimal then decimalToMinorUnits: toMinorUnits('1,234.565', 2, 'halfEven') → 123456. */
export function toMinorUnits(value: Numeric | null | undefined, scale: number, rounding: Rounding): number | null {
  const decimal = readDecimal(value);
  return decimal ? decimalToMinorUnits(decimal, scale, rounding) : null;
}
