/**
 * Chart indicators over closing prices (oldest first). Floats are fine here: these are drawn lines, not money.
 * Each returns one value per input bar, `null` where the window is not yet full, so the result lines up with the bars.
 */

/** Simple moving average of the last `period` values. A running sum keeps it O(n). */
export function sma(values: readonly number[], period: number): (number | null)[] {
  const out: (number | null)[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    out.push(i >= period - 1 ? sum / period : null);
  }
  return out;
}

/** Exponential moving average, k = 2 / (period + 1), seeded with the SMA of the first `period` values (as TradingView). */
export function ema(values: readonly number[], period: number): (number | null)[] {
  const out: (number | null)[] = [];
  const k = 2 / (period + 1);
  let previous = 0;
  for (let i = 0; i < values.length; i++) {
    if (i < period - 1) {
      out.push(null);
      previous += values[i]!;
    } else if (i === period - 1) {
      previous = (previous + values[i]!) / period;
      out.push(previous);
    } else {
      previous = values[i]! * k + previous * (1 - k);
      out.push(previous);
    }
  }
  return out;
}

export interface Band {
  middle: number;
  upper: number;
  lower: number;
}

/** Bollinger bands: SMA ± `width` population standard deviations of the same window. */
export function bollinger(values: readonly number[], period: number, width: number): (Band | null)[] {
  const middle = sma(values, period);
  return middle.map((mean, i) => {
    if (mean === null) return null;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += (values[j]! - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    return { middle: mean, upper: mean + width * deviation, lower: mean - width * deviation };
  });
}

export const INDICATOR_KINDS = ['volume', 'ma', 'ema', 'bb'] as const;
export type IndicatorKind = (typeof INDICATOR_KINDS)[number];
export type IndicatorSet = Record<IndicatorKind, boolean>;

/** What a new trader sees: volume and the 20-bar MA on, the rest one click away. */
export const DEFAULT_INDICATORS: IndicatorSet = { volume: true, ma: true, ema: false, bb: false };
export const MA_PERIOD = 20;
export const EMA_PERIOD = 50;
export const BB_PERIOD = 20;
export const BB_WIDTH = 2;

/** Reads the remembered set; anything unreadable or partial falls back to the defaults key by key. */
export function parseIndicators(text: string | null): IndicatorSet {
  let stored: unknown = null;
  try {
    stored = text === null ? null : JSON.parse(text);
  } catch {
    stored = null;
  }
  const set = { ...DEFAULT_INDICATORS };
  if (stored && typeof stored === 'object')
    for (const kind of INDICATOR_KINDS) {
      const value = (stored as Record<string, unknown>)[kind];
      if (typeof value === 'boolean') set[kind] = value;
    }
  return set;
}
