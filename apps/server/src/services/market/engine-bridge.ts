/**
 * Our own market's order book, trades and last price, taken from the trading core: trades and "the book changed"
 * come from the sequencer's committed batches; the book itself is read from the engine (through the sequencer's
 * ordered reads) after each batch that touched it, one read at a time, so depth is always a committed state.
 */
import type { EngineEvent } from '@tickline/engine';
import type { PriceTicks, QtyLots } from '@tickline/money';
import { FUTURES_SYMBOL } from './catalogue.ts';
import { Listeners } from './listeners.ts';
import { silentLogger, type MarketLogger } from './logger.ts';
import type { BookSnapshot, DepthSource, LastPriceSource, TradeSource, TradeTick, Unsubscribe } from './types.ts';

export interface EngineDepthView {
  bids: Array<[PriceTicks, QtyLots]>;
  asks: Array<[PriceTicks, QtyLots]>;
}

export interface EngineBridgeOptions {
  /** Reads the top `levels` of the engine's book (e.g. `levels => sequencer.read(engine => engine.depth(levels))`). */
  readDepth(levels: number): Promise<EngineDepthView>;
  /** Levels kept in memory: enough for the impact prices of the premium index. */
  levels?: number;
  logger?: MarketLogger;
}

export class EngineMarketBridge implements DepthSource, TradeSource, LastPriceSource {
  private book: BookSnapshot = { bids: [], asks: [] };
  private last: PriceTicks | null = null;
  private readonly levels: number;
  private readonly logger: MarketLogger;
  private reading = false;
  private readAgain = false;
  private readonly depthListeners = new Listeners<[string]>();
  private readonly tradeListeners = new Listeners<[TradeTick]>();

  constructor(private readonly options: EngineBridgeOptions) {
    this.levels = options.levels ?? 200;
    this.logger = options.logger ?? silentLogger;
  }

  /** Give it every committed batch (`sequencer.onCommitted(batch => bridge.handleEvents(batch.events))`). */
  handleEvents(events: readonly EngineEvent[]): void {
    let bookTouched = false;
    for (const event of events) {
      if (event.type === 'order') bookTouched = true;
      if (event.type !== 'trade') continue;
      bookTouched = true;
      const { trade } = event;
      this.last = trade.price;
      this.tradeListeners.emit({
        id: trade.id,
        symbol: FUTURES_SYMBOL,
        price: trade.price,
        qty: trade.qty,
        takerSide: trade.takerSide,
        timeMs: trade.timeMs,
      });
    }
    if (bookTouched) void this.refreshDepth();
  }

  /** Reads the book now (also at start, before the first batch); overlapping calls collapse into one more read. */
  async refreshDepth(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.readAgain = false;
        const view = await this.options.readDepth(this.levels);
        this.book = {
          bids: view.bids.map(([price, qty]) => ({ price, qty })),
          asks: view.asks.map(([price, qty]) => ({ price, qty })),
        };
        this.depthListeners.emit(FUTURES_SYMBOL);
      } while (this.readAgain);
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'reading the order book failed');
    } finally {
      this.reading = false;
    }
  }

  /** Seeds the last price after a restart (the sequencer keeps no trade in memory). */
  setLastPrice(price: PriceTicks | null): void {
    this.last = price;
  }

  depth(symbol: string, levels: number): BookSnapshot {
    if (symbol !== FUTURES_SYMBOL) return { bids: [], asks: [] };
    if (levels >= this.book.bids.length && levels >= this.book.asks.length) return this.book;
    return { bids: this.book.bids.slice(0, levels), asks: this.book.asks.slice(0, levels) };
  }

  onDepthChange(listener: (symbol: string) => void): Unsubscribe {
    return this.depthListeners.add(listener);
  }

  onTrade(listener: (trade: TradeTick) => void): Unsubscribe {
    return this.tradeListeners.add(listener);
  }

  lastPrice(symbol: string): PriceTicks | null {
    return symbol === FUTURES_SYMBOL ? this.last : null;
  }
}
