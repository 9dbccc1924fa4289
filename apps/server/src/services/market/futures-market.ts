/**
 * One perpetual market's data (#34): its index, mark and funding (the pure price rules), its 1-minute candles (stored
 * under its symbol), its 24 h summary and ticker, and its recent trades. The market service keeps one per configured
 * market and feeds each on every tick; everything here is read from memory.
 */
import type { Queryable } from '@tickline/db';
import type { PriceTicks } from '@tickline/money';
import type { FuturesMarketAnswer, KlineData, TickerData, TradeData } from '@tickline/protocol';
import { CANDLE_CAPACITY, CandleHistory, klineData } from './candle-history.ts';
import { MinuteCandles } from './candles.ts';
import { IntervalKlines, type KlineInterval } from './interval-klines.ts';
import type { FundingSettlement } from '../../domain/market/funding.ts';
import { PriceRules } from '../../domain/market/price-rules.ts';
import { marketSummary } from './market-summary.ts';
import { freshQuotes } from './sources.ts';
import type { MarketLogger } from './logger.ts';
import { lotsToNumber, ticksToNumber } from '../../domain/market/units.ts';
import type { BookSnapshot, PriceSource, TradeTick } from './types.ts';

const RECENT_TRADES = 50;

/** Index, mark and funding of one market after a tick (the market service publishes it with the symbol). */
export interface MarketTick {
  indexPrice: PriceTicks;
  markPrice: PriceTicks;
  indexUpdatedAtMs: number;
  indexQuotedAtMs: number;
  indexSources: PriceRules['indexSources'];
  fundingRatePpm: number;
  nextFundingTimeMs: number;
}

export interface FuturesMarketOptions {
  symbol: string;
  /** The pair the price sources quote for this market's index. */
  indexPair: string;
  fundingIntervalMs: number;
  sources: readonly PriceSource[];
  db: Queryable | null;
  clock: () => number;
  logger: MarketLogger;
}

export class FuturesMarket {
  readonly symbol: string;
  private readonly candles: MinuteCandles;
  private readonly history: CandleHistory;
  private readonly intervals: IntervalKlines;
  private rules: PriceRules;
  private readonly trades: TradeData[] = [];
  private futuresCache: FuturesMarketAnswer | null = null;
  private tickerCache: TickerData | null = null;
  private lastKlineVersion = -1;
  private storedAtStart = 0;

  constructor(private readonly options: FuturesMarketOptions) {
    this.symbol = options.symbol;
    this.candles = new MinuteCandles(options.symbol, CANDLE_CAPACITY);
    this.rules = new PriceRules(options.fundingIntervalMs, options.clock());
    this.history = new CandleHistory(this.candles, options.db, options.sources, options.logger);
    this.intervals = new IntervalKlines(options.symbol, this.candles, options.db, options.clock);
  }

  /** Restores the stored candles (before the sources start: they resume the pair from the last stored close). */
  async restore(nowMs: number): Promise<void> {
    this.rules.restart(nowMs);
    this.storedAtStart = await this.history.restore(nowMs);
  }

  /** Fills an empty candle table from a source, and the past the long intervals' charts need. */
  async backfill(nowMs: number): Promise<void> {
    if (this.storedAtStart === 0) await this.history.backfill(nowMs);
    await this.history.backfillPast(nowMs);
  }

  persistCandles(): Promise<void> {
    return this.history.persist();
  }

  get index(): PriceTicks | null {
    return this.rules.index?.price ?? null;
  }

  get mark(): PriceTicks | null {
    return this.rules.markPrice;
  }

  fundingRatePpm(nowMs: number): number {
    return this.rules.fundingRatePpm(nowMs);
  }

  get nextFundingTimeMs(): number {
    return this.rules.nextFundingTimeMs;
  }

  futures(): FuturesMarketAnswer | null {
    return this.futuresCache;
  }

  ticker(): TickerData | null {
    return this.tickerCache;
  }

  klines(limit: number): KlineData[] {
    const open = this.candles.current();
    return this.candles.recent(limit).map((candle) => klineData(candle, candle !== open));
  }

  intervalKlines(interval: KlineInterval, limit: number): Promise<KlineData[]> {
    return this.intervals.read(interval, limit);
  }

  /** The open candle; between a minute's close and the next observation, the closed one (final, `closed: true`). */
  kline(): KlineData | null {
    const open = this.candles.current();
    if (open) return klineData(open, false);
    const [last] = this.candles.recent(1);
    return last ? klineData(last, true) : null;
  }

  recentTrades(limit: number): TradeData[] {
    return this.trades.slice(-limit);
  }

  /**
   * Recomputes from the sources' fresh quotes, the book (for the impact prices) and the last trade. Answers the
   * funding settlement due now, if any, and the tick to publish once the index is known.
   */
  tick(
    nowMs: number,
    staleAfterMs: number,
    book: BookSnapshot | null,
    impactNotional: number,
    lastTrade: PriceTicks | null,
  ): { settlement: FundingSettlement | null; tick: MarketTick | null } {
    const rules = this.rules;
    const fresh = freshQuotes(this.options.sources, this.options.indexPair, nowMs, staleAfterMs);
    const freshIndex = rules.observeIndex(
      fresh.map(({ source, quote }) => ({ source, price: quote.price, updatedAtMs: quote.updatedAtMs })),
      nowMs,
    );
    if (freshIndex !== null) this.candles.observeIndex(freshIndex, nowMs);
    this.candles.roll(nowMs);
    const settlement = rules.advanceFunding(nowMs);
    const index = rules.index;
    if (!index) return { settlement, tick: null };
    if (book) rules.sampleBook(book, index.price, impactNotional, nowMs);
    const mark = rules.updateMark(index.price, lastTrade, nowMs);
    const { futures, ticker } = marketSummary({
      symbol: this.symbol,
      last: lastTrade ?? this.candles.current()?.close ?? index.price,
      day: this.candles.dayStats(nowMs),
      index: index.price,
      mark,
      fundingRatePpm: rules.estimatedFundingRatePpm,
      fundingTimeMs: rules.nextFundingTimeMs,
      nowMs,
    });
    this.futuresCache = futures;
    this.tickerCache = ticker;
    return {
      settlement,
      tick: {
        indexPrice: index.price,
        markPrice: mark,
        indexUpdatedAtMs: index.updatedAtMs,
        indexQuotedAtMs: rules.indexQuotedAtMs,
        indexSources: rules.indexSources,
        fundingRatePpm: rules.estimatedFundingRatePpm,
        nextFundingTimeMs: rules.nextFundingTimeMs,
      },
    };
  }

  /** Records a trade of this market; answers it as the streams send it. */
  observeTrade(trade: TradeTick): TradeData {
    this.candles.observeTrade(trade.price, trade.qty, trade.timeMs);
    const data: TradeData = {
      id: trade.id,
      price: ticksToNumber(trade.price),
      qty: lotsToNumber(trade.qty),
      side: trade.takerSide === 1 ? 'buy' : 'sell',
      time: trade.timeMs,
    };
    this.trades.push(data);
    if (this.trades.length > RECENT_TRADES) this.trades.shift();
    return data;
  }

  /** Whether the candles changed since the last time this answered true. */
  klineChanged(): boolean {
    if (this.candles.version === this.lastKlineVersion) return false;
    this.lastKlineVersion = this.candles.version;
    return true;
  }
}
