/**
 * The market service: the adapter around the market's price rules (domain/market/price-rules.ts: index, mark and
 * funding, pure). It feeds them the price sources' quotes and the book every tick, builds and stores 1-minute candles,
 * and keeps every answer of the market endpoints in memory, refreshed by the background tick, so no request ever
 * waits for a source. It also implements the gateway's MarketFeed.
 *
 * Each perpetual market (#34) has its own index, mark, funding, candles and summary (futures-market.ts); a read
 * without a symbol is about BTCUSDT, as before. The order book, trades and last price of our own markets come from
 * the trading engine when it is attached
 * (attachDepthSource / attachTradeSource / attachLastPriceSource); until then the market runs on the index alone.
 */
import type { Queryable } from '@tickline/db';
import type { PriceTicks } from '@tickline/money';
import type { CoinMarket, FuturesMarketAnswer, HomeTicker, KlineData, TickerData, TradeData } from '@tickline/protocol';
import type { MarketFeed } from './feed.ts';
import type { KlineInterval } from './interval-klines.ts';
import { FUTURES_SYMBOL } from './catalogue.ts';
import type { MarketConfig } from './config.ts';
import type { FundingSettlement } from '../../domain/market/funding.ts';
import { FuturesMarket, type MarketTick } from './futures-market.ts';
import { Listeners } from './listeners.ts';
import { freshQuotes } from './sources.ts';
import { WorldMarkets } from './world-markets.ts';
import { silentLogger, type MarketLogger } from './logger.ts';
import type {
  BookSnapshot,
  DepthSource,
  LastPriceSource,
  PriceSource,
  TradeSource,
  TradeTick,
  Unsubscribe,
} from './types.ts';

/** Levels read from the book for the impact prices (deep enough for the impact notional). */
const IMPACT_BOOK_LEVELS = 200;
/** How often the candle-persist job stores changed candles. */
export const CANDLE_PERSIST_INTERVAL_MS = 5_000;
const EMPTY_BOOK: BookSnapshot = Object.freeze({ bids: [], asks: [] }) as unknown as BookSnapshot;

/** `GET /api/v1/market/futures`: field names of Binance's premium index and 24 h ticker, as the seeds read them. */
export type FuturesSummary = FuturesMarketAnswer;

export type { CoinMarket, HomeTicker } from '@tickline/protocol';

/** Published every tick of each market: what the sequencer (liquidations, TP/SL) and the option rounds need. */
export interface PriceUpdate extends MarketTick {
  /** The market (#34); the option rounds take BTCUSDT's alone. */
  symbol: string;
  timeMs: number;
}

/** A perpetual market the service follows: its symbol, the pair its index is quoted as, its funding interval. */
export interface FollowedMarket {
  symbol: string;
  indexPair: string;
  fundingIntervalMs: number;
}

/** One funding settlement of a market. */
export type MarketFundingSettlement = FundingSettlement & { symbol: string };

export interface MarketServiceOptions {
  config: MarketConfig;
  sources: PriceSource[];
  /** The futures markets, BTCUSDT first; absent = BTCUSDT alone on config.fundingIntervalMs. */
  markets?: readonly FollowedMarket[];
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
  /** Every futures market by symbol, in the configured order (BTCUSDT first). */
  private readonly markets = new Map<string, FuturesMarket>();
  private readonly primary: FuturesMarket;

  private depthSource: DepthSource | null = null;
  private lastPriceSource: LastPriceSource | null = null;
  private readonly detachers: Unsubscribe[] = [];
  private readonly world = new WorldMarkets();
  private started = false;

  private readonly depthListeners: Listeners<[string]>;
  private readonly tradeListeners: Listeners<[string, TradeData]>;
  private readonly klineListeners: Listeners<[string]>;
  private readonly listListeners: Listeners<[]>;
  private readonly priceListeners: Listeners<[PriceUpdate]>;
  private readonly fundingListeners: Listeners<[MarketFundingSettlement]>;

  constructor(options: MarketServiceOptions) {
    this.config = options.config;
    this.sources = options.sources;
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
    const followed = options.markets ?? [
      { symbol: FUTURES_SYMBOL, indexPair: FUTURES_SYMBOL, fundingIntervalMs: this.config.fundingIntervalMs },
    ];
    for (const market of followed)
      this.markets.set(
        market.symbol,
        new FuturesMarket({
          ...market,
          sources: this.sources,
          db: options.db ?? null,
          clock: this.clock,
          logger: this.logger,
        }),
      );
    this.primary = this.markets.get(FUTURES_SYMBOL) ?? [...this.markets.values()][0]!;
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
    // Each market restores first: the sources resume each pair from its last stored close before they start.
    for (const market of this.markets.values()) await market.restore(nowMs);
    await Promise.all(this.sources.map((source) => source.start()));
    await this.world.loadHistory(this.sources, nowMs, this.logger);
    if (this.config.backfillCandles) for (const market of this.markets.values()) await market.backfill(nowMs);
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
    for (const symbol of this.markets.keys()) this.depthListeners.emit(symbol);
  }

  attachTradeSource(source: TradeSource): void {
    this.detachers.push(source.onTrade((trade) => this.handleTrade(trade)));
  }

