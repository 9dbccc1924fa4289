/** Market data settings (validated with the rest of the configuration in src/config.ts). */
export type MarketSourceName = 'simulated' | 'binance';

export const MARKET_SOURCE_NAMES = ['simulated', 'binance'] as const satisfies readonly MarketSourceName[];

/** How often index, mark, funding and caches are recomputed. */
export const MARKET_TICK_INTERVAL_MS = 500;

export interface MarketConfig {
  /** MARKET_SOURCES: comma-separated, default `simulated`. The index is the median of their BTCUSDT prices. */
  sources: MarketSourceName[];
  /** MARKET_SEED: seed of the simulated market (any integer). */
  simulatedSeed: number;
  /** BINANCE_REST_URL (spot), BINANCE_FUTURES_REST_URL, BINANCE_WS_URL (futures streams). */
  binanceRestUrl: string;
  binanceFuturesRestUrl: string;
  binanceWsUrl: string;
  /** FUNDING_INTERVAL_MS: default 8 h, at least one minute. */
  fundingIntervalMs: number;
  /** MARKET_BACKFILL: fill an empty candle table with recent history at start (default on). */
  backfillCandles: boolean;
  /** How often index, mark, funding and caches are recomputed. */
  tickIntervalMs: number;
  /** A source quote older than this leaves the index (MARKET_STALE_AFTER_MS). */
  staleAfterMs: number;
  /** Impact notional for the premium index, in whole USDT (MARKET_IMPACT_NOTIONAL_USDT). */
  impactNotionalUsdt: number;
  /** The perpetual markets (MARKETS), BTCUSDT first: each one's index pair and funding interval. */
  futures?: Array<{ symbol: string; indexPair: string; fundingIntervalMs: number }>;
}
