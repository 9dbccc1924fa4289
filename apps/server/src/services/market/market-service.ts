/**
 * The market service: combines the price sources into the index, computes mark price, premium and funding,
 * builds and stores 1-minute candles, and keeps every answer of the market endpoints in memory, refreshed by a
 * background tick, so no request ever waits for a source. It also implements the gateway's MarketFeed.
 *
 * The order book, trades and last price of our own market come from the trading engine when it is attached
 * (attachDepthSource / attachTradeSource / attachLastPriceSource); until then the market runs on the index alone.
 */
import type { Queryable } from '@tickline/db';
import type { PriceTicks } from '@tickline/money';
import type { CoinMarket, FuturesMarketAnswer, HomeTicker, KlineData, TickerData, TradeData } from '@tickline/protocol';
import type { MarketFeed } from './feed.ts';
import { CANDLE_CAPACITY, CandleHistory, klineData } from './candle-history.ts';
import { MinuteCandles } from './candles.ts';
import { IntervalKlines, type KlineInterval } from './interval-klines.ts';
import { FUTURES_SYMBOL } from './catalogue.ts';
import type { MarketConfig } from './config.ts';
import { FundingTracker, premiumSamplePpm, type FundingSettlement } from './funding.ts';
import { Listeners } from './listeners.ts';
import { marketSummary } from './market-summary.ts';
import { freshQuotes } from './sources.ts';
import { WorldMarkets } from './world-markets.ts';
import { silentLogger, type MarketLogger } from './logger.ts';
import { markPrice, MovingBasis } from './mark-price.ts';
import { lotsToNumber, medianInteger, price8ToTicks, ticksToNumber } from './units.ts';
import type {
  BookSnapshot,
  DepthSource,
  IndexQuote,
  LastPriceSource,
  PriceSource,
  TradeSource,
  TradeTick,
  Unsubscribe,
} from './types.ts';

const RECENT_TRADES = 50;
/** Levels read from the book for the impact prices (deep enough for the impact notional). */
const IMPACT_BOOK_LEVELS = 200;
const PREMIUM_SAMPLE_INTERVAL_MS = 5_000;
/** How often the candle-persist job stores changed candles. */
export const CANDLE_PERSIST_INTERVAL_MS = 5_000;
const FUNDING_SETTLEMENT_GRACE_MS = 30_000;
const EMPTY_BOOK: BookSnapshot = Object.freeze({ bids: [], asks: [] }) as unknown as BookSnapshot;

/** `GET /api/v1/market/futures`: field names of Binance's premium index and 24 h ticker, as the seeds read them. */
export type FuturesSummary = FuturesMarketAnswer;

export type { CoinMarket, HomeTicker } from '@tickline/protocol';

/** Published every tick: what the sequencer (liquidations, TP/SL) and the option rounds need. */
export interface PriceUpdate {
  indexPrice: PriceTicks;
  markPrice: PriceTicks;
  /** When the index last changed from a fresh source quote. */
  indexUpdatedAtMs: number;
  /** When a source last quoted BTCUSDT (the newest fresh quote): how old the index really is. */
  indexQuotedAtMs: number;
  /** The fresh source quotes the index is the median of (what the option round audit shows). */
  indexSources: readonly IndexQuote[];
  fundingRatePpm: number;
  nextFundingTimeMs: number;
  timeMs: number;
}

export interface MarketServiceOptions {
  config: MarketConfig;
  sources: PriceSource[];
  /** Where candles are stored; without it they live in memory only. */
  db?: Queryable | null;
  clock?: () => number;
  logger?: MarketLogger;
}

export class MarketService implements MarketFeed {
  private readonly config: MarketConfig;
  private readonly sources: PriceSource[];
  private readonly clock: () => number;
  private readonly logger: MarketLogger;
  private readonly candles = new MinuteCandles(FUTURES_SYMBOL, CANDLE_CAPACITY);
  private readonly movingBasis = new MovingBasis(60_000);
  private funding: FundingTracker;
  private readonly recentTradeData: TradeData[] = [];

  private depthSource: DepthSource | null = null;
  private lastPriceSource: LastPriceSource | null = null;
  private readonly detachers: Unsubscribe[] = [];

