import type { KlineData } from '@tickline/protocol';
import type { CoinMarket, FuturesSummary, HomeTicker } from './market-service.ts';
import type { KlineInterval } from './interval-klines.ts';
import type { BookSnapshot } from './types.ts';

type Answer<T> = T | Promise<T>;

/**
 * What the REST market endpoints read: the market service itself in the process that runs it, or on an API node a
 * mirror of it over the bus (roles/market-mirror.ts). Answers may be promises for that reason.
 */
export interface MarketReads {
  isSymbol(symbol: string): boolean;
  tickers(): Answer<HomeTicker[]>;
  coins(): Answer<CoinMarket[]>;
  /** The coins with seven days of hourly prices each (CoinGecko's `sparkline=true`). */
  coinsWithSparkline(): Answer<CoinMarket[]>;
  /** A futures market's summary; without a symbol, BTCUSDT's. */
  futures(symbol?: string): Answer<FuturesSummary | null>;
  /** Every futures market's summary, in the configured order (the market selector's list). */
  contracts(): Answer<FuturesSummary[]>;
  depth(symbol: string, levels: number): Answer<BookSnapshot>;
  klines(symbol: string, limit: number): Answer<KlineData[]>;
  intervalKlines(symbol: string, interval: KlineInterval, limit: number): Answer<KlineData[]>;
}
