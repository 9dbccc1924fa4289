/**
 * One-minute candles of our market, in memory (the newest `capacity` minutes) and persisted by the service.
 * A minute with trades is made of its trades (open = first trade, volume = traded lots); a minute without trades
 * follows the index price, so the chart moves even before anyone trades. Once a trade arrives in a minute the
 * index observations of that minute are dropped: exchanges draw last-price candles.
 */
import type { klines } from '@tickline/db';
import type { PriceTicks, QtyLots } from '@tickline/money';

export const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface Candle {
  openTimeMs: number;
  open: PriceTicks;
  high: PriceTicks;
  low: PriceTicks;
  close: PriceTicks;
  volume: QtyLots;
  tradeCount: number;
}

export interface DayStats {
  open: PriceTicks;
  high: PriceTicks;
  low: PriceTicks;
  volume: QtyLots;
}

export const minuteStart = (timeMs: number): number => Math.floor(timeMs / MINUTE_MS) * MINUTE_MS;

export class MinuteCandles {
  /** Closed minutes, oldest first. */
  private readonly closed: Candle[] = [];
  private open: Candle | null = null;
  /** Candles changed since the last takeDirty() (closed ones and the open one), by open time. */
  private readonly dirty = new Map<number, Candle>();
  /** Bumped on every change, so readers can tell whether to push an update. */
  version = 0;

  constructor(
    readonly symbol: string,
    private readonly capacity = 1500,
  ) {}

  /** Loads stored history (oldest first); the newest stored minute may still be open. */
  load(history: readonly Candle[], nowMs: number): void {
    const currentMinuteMs = minuteStart(nowMs);
    for (const candle of history) {
      if (candle.openTimeMs < currentMinuteMs) this.pushClosed({ ...candle });
      else if (candle.openTimeMs === currentMinuteMs) this.open = { ...candle };
    }
    this.version += 1;
  }

  observeIndex(price: PriceTicks, timeMs: number): void {
    const candle = this.candleAt(timeMs, price);
    if (!candle || candle.tradeCount > 0) return;
    this.apply(candle, price);
  }

  observeTrade(price: PriceTicks, qty: QtyLots, timeMs: number): void {
    const candle = this.candleAt(timeMs, price);
    if (!candle) return;
    if (candle.tradeCount === 0) {
      candle.open = candle.high = candle.low = price;
      candle.volume = 0;
    }
    candle.tradeCount += 1;
    candle.volume += qty;
    this.apply(candle, price);
  }

  /** Closes the open minute once the clock has passed it (the service calls this every tick). */
  roll(nowMs: number): void {
    if (this.open && minuteStart(nowMs) > this.open.openTimeMs) {
      this.pushClosed(this.open);
      this.dirty.set(this.open.openTimeMs, this.open);
      this.open = null;
      this.version += 1;
    }
  }

  current(): Candle | null {
    return this.open;
  }

  /** The newest `limit` candles including the open one, oldest first. */
  recent(limit: number): Candle[] {
    const all = this.open ? [...this.closed.slice(-(limit - 1)), this.open] : this.closed.slice(-limit);
    return limit <= 0 ? [] : all.slice(-limit);
  }

  get size(): number {
    return this.closed.length + (this.open ? 1 : 0);
  }

  /** Rolling 24 h statistics from the minutes that started within the last day; null without any. */
  dayStats(nowMs: number): DayStats | null {
    const fromMs = minuteStart(nowMs) - DAY_MS + MINUTE_MS;
    let stats: DayStats | null = null;
    for (const candle of this.open ? [...this.closed, this.open] : this.closed) {
      if (candle.openTimeMs < fromMs) continue;
      if (!stats) stats = { open: candle.open, high: candle.high, low: candle.low, volume: 0 };
      stats.high = Math.max(stats.high, candle.high);
      stats.low = Math.min(stats.low, candle.low);
      stats.volume += candle.volume;
    }
    return stats;
  }

  /** Candles to persist since the last call. */
  takeDirty(): Candle[] {
    const candles = [...this.dirty.values()].map((candle) => ({ ...candle }));
    this.dirty.clear();
    return candles;
  }

  /** Puts back candles whose write failed, unless a newer change is already waiting. */
  restoreDirty(candles: readonly Candle[]): void {
    for (const candle of candles) if (!this.dirty.has(candle.openTimeMs)) this.dirty.set(candle.openTimeMs, candle);
  }

  /** The candle of `timeMs`'s minute, opening it if needed; null for a minute already closed. */
  private candleAt(timeMs: number, price: PriceTicks): Candle | null {
    const minuteMs = minuteStart(timeMs);
    this.roll(timeMs);
    if (this.open && this.open.openTimeMs === minuteMs) return this.open;
    const last = this.closed.at(-1);
    if (last && last.openTimeMs >= minuteMs) return null;
    this.open = { openTimeMs: minuteMs, open: price, high: price, low: price, close: price, volume: 0, tradeCount: 0 };
    return this.open;
  }

  private apply(candle: Candle, price: PriceTicks): void {
    candle.high = Math.max(candle.high, price);
    candle.low = Math.min(candle.low, price);
    candle.close = price;
    this.dirty.set(candle.openTimeMs, candle);
    this.version += 1;
  }

  private pushClosed(candle: Candle): void {
    this.closed.push(candle);
    if (this.closed.length > this.capacity) this.closed.shift();
  }
}

export function candleToRecord(symbol: string, candle: Candle): klines.KlineRecord {
  return { symbol, ...candle };
}

export function recordToCandle(record: klines.KlineRecord): Candle {
  return {
    openTimeMs: record.openTimeMs,
    open: record.open,
    high: record.high,
    low: record.low,
    close: record.close,
    volume: record.volume,
    tradeCount: record.tradeCount,
  };
}