  private index: { price: PriceTicks; updatedAtMs: number } | null = null;
  /** The quotes of the newest fresh index (kept while the sources are silent, like indexQuotedAtMs). */
  private indexSources: readonly IndexQuote[] = [];
  /** The newest fresh BTCUSDT quote's time, kept while the sources are silent. */
  private indexQuotedAtMs = 0;
  private mark: PriceTicks | null = null;
  private lastPremiumSampleMs = 0;
  private lastSettlement: FundingSettlement | null = null;
  private futuresCache: FuturesSummary | null = null;
  private tickerCache: TickerData | null = null;
  private readonly world = new WorldMarkets();
  private lastKlineVersion = -1;

  private readonly history: CandleHistory;
  private readonly intervals: IntervalKlines;
  private started = false;

  private readonly depthListeners: Listeners<[string]>;
  private readonly tradeListeners: Listeners<[string, TradeData]>;
  private readonly klineListeners: Listeners<[string]>;
  private readonly listListeners: Listeners<[]>;
  private readonly priceListeners: Listeners<[PriceUpdate]>;
  private readonly fundingListeners: Listeners<[FundingSettlement]>;

  constructor(options: MarketServiceOptions) {
    this.config = options.config;
    this.sources = options.sources;
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    this.funding = new FundingTracker(this.config.fundingIntervalMs, this.clock());
    this.history = new CandleHistory(this.candles, options.db ?? null, this.sources, this.logger);
    this.intervals = new IntervalKlines(FUTURES_SYMBOL, this.candles, options.db ?? null, this.clock);
    const onError = (error: unknown): void => this.logger.warn({ err: String(error) }, 'market listener failed');
    this.depthListeners = new Listeners(onError);
    this.tradeListeners = new Listeners(onError);
    this.klineListeners = new Listeners(onError);
    this.listListeners = new Listeners(onError);
    this.priceListeners = new Listeners(onError);
    this.fundingListeners = new Listeners(onError);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Lifecycle

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const nowMs = this.clock();
    this.funding = new FundingTracker(this.config.fundingIntervalMs, nowMs);
    const stored = await this.history.restore(nowMs);
    await Promise.all(this.sources.map((source) => source.start()));
    await this.world.loadHistory(this.sources, nowMs, this.logger);
    if (stored === 0 && this.config.backfillCandles) await this.history.backfill(nowMs);
    if (this.config.backfillCandles) await this.history.backfillPast(nowMs);
    // Later ticks and candle writes are the scheduler's price-tick and candle-persist jobs (jobs/market-jobs.ts).
    this.tick();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const detach of this.detachers.splice(0)) detach();
    await Promise.all(this.sources.map((source) => source.stop()));
    await this.persistCandles();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The trading engine's sources

  attachDepthSource(source: DepthSource): void {
    this.depthSource = source;
    this.detachers.push(source.onDepthChange((symbol) => this.depthListeners.emit(symbol)));
    this.depthListeners.emit(FUTURES_SYMBOL);
  }

  attachTradeSource(source: TradeSource): void {
    this.detachers.push(source.onTrade((trade) => this.handleTrade(trade)));
  }

