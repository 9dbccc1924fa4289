/**
 * Number formats of market data. Our market (BTCUSDT) uses the money package's units: price ticks of 0.01 USDT,
 * quantity lots of 0.0001 BTC. World quotes (home tickers, top-30 coins) need finer prices (SHIB trades around
 * 0.00002 USDT), so sources report them in `Price8` units of 1e-8 USDT, as Binance quotes them.
 * Everything is an integer until it is formatted for JSON.
 */
import { divide, multiplyDivide, PRICE_SCALE, QTY_SCALE, type PriceTicks } from '@tickline/money';

export type Price8 = number;
/** Funding rates are integers in parts per million: 100 = 0.0001 = 0.01 %. */
export const FUNDING_RATE_PPM_SCALE = 6;
export const PRICE8_SCALE = 8;
const PRICE8_PER_TICK = 10 ** (PRICE8_SCALE - PRICE_SCALE);

/** Formats an integer in a decimal scale as a plain decimal string: (6700125, 2) → "67001.25". */
export function formatScaled(value: number, scale: number): string {
  const negative = value < 0;
  const digits = Math.abs(value)
    .toString()
    .padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The integer as a JSON-ready number with at most `scale` decimals (exact decimal text, parsed once). */
export function scaledToNumber(value: number, scale: number): number {
  return Number(formatScaled(value, scale));
}

export const ticksToNumber = (ticks: PriceTicks): number => scaledToNumber(ticks, PRICE_SCALE);
export const lotsToNumber = (lots: number): number => scaledToNumber(lots, QTY_SCALE);
export const price8ToNumber = (price: Price8): number => scaledToNumber(price, PRICE8_SCALE);

/**
 * Parses a decimal string (as Binance sends them: "11784.62659091") into an integer at `scale`, exactly,
 * rounding extra digits half-to-even. Returns null for anything that is not a plain finite decimal.
 */
export function parseScaled(text: unknown, scale: number): number | null {
  if (typeof text === 'number') text = Number.isFinite(text) ? String(text) : '';
  if (typeof text !== 'string') return null;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, scale).padEnd(scale, '0');
  let value = BigInt(whole! + kept);
  const rest = fraction.slice(scale);
  if (/[1-9]/.test(rest)) {
    const firstDropped = Number(rest[0]);
    const exactlyHalf = firstDropped === 5 && !/[1-9]/.test(rest.slice(1));
    if (firstDropped > 5 || (firstDropped === 5 && !exactlyHalf) || (exactlyHalf && value % 2n === 1n)) value += 1n;
  }
  const result = Number(sign === '-' ? -value : value);
  return Number.isSafeInteger(result) ? result : null;
}

/** World quote → our price ticks, half-to-even. */
export function price8ToTicks(price: Price8): PriceTicks {
  return divide(price, PRICE8_PER_TICK, 'halfEven');
}

export function ticksToPrice8(ticks: PriceTicks): Price8 {
  return ticks * PRICE8_PER_TICK;
}

/** Change from `open` to `last` in basis points (1.25 % = 125), half-to-even; 0 without an open. */
export function changeBps(open: number, last: number): number {
  if (open <= 0) return 0;
  return multiplyDivide(last - open, 10_000, open, 'halfEven');
}

/** Basis points as a percent number with 2 decimals (125 → 1.25). */
export const bpsToPercent = (bps: number): number => scaledToNumber(bps, 2);

/** Median of integers; the mean of the middle two (half-to-even) for an even count; null when empty. */
export function medianInteger(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return divide(sorted[middle - 1]! + sorted[middle]!, 2, 'halfEven');
}
