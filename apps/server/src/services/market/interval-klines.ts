/**
 * Chart candles of longer intervals (#28 item 7: every interval of the futures chart opens full). Made of the stored
 * minutes (PostgreSQL, reaching back PAST_DAYS after the backfill) for the part older than what memory holds, and of
 * the minutes in memory (the last CANDLE_CAPACITY, the open one included) for the rest, so the newest candle is live.
 * The stored part changes only when memory's oldest minute moves on, so it is read once per minute and interval.
 */
import { klines as klineStore, type Queryable } from '@tickline/db';
import type { KlineData } from '@tickline/protocol';
import { klineData } from './candle-history.ts';
import { MINUTE_MS, recordToCandle, type Candle, type MinuteCandles } from './candles.ts';

/** The intervals the chart offers, in minutes (Binance's names). */
export const KLINE_INTERVALS = { '1m': 1, '5m': 5, '15m': 15, '1h': 60, '4h': 240 } as const;
export type KlineInterval = keyof typeof KLINE_INTERVALS;

export const isKlineInterval = (text: unknown): text is KlineInterval =>
  typeof text === 'string' && Object.hasOwn(KLINE_INTERVALS, text);

/** Folds candles (oldest first, each inside one bucket of `intervalMs`) into one candle per bucket. */
export function aggregateCandles(candles: readonly Candle[], intervalMs: number): Candle[] {
  const out: Candle[] = [];
  for (const candle of candles) {
    const start = Math.floor(candle.openTimeMs / intervalMs) * intervalMs;
    const last = out.at(-1);
    if (last && last.openTimeMs === start) {
      last.high = Math.max(last.high, candle.high);
      last.low = Math.min(last.low, candle.low);
      last.close = candle.close;
      last.volume += candle.volume;
      last.tradeCount += candle.tradeCount;
    } else out.push({ ...candle, openTimeMs: start });
  }
  return out;
}

export class IntervalKlines {
  private stored = new Map<number, { fromMs: number; untilMs: number; candles: Candle[] }>();

  constructor(
    private readonly symbol: string,
    private readonly minutes: MinuteCandles,
    private readonly db: Queryable | null,
    private readonly clock: () => number,
  ) {}

  /** The newest `limit` candles of `interval`, oldest first, the current one last (not closed). */
  async read(interval: KlineInterval, limit: number): Promise<KlineData[]> {
    const intervalMs = KLINE_INTERVALS[interval] * MINUTE_MS;
    const currentStart = Math.floor(this.clock() / intervalMs) * intervalMs;
    const fromMs = currentStart - (limit - 1) * intervalMs;
    const memory = this.minutes.recent(Number.MAX_SAFE_INTEGER).filter((minute) => minute.openTimeMs >= fromMs);
    const memoryFromMs = memory[0]?.openTimeMs ?? currentStart + intervalMs;
    const older = memoryFromMs > fromMs ? await this.storedPart(intervalMs, fromMs, memoryFromMs) : [];
    // A bucket may begin in the store and end in memory: aggregating both in order joins it.
    const candles = aggregateCandles([...older, ...memory], intervalMs).slice(-limit);
    return candles.map((candle) => klineData(candle, candle.openTimeMs < currentStart, intervalMs));
  }

  private async storedPart(intervalMs: number, fromMs: number, untilMs: number): Promise<Candle[]> {
    if (!this.db) return [];
    const cached = this.stored.get(intervalMs);
    if (cached && cached.fromMs === fromMs && cached.untilMs === untilMs) return cached.candles;
    const rows = await klineStore.aggregatedKlines(this.db, this.symbol, intervalMs, fromMs, untilMs);
    const candles = rows.map(recordToCandle);
    this.stored.set(intervalMs, { fromMs, untilMs, candles });
    return candles;
  }
}
