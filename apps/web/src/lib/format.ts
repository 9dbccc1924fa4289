import type { Numeric } from '../api/types.ts';

/** Accepts JSON numbers and numeric strings; anything else is NaN. */
export function toNumber(value: Numeric | null | undefined): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value.replace(/,/g, ''));
  return Number.NaN;
}

const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/** Thousands separators and a fixed number of decimals; '-' when the value is not a number. */
export function formatNumber(value: Numeric | null | undefined, decimals: number): string {
  const number = toNumber(value);
  return Number.isFinite(number) ? formatterFor(decimals).format(number) : '-';
}

/** Seeds §1: money with thousands separators and 2 decimals. */
export const formatMoney = (value: Numeric | null | undefined) => formatNumber(value, 2);

/** Seeds §1: counts with 0 decimals. */
export const formatCount = (value: Numeric | null | undefined) => formatNumber(value, 0);

/** Signed percentage with 2 decimals: +1.23% / -0.45%. */
export function formatPercent(value: Numeric | null | undefined): string {
  const number = toNumber(value);
  if (!Number.isFinite(number)) return '-';
  return `${number > 0 ? '+' : ''}${formatterFor(2).format(number)}%`;
}

/** Market prices below 1 USDT need more than 2 decimals to say anything (e.g. SHIB); money rules apply above. */
export function formatMarketPrice(value: Numeric | null | undefined): string {
  const number = toNumber(value);
  if (!Number.isFinite(number)) return '-';
  if (Math.abs(number) >= 1) return formatterFor(2).format(number);
  const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4, minimumSignificantDigits: 4 });
  return significant.format(number);
}

export type Trend = 'up' | 'down' | 'flat';

/** Seeds: positive change is green, otherwise red; exactly zero is neutral. */
export function trendOf(value: Numeric | null | undefined): Trend {
  const number = toNumber(value);
  if (!Number.isFinite(number) || number === 0) return 'flat';
  return number > 0 ? 'up' : 'down';
}

/** ISO or numeric dates as `YYYY-MM-DD HH:mm` in the viewer's time zone. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
  if (Number.isNaN(date.getTime())) return String(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
