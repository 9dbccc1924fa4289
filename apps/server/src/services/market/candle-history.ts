// One futures market's candles' storage: restored from PostgreSQL at start, backfilled from a source when the table is empty,
// and written back as they change (the scheduler's candle-persist job). Without a database they live in memory only.
import { klines as klineStore, type Queryable } from '@tickline/db';
import type { KlineData } from '@tickline/protocol';
import { candleToRecord, MINUTE_MS, recordToCandle, type Candle, type MinuteCandles } from './candles.ts';
import type { MarketLogger } from './logger.ts';
import { lotsToNumber, price8ToTicks, ticksToNumber, ticksToPrice8 } from '../../domain/market/units.ts';
import type { PriceSource, SourceCandle } from './types.ts';

/** Candles kept in memory and restored at start (a day and a bit of minutes). */
export const CANDLE_CAPACITY = 1500;
/**
 * How far back the stored minutes reach once backfilled: the 4-hour chart's 360 candles, so that every interval of the
 * futures chart opens full (#28 item 7). About 86,000 rows, written once.
 */
export const PAST_DAYS = 60;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Rows per write of the past's backfill (eight arrays of this length in one statement). */
const PAST_WRITE_ROWS = 10_000;

export class CandleHistory {
  private persisting: Promise<void> | null = null;

  constructor(
    private readonly candles: MinuteCandles,
    private readonly db: Queryable | null,
    private readonly sources: readonly PriceSource[],
    private readonly logger: MarketLogger,
  ) {}

  /** Loads the stored candles and lets the sources resume from the last close; how many there were. */
  async restore(nowMs: number): Promise<number> {
    const stored = this.db ? await klineStore.recentKlines(this.db, this.candles.symbol, CANDLE_CAPACITY) : [];
    if (stored.length === 0) return 0;
    this.candles.load(stored.map(recordToCandle), nowMs);
    const lastClose = ticksToPrice8(stored.at(-1)!.close);
    for (const source of this.sources) source.resumeFrom?.(this.candles.symbol, lastClose);
    return stored.length;
  }

  /** Fills an empty history from the first source that has one (the simulated market in the default mode). */
  async backfill(nowMs: number): Promise<void> {
    const currentMinuteMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS;
    for (const source of this.sources) {
      if (!source.history) continue;
      try {
        const history = await source.history(this.candles.symbol, CANDLE_CAPACITY, currentMinuteMs);
        if (history.length === 0) continue;
        const candles = history.map(fromSource);
        this.candles.load(candles, nowMs);
        this.candles.restoreDirty(candles);
        this.logger.info({ source: source.name, candles: candles.length }, 'candle history backfilled');
        await this.persist();
        return;
      } catch (error) {
        this.logger.warn({ source: source.name, err: String(error) }, 'candle backfill failed');
      }
    }
  }

  /**
   * Extends the stored minutes back to PAST_DAYS before now from the first source that can (the simulated market),
   * joined to the oldest stored candle: at the first start after a backfill, and on a platform whose store began before
   * this existed. Stored only (memory keeps CANDLE_CAPACITY); without a database there is nothing to extend.
   */
  async backfillPast(nowMs: number): Promise<void> {
    if (!this.db) return;
    const oldest = await klineStore.oldestKline(this.db, this.candles.symbol);
    const targetMs = Math.floor(nowMs / MINUTE_MS) * MINUTE_MS - PAST_DAYS * DAY_MS;
    if (!oldest || oldest.openTimeMs <= targetMs) return;
    const minutes = (oldest.openTimeMs - targetMs) / MINUTE_MS;
    for (const source of this.sources) {
      if (!source.pastHistory) continue;
      try {
        const past = await source.pastHistory(
          this.candles.symbol,
          minutes,
          oldest.openTimeMs,
          ticksToPrice8(oldest.open),
        );
        for (let at = 0; at < past.length; at += PAST_WRITE_ROWS) {
          const rows = past
            .slice(at, at + PAST_WRITE_ROWS)
            .map((c) => candleToRecord(this.candles.symbol, fromSource(c)));
          await klineStore.upsertKlines(this.db, rows);
        }
        this.logger.info({ source: source.name, candles: past.length }, 'candle past backfilled');
        return;
      } catch (error) {
        this.logger.warn({ source: source.name, err: String(error) }, 'candle past backfill failed');
      }
    }
  }

  /** Writes changed candles; a failed write is retried with the next one. One write at a time. */
  persist(): Promise<void> {
    if (!this.db) return Promise.resolve();
    if (this.persisting) return this.persisting;
    const db = this.db;
    const candles = this.candles.takeDirty();
    if (candles.length === 0) return Promise.resolve();
    this.persisting = klineStore
      .upsertKlines(
        db,
        candles.map((candle) => candleToRecord(this.candles.symbol, candle)),
      )
      .catch((error: unknown) => {
        this.candles.restoreDirty(candles);
        this.logger.warn({ err: String(error), candles: candles.length }, 'storing candles failed');
      })
      .finally(() => {
        this.persisting = null;
      });
    return this.persisting;
  }
}

/** A source's minute as ours (a source's history has no trade count). */
function fromSource(candle: SourceCandle): Candle {
  return {
    openTimeMs: candle.openTimeMs,
    open: price8ToTicks(candle.open),
    high: price8ToTicks(candle.high),
    low: price8ToTicks(candle.low),
    close: price8ToTicks(candle.close),
    volume: candle.volume ?? 0,
    tradeCount: 0,
  };
}

/** A candle (of one minute unless `intervalMs` says otherwise) as the kline stream and endpoint send it. */
export function klineData(candle: Candle, closed: boolean, intervalMs = MINUTE_MS): KlineData {
  return {
    openTime: candle.openTimeMs,
    closeTime: candle.openTimeMs + intervalMs - 1,
    open: ticksToNumber(candle.open),
    high: ticksToNumber(candle.high),
    low: ticksToNumber(candle.low),
    close: ticksToNumber(candle.close),
    volume: lotsToNumber(candle.volume),
    closed,
  };
}
