// Display of numbers from the server and market feeds: read exactly (lib/decimal.ts), rounded as named, printed with
// thousands separators by @tickline/money. No floating-point arithmetic on the way.
import { formatDecimal, type Rounding } from '@tickline/money';
import type { Numeric } from '../api/types.ts';
import { decimalToMinorUnits, readDecimal, signOf, type ExactDecimal } from './decimal.ts';
import { formatZonedDateTime } from './timeZone.ts';

/** Thousands separators and a fixed number of decimals (rounded half to even unless named); '-' when not a number. */
export function formatNumber(
  value: Numeric | null | undefined,
  decimals: number,
  rounding: Rounding = 'halfEven',
): string {
  const decimal = readDecimal(value);
  const units = decimal ? decimalToMinorUnits(decimal, decimals, rounding) : null;
  return units === null ? '-' : formatDecimal(units, decimals);
}

/** Seeds §1: money with thousands separators and 2 decimals, rounded down (never more than is there). */
export const formatMoney = (value: Numeric | null | undefined) => formatNumber(value, 2, 'floor');

/** Seeds §1: counts with 0 decimals. */
export const formatCount = (value: Numeric | null | undefined) => formatNumber(value, 0, 'trunc');

/** Signed percentage with 2 decimals: +1.23% / -0.45%; '+' whenever the value is above zero. */
export function formatPercent(value: Numeric | null | undefined): string {
  const shown = formatNumber(value, 2);
  if (shown === '-') return shown;
  return `${signOf(value) === 1 ? '+' : ''}${shown}%`;
}

/** World prices come with at most 8 decimals (Binance's precision, our Price8). */
const MAX_PRICE_DECIMALS = 8;
/** A price shows at least this many significant digits wherever it is listed. */
const PRICE_SIGNIFICANT_DIGITS = 4;

/** Decimals that show `significant` significant digits: 67001.25 → 0, 4.4012 → 3, 0.00001789 → 8. */
function decimalsForSignificant(decimal: ExactDecimal, significant: number): number {
  const wholeDigits = decimal.digits.toString().length - decimal.fractionDigits;
  // 0.000ddd…: -wholeDigits zeros after the point before the first significant digit.
  return decimal.digits === 0n ? 0 : Math.max(0, significant - wholeDigits);
}

function formatPriceWith(value: Numeric | null | undefined, minDecimals: number): string {
  const decimal = readDecimal(value);
  if (!decimal) return '-';
  const decimals = Math.min(
    MAX_PRICE_DECIMALS,
    Math.max(minDecimals, decimalsForSignificant(decimal, PRICE_SIGNIFICANT_DIGITS)),
  );
  return formatNumber(value, decimals);
}

/**
 * The markets list (#18): the decimals a price needs for 4 significant digits, at least 2, at most 8; decided by the
 * price alone, so the same at every screen width (97,123.46; 4.401; 1.000; 0.00001789). Rounded half to even.
 */
export const formatMarketPrice = (value: Numeric | null | undefined) => formatPriceWith(value, 2);

/** The home Market Trend table: the seeds' 5 decimals, more when a price needs them (SHIB 0.00001789, not 0.00002). */
export const formatHomePrice = (value: Numeric | null | undefined) => formatPriceWith(value, 5);

const COMPACT_UNITS: [exponent: number, suffix: string][] = [
  [12, 'T'],
  [9, 'B'],
  [6, 'M'],
  [3, 'K'],
];

/**
 * Volumes and market caps in short form (#18): 1.32T, 845.2M, 12.35K (2 decimals below 100 of the unit, 1 above);
 * below a thousand as money. Exact: the value is shifted by its unit's power of ten, never divided in floating point.
 */
export function formatCompact(value: Numeric | null | undefined): string {
  const decimal = readDecimal(value);
  if (!decimal) return '-';
  const wholeDigits = decimal.digits.toString().length - decimal.fractionDigits;
  for (const [exponent, suffix] of COMPACT_UNITS) {
    if (wholeDigits <= exponent) continue;
    const shifted: ExactDecimal = { ...decimal, fractionDigits: decimal.fractionDigits + exponent };
    const decimals = wholeDigits - exponent >= 3 ? 1 : 2;
    const units = decimalToMinorUnits(shifted, decimals, 'halfEven');
    return units === null ? '-' : `${formatDecimal(units, decimals)}${suffix}`;
  }
  return formatNumber(value, 2);
}

export type Trend = 'up' | 'down' | 'flat';

/** Seeds: a change above zero is up, below zero down; exactly zero (or not a number) is neutral. */
export function trendOf(value: Numeric | null | undefined): Trend {
  const sign = signOf(value);
  if (sign === 1) return 'up';
  if (sign === -1) return 'down';
  return 'flat';
}

/** ISO or numeric dates as `YYYY-MM-DD HH:mm` in the user's time zone (lib/timeZone.ts: Seoul unless chosen). */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatZonedDateTime(date);
}
