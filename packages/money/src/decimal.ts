/**
 * Decimal text ⇄ integer minor units. Parsing is strict (no silent rounding: excess precision is an error);
 * formatting names its rounding when it shows fewer decimals than the scale.
 */
import { assertSafeInteger, divide, type Rounding } from './arithmetic.ts';

export type DecimalParseProblem = 'empty' | 'syntax' | 'negative' | 'precision' | 'overflow';

export class DecimalParseError extends RangeError {
  constructor(
    readonly problem: DecimalParseProblem,
    message: string,
  ) {
    super(message);
  }
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;
const SCIENTIFIC = /^(\d+)(?:\.(\d*))?e([+-]?\d+)$/i;

/**
 * Parses a non-negative decimal into minor units of `scale` decimals: "1,234.5" at scale 2 → 123450.
 * Accepts digits with an optional fraction, thousands separators (commas between groups of three), and JavaScript
 * numbers (so JSON `0.001` works; their exponent form too). Refuses empty text, signs, junk, more fractional digits
 * than `scale` (unless they are zeros), and values beyond 2^53 − 1 minor units.
 */
export function parseDecimal(input: string | number, scale: number): number {
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new DecimalParseError('syntax', `${input} is not a number`);
    if (input < 0 || Object.is(input, -0)) throw new DecimalParseError('negative', `${input} is negative`);
    return parseDigits(numberToPlainDecimal(input), scale, String(input));
  }
  if (typeof input !== 'string') throw new DecimalParseError('syntax', 'expected a decimal number');
  const text = input.trim();
  if (text === '') throw new DecimalParseError('empty', 'the amount is empty');
  if (text.startsWith('-')) throw new DecimalParseError('negative', `${text} is negative`);
  return parseDigits(stripGrouping(text), scale, text);
}

function stripGrouping(text: string): string {
  if (!text.includes(',')) return text;
  if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) throw new DecimalParseError('syntax', `${text} is not a number`);
  return text.replaceAll(',', '');
}

function parseDigits(text: string, scale: number, original: string): number {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) throw new DecimalParseError('syntax', `${original} is not a number`);
  const integerPart = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > scale)
    throw new DecimalParseError('precision', `${original} has more than ${scale} decimal places`);
  const digits = (integerPart + fraction.padEnd(scale, '0')).replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) throw new DecimalParseError('overflow', `${original} is too large`);
  return value;
}

/** The exact decimal expansion of a JavaScript number's shortest representation ("1e-7" → "0.0000001"). */
function numberToPlainDecimal(value: number): string {
  const text = String(value);
  const match = SCIENTIFIC.exec(text);
  if (!match) return text;
  const digits = (match[1] ?? '') + (match[2] ?? '');
  const pointPosition = (match[1] ?? '').length + Number(match[3]);
  if (pointPosition <= 0) return `0.${'0'.repeat(-pointPosition)}${digits}`;
  if (pointPosition >= digits.length) return digits + '0'.repeat(pointPosition - digits.length);
  return `${digits.slice(0, pointPosition)}.${digits.slice(pointPosition)}`;
}

export interface FormatOptions {
  /** Decimals shown; defaults to the scale. Fewer than the scale rounds with `rounding`. */
  decimals?: number;
  /** Required when `decimals` < scale cuts digits off; default 'trunc' (toward zero). */
  rounding?: Rounding;
  /** Thousands separators: "10,000.00". Default true. */
  grouping?: boolean;
}

/** Formats minor units as a decimal: formatDecimal(123450, 2) → "1,234.50". */
export function formatDecimal(value: number, scale: number, options: FormatOptions = {}): string {
  assertSafeInteger(value, 'value');
  const decimals = options.decimals ?? scale;
  const grouping = options.grouping ?? true;
  let shown = value;
  let shownScale = scale;
  if (decimals < scale) {
    shown = divide(value, 10 ** (scale - decimals), options.rounding ?? 'trunc');
    shownScale = decimals;
  }
  const negative = shown < 0;
  const digits = String(Math.abs(shown)).padStart(shownScale + 1, '0');
  let integerPart = digits.slice(0, digits.length - shownScale);
  let fraction = digits.slice(digits.length - shownScale);
  if (decimals > shownScale) fraction = fraction.padEnd(decimals, '0');
  if (grouping) integerPart = integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = negative ? '-' : '';
  return fraction.length > 0 ? `${sign}${integerPart}.${fraction}` : `${sign}${integerPart}`;
}

/** Exact value as a plain decimal without grouping or trailing zeros: toDecimalString(1500000, 6) → "1.5". */
export function toDecimalString(value: number, scale: number): string {
  const text = formatDecimal(value, scale, { grouping: false });
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The nearest JavaScript number to the exact decimal, for JSON answers: toNumber(1500000, 6) → 1.5. */
export function toNumber(value: number, scale: number): number {
  return Number(toDecimalString(value, scale));
}
