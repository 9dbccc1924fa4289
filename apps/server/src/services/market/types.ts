/**
 * Contracts of the market service: price sources (world market data, behind one interface) and the sources our
 * own trading engine provides (order book depth, trades, last price). The engine's sources are optional: without
 * them the service runs on the index alone (see domain/market/mark-price.ts for the fallback).
 */
import type { PriceTicks, QtyLots } from '@tickline/money';
import type { HourlyClose } from './sparklines.ts';
import type { BookSnapshot } from '../../domain/market/book.ts';
import type { Price8 } from '../../domain/market/units.ts';

export type Unsubscribe = () => void;

/** A source's view of one pair (BTCUSDT, ETHUSDT...): the latest price and rolling 24 h statistics. */
export interface SourceQuote {
  pair: string;
  /** Latest spot price. For BTCUSDT this is what the index is made of. */
  price: Price8;
  /** Price 24 h ago, and the 24 h extremes. */
  open24h: Price8;
  high24h: Price8;
  low24h: Price8;
  /** 24 h traded value in whole USDT. */
  quoteVolume24h: number;
  /** When the source last updated this quote (epoch ms): stale quotes leave the index. */
  updatedAtMs: number;
}

/** One minute of a source's history, used to backfill an empty candle table. */
export interface SourceCandle {
  openTimeMs: number;
  open: Price8;
  high: Price8;
  low: Price8;
  close: Price8;
  /** What our venue traded in that minute, in lots, when the source models it (the simulated market); else none. */
  volume?: QtyLots;
}

export interface PriceSource {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The latest quote, or undefined when this source has none (yet) for the pair. Never blocks. */
  quote(pair: string): SourceQuote | undefined;
  /** Recent 1-minute candles ending before `endMs`, oldest first (may return fewer). */
  history?(pair: string, minutes: number, endMs: number): Promise<SourceCandle[]>;
  /**
   * `minutes` 1-minute candles before `beforeMs`, oldest first, the last one closing at `anchor` (the open of the
   * oldest stored candle), so that the charts of long intervals have a past that joins the stored one.
   */
  pastHistory?(pair: string, minutes: number, beforeMs: number, anchor: Price8): Promise<SourceCandle[]>;
  /** Hourly closes of up to the last `hours` closed hours before `endMs`, oldest first (the sparklines' past). */
  hourlyHistory?(pair: string, hours: number, endMs: number): Promise<HourlyClose[]>;
  /** Continue the pair from this price (the last stored candle's close), before start(). */
  resumeFrom?(pair: string, price: Price8): void;
}

// -----------------------------------------------------------------------------------------------------------------
// Sources of our own market, provided by the trading engine's sequencer.

export type { BookLevel, BookSnapshot, IndexQuote } from '../../domain/market/book.ts';

/** Top-N snapshot of the order book plus a notification whenever it changes. */
export interface DepthSource {
  depth(symbol: string, levels: number): BookSnapshot;
  onDepthChange(listener: (symbol: string) => void): Unsubscribe;
}

export interface TradeTick {
  id: number;
  symbol: string;
  price: PriceTicks;
  qty: QtyLots;
  /** Side of the taker: 1 buy, 2 sell. */
  takerSide: 1 | 2;
  timeMs: number;
}

export interface TradeSource {
  onTrade(listener: (trade: TradeTick) => void): Unsubscribe;
}

export interface LastPriceSource {
  /** Price of the last trade, or null before the first one. */
  lastPrice(symbol: string): PriceTicks | null;
}
