/**
 * Chart intervals built from 1-minute candles (the current bar of a longer interval, kept live by the kline stream;
 * its history comes from the server): a bucket starts at openTime floored to the interval; open is the first
 * minute's, close the last's, high/low the extremes, volume the sum (in lots, so the sum is exact).
 */
import { QTY_SCALE, parseDecimal, toNumber } from '@tickline/money';

export interface Candle {
  openTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const CHART_INTERVALS = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240 } as const;
export type ChartInterval = keyof typeof CHART_INTERVALS;

const MINUTE_MS = 60_000;

export function bucketStart(openTime: number, interval: ChartInterval): number {
  const size = CHART_INTERVALS[interval] * MINUTE_MS;
  return Math.floor(openTime / size) * size;
}

/** Folds one 1-minute candle into the bucket it belongs to (a new bucket when it starts a later one). */
export function mergeMinute(bucket: Candle | undefined, minute: Candle, interval: ChartInterval): Candle {
  const start = bucketStart(minute.openTime, interval);
  if (!bucket || bucket.openTime !== start) return { ...minute, openTime: start };
  return {
    openTime: start,
    open: bucket.open,
    high: Math.max(bucket.high, minute.high),
    low: Math.min(bucket.low, minute.low),
    close: minute.close,
    volume: toNumber(parseDecimal(bucket.volume, QTY_SCALE) + parseDecimal(minute.volume, QTY_SCALE), QTY_SCALE),
  };
}

/** Aggregates 1-minute candles (oldest first, a minute may repeat with newer figures) into `interval` candles. */
export function aggregate(minutes: readonly Candle[], interval: ChartInterval): Candle[] {
  const out: Candle[] = [];
  const seen = new Map<number, Candle>();
  for (const minute of minutes) seen.set(minute.openTime, minute); // last figures of each minute win
  for (const minute of [...seen.values()].sort((a, b) => a.openTime - b.openTime)) {
    const last = out[out.length - 1];
    const merged = mergeMinute(last, minute, interval);
    if (last && last.openTime === merged.openTime) out[out.length - 1] = merged;
    else out.push(merged);
  }
  return out;
}