  attachLastPriceSource(source: LastPriceSource): void {
    this.lastPriceSource = source;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reads (all from memory)

  indexPrice(): PriceTicks | null {
    return this.index?.price ?? null;
  }

  lastTradePrice = (): PriceTicks | null => this.lastPriceSource?.lastPrice(FUTURES_SYMBOL) ?? null;

  markPrice(): PriceTicks | null {
    return this.mark;
  }

  /**
   * The rate to settle now: the estimate of the running interval, except just after a settlement time, when it is
   * the rate that interval closed with (a settlement job whose timer fires a little after our tick reads the right
   * one). The ticker always shows the running estimate.
   */
  fundingRatePpm(): number {
    const last = this.lastSettlement;
    const graceMs = Math.min(FUNDING_SETTLEMENT_GRACE_MS, this.config.fundingIntervalMs / 2);
    if (last && this.clock() - last.fundingTimeMs < graceMs) return last.ratePpm;
    return this.funding.estimatedRatePpm;
  }

  nextFundingTimeMs(): number {
    return this.funding.nextFundingTimeMs;
  }

  futures(): FuturesSummary | null {
    return this.futuresCache;
  }

  /** The home table; its BTCUSDT row is our perpetual's (#28 item 6: one price everywhere, the hero's and /futures'). */
  tickers = (): HomeTicker[] => this.world.tickers(this.futuresCache);

  coins = (): CoinMarket[] => this.world.coins();

  /** The coins with 7 days of hourly prices each (GET /market/coins?sparkline=true). */
  coinsWithSparkline(): CoinMarket[] {
    return this.world.coinsWithSparkline();
  }

  /** Candles for the chart, oldest first, the open minute last. */
  klines(symbol: string, limit: number): KlineData[] {
    if (symbol !== FUTURES_SYMBOL) return [];
    const open = this.candles.current();
    return this.candles.recent(limit).map((candle) => klineData(candle, candle !== open));
  }

  /** Candles of `interval` for the chart, oldest first (see interval-klines.ts). */
  intervalKlines = (symbol: string, interval: KlineInterval, limit: number): Promise<KlineData[]> =>
    symbol === FUTURES_SYMBOL ? this.intervals.read(interval, limit) : Promise.resolve([]);

  // MarketFeed -------------------------------------------------------------------------------------------------

  isSymbol(symbol: string): boolean {
    return symbol === FUTURES_SYMBOL;
  }

  depth(symbol: string, levels: number): BookSnapshot {
    if (!this.depthSource || symbol !== FUTURES_SYMBOL) return EMPTY_BOOK;
    return this.depthSource.depth(symbol, levels);
  }

  ticker(symbol: string): TickerData | null {
    return symbol === FUTURES_SYMBOL ? this.tickerCache : null;
  }

  /** The open candle; between a minute's close and the next observation, the closed one (final, `closed: true`). */
  kline(symbol: string): KlineData | null {
    if (symbol !== FUTURES_SYMBOL) return null;
    const open = this.candles.current();
    if (open) return klineData(open, false);
    const [last] = this.candles.recent(1);
    return last ? klineData(last, true) : null;
  }

  recentTrades(symbol: string, limit: number): TradeData[] {
    return symbol === FUTURES_SYMBOL ? this.recentTradeData.slice(-limit) : [];
  }

  onDepthChange(listener: (symbol: string) => void): Unsubscribe {
    return this.depthListeners.add(listener);
  }

  onTrade(listener: (symbol: string, trade: TradeData) => void): Unsubscribe {
    return this.tradeListeners.add(listener);
  }

  onKline(listener: (symbol: string) => void): Unsubscribe {
    return this.klineListeners.add(listener);
  }

  /** After a tick that changed the home tickers or the top-30 coins. */
  onMarketLists(listener: () => void): Unsubscribe {
    return this.listListeners.add(listener);
  }

  /** Every tick with a known index: index, mark and funding for the sequencer and the option rounds. */
  onPrices(listener: (update: PriceUpdate) => void): Unsubscribe {
    return this.priceListeners.add(listener);
  }

  /** The trading jobs' PriceFeed name for onPrices. */
  subscribe(listener: (update: PriceUpdate) => void): Unsubscribe {
    return this.onPrices(listener);
  }

  /** Once per funding interval, at its settlement time, with the interval's final rate. */
  onFundingSettlement(listener: (settlement: FundingSettlement) => void): Unsubscribe {
    return this.fundingListeners.add(listener);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // The background tick

  /** Recomputes everything from the sources' latest quotes (the price-tick job calls it; tests call it directly). */
  tick(): void {
    const nowMs = this.clock();
    if (
      this.world.refresh(
        (pair) => freshQuotes(this.sources, pair, nowMs, this.config.staleAfterMs).map(({ quote }) => quote),
        nowMs,
      )
    )
      this.listListeners.emit();
    const freshIndex = this.freshIndex(nowMs);
    if (freshIndex !== null) {
      if (this.index?.price !== freshIndex) this.index = { price: freshIndex, updatedAtMs: nowMs };
      this.candles.observeIndex(freshIndex, nowMs);
    }
    this.candles.roll(nowMs);
    const settlement = this.funding.advance(nowMs);
    if (settlement) {
      this.lastSettlement = settlement;
      this.fundingListeners.emit(settlement);
    }
    if (this.index) {
      this.sampleBook(this.index.price, nowMs);
      this.mark = markPrice({
        index: this.index.price,
        fundingRatePpm: this.funding.estimatedRatePpm,
        timeLeftMs: this.funding.nextFundingTimeMs - nowMs,
        intervalMs: this.config.fundingIntervalMs,
        movingBasis: this.movingBasis.value(nowMs),
        lastTradePrice: this.lastPriceSource?.lastPrice(FUTURES_SYMBOL) ?? null,
      });
      this.refreshFutures(this.index.price, this.mark, nowMs);
      this.priceListeners.emit({
        indexPrice: this.index.price,
        markPrice: this.mark,
        indexUpdatedAtMs: this.index.updatedAtMs,
        indexQuotedAtMs: this.indexQuotedAtMs,
        indexSources: this.indexSources,
        fundingRatePpm: this.funding.estimatedRatePpm,
        nextFundingTimeMs: this.funding.nextFundingTimeMs,
        timeMs: nowMs,
      });
    }
    this.emitKlineIfChanged();
  }

  /** Median of the sources' fresh BTCUSDT prices, in ticks; null when no source is fresh. */
  private freshIndex(nowMs: number): PriceTicks | null {
    const quotes = freshQuotes(this.sources, FUTURES_SYMBOL, nowMs, this.config.staleAfterMs);
    if (quotes.length === 0) return null;
    for (const { quote } of quotes) this.indexQuotedAtMs = Math.max(this.indexQuotedAtMs, quote.updatedAtMs);
    this.indexSources = quotes.map(({ source, quote }) => ({
      source,
      price: price8ToTicks(quote.price),
      quotedAtMs: quote.updatedAtMs,
    }));
    return price8ToTicks(medianInteger(quotes.map(({ quote }) => quote.price))!);
  }

  private sampleBook(index: PriceTicks, nowMs: number): void {
    if (!this.depthSource) return;
    const book = this.depthSource.depth(FUTURES_SYMBOL, IMPACT_BOOK_LEVELS);
    const bestBid = book.bids[0];
    const bestAsk = book.asks[0];
    if (bestBid && bestAsk) this.movingBasis.add(nowMs, bestBid.price, bestAsk.price, index);
    if (nowMs - this.lastPremiumSampleMs < PREMIUM_SAMPLE_INTERVAL_MS) return;
    this.lastPremiumSampleMs = nowMs;
    const sample = premiumSamplePpm(book, index, this.config.impactNotionalUsdt * 10 ** 6);
    if (sample !== null) this.funding.addSample(sample);
  }

  private refreshFutures(index: PriceTicks, mark: PriceTicks, nowMs: number): void {
    const { futures, ticker } = marketSummary({
      last: this.lastPriceSource?.lastPrice(FUTURES_SYMBOL) ?? this.candles.current()?.close ?? index,
      day: this.candles.dayStats(nowMs),
      index,
      mark,
      fundingRatePpm: this.funding.estimatedRatePpm,
      fundingTimeMs: this.funding.nextFundingTimeMs,
      nowMs,
    });
    this.futuresCache = futures;
    this.tickerCache = ticker;
  }

  private handleTrade(trade: TradeTick): void {
    if (trade.symbol !== FUTURES_SYMBOL) return;
    this.candles.observeTrade(trade.price, trade.qty, trade.timeMs);
    const data: TradeData = {
      id: trade.id,
      price: ticksToNumber(trade.price),
      qty: lotsToNumber(trade.qty),
      side: trade.takerSide === 1 ? 'buy' : 'sell',
      time: trade.timeMs,
    };
    this.recentTradeData.push(data);
    if (this.recentTradeData.length > RECENT_TRADES) this.recentTradeData.shift();
    this.tradeListeners.emit(trade.symbol, data);
    this.emitKlineIfChanged();
  }

  private emitKlineIfChanged(): void {
    if (this.candles.version === this.lastKlineVersion) return;
    this.lastKlineVersion = this.candles.version;
    this.klineListeners.emit(FUTURES_SYMBOL);
  }

  /** Writes changed candles (the candle-persist job); see CandleHistory. */
  persistCandles(): Promise<void> {
    return this.history.persist();
  }
}
