/**
 * The market service: the adapter around the market's price rules (domain/market/price-rules.ts: index, mark and
 * funding, pure). It feeds them the price sources' quotes and the book every tick, builds and stores 1-minute candles,
 * and keeps every answer of the market endpoints in memory, refreshed by the background tick, so no request ever
 * waits for a source. It also implements the gateway's MarketFeed.
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
import type { FundingSettlement } from '../../domain/market/funding.ts';
import { PriceRules } from '../../domain/market/price-rules.ts';
import { Listeners } from './listeners.ts';
import { marketSummary } from './market-summary.ts';
import { freshQuotes } from './sources.ts';
import { WorldMarkets } from './world-markets.ts';
import { silentLogger, type MarketLogger } from './logger.ts';
import { lotsToNumber, ticksToNumber } from '../../domain/market/units.ts';
import type {
  BookSnapshot,
  DepthSource,
  LastPriceSource,
  PriceSource,
  TradeSource,
  TradeTick,
  Unsubscribe,
} from './types.ts';

const RECENT_TRADES = 50;
/** Levels read from the book for the impact prices (deep enough for the impact notional). */
const IMPACT_BOOK_LEVELS = 200;
/** How often the candle-persist job stores changed candles. */
export const CANDLE_PERSIST_INTERVAL_MS = 5_000;
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
  indexSources: PriceRules['indexSources'];
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
  /** Index, mark and funding: the rules this service feeds and serves. */
  private rules: PriceRules;
  private readonly recentTradeData: TradeData[] = [];

  private depthSource: DepthSource | null = null;
  private lastPriceSource: LastPriceSource | null = null;
  private readonly detachers: Unsubscribe[] = [];

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
    this.rules = new PriceRules(this.config.fundingIntervalMs, this.clock());
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
    this.rules.restart(nowMs);
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
    return this.rules.index?.price ?? null;
  }

  lastTradePrice = (): PriceTicks | null => this.lastPriceSource?.lastPrice(FUTURES_SYMBOL) ?? null;

  markPrice(): PriceTicks | null {
    return this.rules.markPrice;
  }

  /** The rate to settle now (see PriceRules.fundingRatePpm); the ticker always shows the running estimate. */
  fundingRatePpm(): number {
    return this.rules.fundingRatePpm(this.clock());
  }

  nextFundingTimeMs(): number {
    return this.rules.nextFundingTimeMs;
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
    const rules = this.rules;
    const fresh = freshQuotes(this.sources, FUTURES_SYMBOL, nowMs, this.config.staleAfterMs);
    const freshIndex = rules.observeIndex(
      fresh.map(({ source, quote }) => ({ source, price: quote.price, updatedAtMs: quote.updatedAtMs })),
      nowMs,
    );
    if (freshIndex !== null) this.candles.observeIndex(freshIndex, nowMs);
    this.candles.roll(nowMs);
    const settlement = rules.advanceFunding(nowMs);
    if (settlement) this.fundingListeners.emit(settlement);
    const index = rules.index;
    if (index) {
      if (this.depthSource) {
        const book = this.depthSource.depth(FUTURES_SYMBOL, IMPACT_BOOK_LEVELS);
        rules.sampleBook(book, index.price, this.config.impactNotionalUsdt * 10 ** 6, nowMs);
      }
      const mark = rules.updateMark(index.price, this.lastPriceSource?.lastPrice(FUTURES_SYMBOL) ?? null, nowMs);
      this.refreshFutures(index.price, mark, nowMs);
      this.priceListeners.emit({
        indexPrice: index.price,
        markPrice: mark,
        indexUpdatedAtMs: index.updatedAtMs,
        indexQuotedAtMs: rules.indexQuotedAtMs,
        indexSources: rules.indexSources,
        fundingRatePpm: rules.estimatedFundingRatePpm,
        nextFundingTimeMs: rules.nextFundingTimeMs,
        timeMs: nowMs,
      });
    }
    this.emitKlineIfChanged();
  }

  private refreshFutures(index: PriceTicks, mark: PriceTicks, nowMs: number): void {
    const { futures, ticker } = marketSummary({
      last: this.lastPriceSource?.lastPrice(FUTURES_SYMBOL) ?? this.candles.current()?.close ?? index,
      day: this.candles.dayStats(nowMs),
      index,
      mark,
      fundingRatePpm: this.rules.estimatedFundingRatePpm,
      fundingTimeMs: this.rules.nextFundingTimeMs,
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
