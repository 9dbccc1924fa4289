import type { KlineData } from '@tickline/protocol';
import { Errors } from '@tickline/protocol';
import { AppError } from '../domain/errors.ts';
import { SUBJECTS, decodeJson, encodeJson, type Bus, type Unsubscribe } from '../services/bus/bus.ts';
import { FUTURES_SYMBOL } from '../services/market/catalogue.ts';
import type { CoinMarket, FuturesSummary, HomeTicker, MarketService } from '../services/market/market-service.ts';
import type { MarketReads } from '../services/market/reads.ts';
import type { KlineInterval } from '../services/market/interval-klines.ts';
import type { BookSnapshot } from '../services/market/types.ts';

const READ_TIMEOUT_MS = 2_000;

type MarketRead =
  | { method: 'tickers' | 'coins' | 'coinsWithSparkline' | 'contracts' }
  | { method: 'futures'; symbol?: string }
  | { method: 'depth' | 'klines'; symbol: string; count: number }
  | { method: 'intervalKlines'; symbol: string; interval: KlineInterval; count: number };

/** Engine node: answers the API nodes' market reads from the market service's memory. */
export function serveMarketReads(market: MarketService, bus: Bus): Unsubscribe {
  return bus.serve(SUBJECTS.marketRead, async (data) => {
    const read = decodeJson<MarketRead>(data);
    switch (read.method) {
      case 'tickers':
        return encodeJson(market.tickers());
      case 'coins':
        return encodeJson(market.coins());
      case 'coinsWithSparkline':
        return encodeJson(market.coinsWithSparkline());
      case 'futures':
        return encodeJson(market.futures(read.symbol));
      case 'contracts':
        return encodeJson(market.contracts());
      case 'depth':
        return encodeJson(market.depth(read.symbol, read.count));
      case 'klines':
        return encodeJson(market.klines(read.symbol, read.count));
      case 'intervalKlines':
        return encodeJson(await market.intervalKlines(read.symbol, read.interval, read.count));
      default:
        return encodeJson(null);
    }
  });
}

/** API node: the market endpoints' reads, asked of the engine node's market service over the bus. */
export class MarketMirror implements MarketReads {
  /** `symbols`: the futures markets the engine node's market service follows (the same MARKETS everywhere). */
  constructor(
    private readonly bus: Bus,
    private readonly symbols: readonly string[] = [FUTURES_SYMBOL],
  ) {}

  isSymbol(symbol: string): boolean {
    return this.symbols.includes(symbol);
  }

  tickers = () => this.ask<HomeTicker[]>({ method: 'tickers' });
  coins = () => this.ask<CoinMarket[]>({ method: 'coins' });
  coinsWithSparkline = () => this.ask<CoinMarket[]>({ method: 'coinsWithSparkline' });
  futures = (symbol?: string) => this.ask<FuturesSummary | null>({ method: 'futures', symbol });
  contracts = () => this.ask<FuturesSummary[]>({ method: 'contracts' });
  depth = (symbol: string, count: number) => this.ask<BookSnapshot>({ method: 'depth', symbol, count });
  klines = (symbol: string, count: number) => this.ask<KlineData[]>({ method: 'klines', symbol, count });
  intervalKlines = (symbol: string, interval: KlineInterval, count: number) =>
    this.ask<KlineData[]>({ method: 'intervalKlines', symbol, interval, count });

  private async ask<T>(read: MarketRead): Promise<T> {
    try {
      return decodeJson<T>(await this.bus.request(SUBJECTS.marketRead, encodeJson(read), READ_TIMEOUT_MS));
    } catch {
      throw new AppError(Errors.MARKET_DATA_UNAVAILABLE);
    }
  }
}
