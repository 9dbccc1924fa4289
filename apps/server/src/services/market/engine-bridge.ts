/**
 * Our own markets' order books, trades and last prices (each market's its own, #34), taken from the trading core: trades and "the book changed"
 * come from the sequencer's committed batches; the book itself is read from the engine (through the sequencer's
 * ordered reads) after each batch that touched it, one read at a time, so depth is always a committed state.
 */
import { DEFAULT_SYMBOL, symbolOf, type EngineEvent } from '@tickline/engine';
import type { PriceTicks, QtyLots } from '@tickline/money';
import { Listeners } from './listeners.ts';
import { silentLogger, type MarketLogger } from './logger.ts';
import type { BookSnapshot, DepthSource, LastPriceSource, TradeSource, TradeTick, Unsubscribe } from './types.ts';

export interface EngineDepthView {
  bids: Array<[PriceTicks, QtyLots]>;
  asks: Array<[PriceTicks, QtyLots]>;
}

export interface EngineBridgeOptions {
  /**
   * Reads the top `levels` of a market's book (e.g. `(levels, symbol) => sequencer.read(engine =>
   * engine.depth(levels, symbol))`).
   */
  readDepth(levels: number, symbol: string): Promise<EngineDepthView>;
  /** Levels kept in memory: enough for the impact prices of the premium index. */
  levels?: number;
  logger?: MarketLogger;
}

export class EngineMarketBridge implements DepthSource, TradeSource, LastPriceSource {
  private readonly books = new Map<string, BookSnapshot>();
  private readonly lastPrices = new Map<string, PriceTicks>();
  private readonly levels: number;
  private readonly logger: MarketLogger;
  /** Markets whose book is being read, and those to read once more when that read ends. */
  private readonly reading = new Set<string>();
  private readonly readAgain = new Set<string>();
  private readonly depthListeners = new Listeners<[string]>();
  private readonly tradeListeners = new Listeners<[TradeTick]>();

  constructor(private readonly options: EngineBridgeOptions) {
    this.levels = options.levels ?? 200;
    this.logger = options.logger ?? silentLogger;
  }

  /** Give it every committed batch (`sequencer.onCommitted(batch => bridge.handleEvents(batch.events))`). */
  handleEvents(events: readonly EngineEvent[]): void {
    const touched = new Set<string>();
    for (const event of events) {
      if (event.type === 'order') touched.add(symbolOf(event.order));
      if (event.type !== 'trade') continue;
      const { trade } = event;
      const symbol = symbolOf(trade);
      touched.add(symbol);
      this.lastPrices.set(symbol, trade.price);
      this.tradeListeners.emit({
        id: trade.id,
        symbol,
        price: trade.price,
        qty: trade.qty,
        takerSide: trade.takerSide,
        timeMs: trade.timeMs,
      });
    }
    for (const symbol of touched) void this.refreshDepth(symbol);
  }

  /** Reads a market's book now (also at start); overlapping calls collapse into one more read of that market. */
  async refreshDepth(symbol: string = DEFAULT_SYMBOL): Promise<void> {
    if (this.reading.has(symbol)) {
      this.readAgain.add(symbol);
      return;
    }
    this.reading.add(symbol);
    try {
      do {
        this.readAgain.delete(symbol);
        const view = await this.options.readDepth(this.levels, symbol);
        this.books.set(symbol, {
          bids: view.bids.map(([price, qty]) => ({ price, qty })),
          asks: view.asks.map(([price, qty]) => ({ price, qty })),
        });
        this.depthListeners.emit(symbol);
      } while (this.readAgain.has(symbol));
    } catch (error) {
      this.logger.warn({ err: String(error), symbol }, 'reading the order book failed');
    } finally {
      this.reading.delete(symbol);
    }
  }

  /** Seeds a market's last price after a restart (the sequencer keeps no trade in memory). */
  setLastPrice(price: PriceTicks | null, symbol: string = DEFAULT_SYMBOL): void {
    if (price === null) this.lastPrices.delete(symbol);
    else this.lastPrices.set(symbol, price);
  }

  depth(symbol: string, levels: number): BookSnapshot {
    const book = this.books.get(symbol);
    if (!book) return { bids: [], asks: [] };
    if (levels >= book.bids.length && levels >= book.asks.length) return book;
    return { bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels) };
  }

  onDepthChange(listener: (symbol: string) => void): Unsubscribe {
    return this.depthListeners.add(listener);
  }

  onTrade(listener: (trade: TradeTick) => void): Unsubscribe {
    return this.tradeListeners.add(listener);
  }

  lastPrice(symbol: string): PriceTicks | null {
    return this.lastPrices.get(symbol) ?? null;
  }
}
