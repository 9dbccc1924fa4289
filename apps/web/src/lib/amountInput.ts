// Price and amount inputs (seed 000, trade panel): only digits, dots and commas are accepted, the whole part is
// shown with thousands separators, and a negative or non-numeric value counts as 0.
import { toMinorUnits } from './decimal.ts';

const PLAIN_AMOUNT = /^(\d+\.?\d*|\.\d+)$/;

/**
 * The amount typed, in minor units of `scale` decimals: commas are thousands separators; empty, negative or
 * non-numeric text, or a value too large to hold, is 0; decimals beyond `scale` are cut off (trunc).
 */
export function parseAmountInput(raw: string, scale: number): number {
  const text = raw.trim().replaceAll(',', '');
  if (!PLAIN_AMOUNT.test(text)) return 0;
  return toMinorUnits(text, scale, 'trunc') ?? 0;
}

/**
 * What the input shows while the user types: other characters dropped, leading zeros of the whole part dropped,
 * thousands separators added (unless `grouped` is false, as for the TP/SL triggers), one decimal point kept with at
 * most `maxDecimals` decimals after it ("1234." stays "1,234." so the point can be typed). Formatting what it returns
 * again changes nothing.
 */
export function formatAmountInput(raw: string, maxDecimals: number, { grouped = true } = {}): string {
  const text = raw.replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  const whole = (point < 0 ? text : text.slice(0, point)).replace(/^0+(?=\d)/, '');
  const shownWhole = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  if (point < 0 || maxDecimals <= 0) return shownWhole;
  const fraction = text
    .slice(point + 1)
    .replaceAll('.', '')
    .slice(0, maxDecimals);
  return `${shownWhole === '' ? '0' : shownWhole}.${fraction}`;
}

/**
 * The seed 000 §5 price and amount fields: as `formatAmountInput`, except that text which is not a plain
 * non-negative number (a minus sign, a letter, a second point) becomes 0 instead of being filtered.
 */
export function amountInputOrZero(raw: string, maxDecimals: number): string {
  return /^\d*\.?\d*$/.test(raw.replaceAll(',', '')) ? formatAmountInput(raw, maxDecimals) : '0';
}