  attachLastPriceSource(source: LastPriceSource): void {
    this.lastPriceSource = source;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Reads (all from memory); without a symbol, BTCUSDT's

  /** The futures markets' symbols, in the configured order. */
  symbols(): string[] {
    return [...this.markets.keys()];
  }

  indexPrice(symbol = FUTURES_SYMBOL): PriceTicks | null {
    return this.markets.get(symbol)?.index ?? null;
  }

  lastTradePrice = (symbol = FUTURES_SYMBOL): PriceTicks | null => this.lastPriceSource?.lastPrice(symbol) ?? null;

  markPrice(symbol = FUTURES_SYMBOL): PriceTicks | null {
    return this.markets.get(symbol)?.mark ?? null;
  }

  /** The rate to settle now (see PriceRules.fundingRatePpm); the ticker always shows the running estimate. */
  fundingRatePpm(symbol = FUTURES_SYMBOL): number | null {
    return this.markets.get(symbol)?.fundingRatePpm(this.clock()) ?? null;
  }

  nextFundingTimeMs(symbol = FUTURES_SYMBOL): number | null {
    return this.markets.get(symbol)?.nextFundingTimeMs ?? null;
  }

  futures(symbol = FUTURES_SYMBOL): FuturesSummary | null {
    return this.markets.get(symbol)?.futures() ?? null;
  }

  /** Every futures market's summary, in the configured order (the market selector's list). */
  contracts(): FuturesSummary[] {
    return [...this.markets.values()].flatMap((market) => market.futures() ?? []);
  }

  /** The home table; its BTCUSDT row is our perpetual's (#28 item 6: one price everywhere, the hero's and /futures'). */
  tickers = (): HomeTicker[] => this.world.tickers(this.primary.futures());

  coins = (): CoinMarket[] => this.world.coins();

  /** The coins with 7 days of hourly prices each (GET /market/coins?sparkline=true). */
  coinsWithSparkline(): CoinMarket[] {
    return this.world.coinsWithSparkline();
  }

  /** Candles for the chart, oldest first, the open minute last. */
  klines(symbol: string, limit: number): KlineData[] {
    return this.markets.get(symbol)?.klines(limit) ?? [];
  }

  /** Candles of `interval` for the chart, oldest first (see interval-klines.ts). */
  intervalKlines = (symbol: string, interval: KlineInterval, limit: number): Promise<KlineData[]> =>
    this.markets.get(symbol)?.intervalKlines(interval, limit) ?? Promise.resolve([]);

  // MarketFeed -------------------------------------------------------------------------------------------------

  isSymbol(symbol: string): boolean {
    return this.markets.has(symbol);
  }

  depth(symbol: string, levels: number): BookSnapshot {
    if (!this.depthSource || !this.markets.has(symbol)) return EMPTY_BOOK;
    return this.depthSource.depth(symbol, levels);
  }

  ticker(symbol: string): TickerData | null {
    return this.markets.get(symbol)?.ticker() ?? null;
  }

  /** The open candle; between a minute's close and the next observation, the closed one (final, `closed: true`). */
  kline(symbol: string): KlineData | null {
    return this.markets.get(symbol)?.kline() ?? null;
  }

  recentTrades(symbol: string, limit: number): TradeData[] {
    return this.markets.get(symbol)?.recentTrades(limit) ?? [];
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

  /** Every tick of each market with a known index: index, mark and funding for the sequencer and the option rounds. */
  onPrices(listener: (update: PriceUpdate) => void): Unsubscribe {
    return this.priceListeners.add(listener);
  }

  /** The trading jobs' PriceFeed name for onPrices. */
  subscribe(listener: (update: PriceUpdate) => void): Unsubscribe {
    return this.onPrices(listener);
  }

  /** Once per funding interval of each market, at its settlement time, with the interval's final rate. */
  onFundingSettlement(listener: (settlement: MarketFundingSettlement) => void): Unsubscribe {
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
    for (const market of this.markets.values()) {
      const { symbol } = market;
      // The mark takes the impact prices from this market's own book.
      const book = this.depthSource ? this.depthSource.depth(symbol, IMPACT_BOOK_LEVELS) : null;
      const { settlement, tick } = market.tick(
        nowMs,
        this.config.staleAfterMs,
        book,
        this.config.impactNotionalUsdt * 10 ** 6,
        this.lastPriceSource?.lastPrice(symbol) ?? null,
      );
      if (settlement) this.fundingListeners.emit({ ...settlement, symbol });
      if (tick) this.priceListeners.emit({ ...tick, symbol, timeMs: nowMs });
      if (market.klineChanged()) this.klineListeners.emit(symbol);
    }
  }

  private handleTrade(trade: TradeTick): void {
    const market = this.markets.get(trade.symbol);
    if (!market) return;
    const data = market.observeTrade(trade);
    this.tradeListeners.emit(trade.symbol, data);
    if (market.klineChanged()) this.klineListeners.emit(trade.symbol);
  }

  /** Writes changed candles (the candle-persist job); see CandleHistory. */
  async persistCandles(): Promise<void> {
    for (const market of this.markets.values()) await market.persistCandles();
  }
}
