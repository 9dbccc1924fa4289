/**
 * What the websocket gateway needs from market data. The market service implements it; tests and the benchmark
 * feed the gateway with small fakes.
 */
import type { CoinMarket, HomeTicker, KlineData, TickerData, TradeData } from '@tickline/protocol';
import type { BookSnapshot, Unsubscribe } from './types.ts';

export interface MarketFeed {
  /** Symbols with public streams (BTCUSDT). */
  isSymbol(symbol: string): boolean;
  /** Top `levels` of the book (empty sides when there is no order book yet). */
  depth(symbol: string, levels: number): BookSnapshot;
  /** Null until the first index price is known. */
  ticker(symbol: string): TickerData | null;
  /** The current 1-minute candle, null before the first. */
  kline(symbol: string): KlineData | null;
  /** Newest last. */
  recentTrades(symbol: string, limit: number): TradeData[];
  onDepthChange(listener: (symbol: string) => void): Unsubscribe;
  onTrade(listener: (symbol: string, trade: TradeData) => void): Unsubscribe;
  onKline(listener: (symbol: string) => void): Unsubscribe;
  /** The market-wide lists (streams `tickers` and `coins`): the home tickers and the top-30 coins. */
  tickers(): HomeTicker[];
  coins(): CoinMarket[];
  /** After the lists changed. */
  onMarketLists(listener: () => void): Unsubscribe;
}
