// Display of numbers from the server and market feeds: read exactly (lib/decimal.ts), rounded as named, printed with
// thousands separators by @tickline/money. No floating-point arithmetic on the way.
import { formatDecimal, type Rounding } from '@tickline/money';
import type { Numeric } from '../api/types.ts';
import { decimalToMinorUnits, readDecimal, signOf } from './decimal.ts';

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

const SIGNIFICANT_DIGITS = 4;

/**
 * Market prices below 1 USDT need more than 2 decimals to say anything (e.g. SHIB): 4 significant digits there;
 * money rules (2 decimals) from 1 up. Rounded half to even.
 */
export function formatMarketPrice(value: Numeric | null | undefined): string {
  const decimal = readDecimal(value);
  if (!decimal) return '-';
  const wholeDigits = decimal.digits.toString().length - decimal.fractionDigits;
  if (decimal.digits === 0n || wholeDigits > 0) return formatNumber(value, 2);
  // 0.000ddd…: -wholeDigits zeros after the point before the first significant digit.
  return formatNumber(value, -wholeDigits + SIGNIFICANT_DIGITS);
}

export type Trend = 'up' | 'down' | 'flat';

/** Seeds: a change above zero is up, below zero down; exactly zero (or not a number) is neutral. */
export function trendOf(value: Numeric | null | undefined): Trend {
  const sign = signOf(value);
  if (sign === 1) return 'up';
  if (sign === -1) return 'down';
  return 'flat';
}

/** ISO or numeric dates as `YYYY-MM-DD HH:mm` in the viewer's time zone. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
