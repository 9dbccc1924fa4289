/** In-memory stand-ins for the market service's edges: price sources and the trading engine's book and trades. */
import type {
  BookSnapshot,
  DepthSource,
  LastPriceSource,
  PriceSource,
  SourceQuote,
  TradeSource,
  TradeTick,
} from '../../src/services/market/types.ts';
import { loadConfig } from '../../src/config.ts';
import type { MarketConfig } from '../../src/services/market/config.ts';

export function testMarketConfig(overrides: Partial<MarketConfig> = {}): MarketConfig {
  // A tick interval of days: tests call tick() themselves.
  return { ...loadConfig({}).market, tickIntervalMs: 1_000_000_000, ...overrides };
}

export function manualClock(startMs: number) {
  let nowMs = startMs;
  return {
    now: () => nowMs,
    advance: (ms: number) => {
      nowMs += ms;
    },
    set: (ms: number) => {
      nowMs = ms;
    },
  };
}

/** A source whose quotes the test sets; `updatedAtMs` defaults to the clock's now. */
export class FakePriceSource implements PriceSource {
  private readonly quotes = new Map<string, SourceQuote>();
  started = false;

  constructor(
    readonly name: string,
    private readonly clock: () => number,
  ) {}

  set(pair: string, price: number, options: { open24h?: number; volume?: number; updatedAtMs?: number } = {}): void {
    this.quotes.set(pair, {
      pair,
      price,
      open24h: options.open24h ?? price,
      high24h: Math.max(price, options.open24h ?? price),
      low24h: Math.min(price, options.open24h ?? price),
      quoteVolume24h: options.volume ?? 1_000_000,
      updatedAtMs: options.updatedAtMs ?? this.clock(),
    });
  }

  async start(): Promise<void> {
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
  }

  quote(pair: string): SourceQuote | undefined {
    return this.quotes.get(pair);
  }
}

export class FakeBook implements DepthSource, TradeSource, LastPriceSource {
  book: BookSnapshot = { bids: [], asks: [] };
  last: number | null = null;
  private readonly depthListeners = new Set<(symbol: string) => void>();
  private readonly tradeListeners = new Set<(trade: TradeTick) => void>();
  private nextTradeId = 1;

  depth(_symbol: string, levels: number): BookSnapshot {
    return { bids: this.book.bids.slice(0, levels), asks: this.book.asks.slice(0, levels) };
  }

  onDepthChange(listener: (symbol: string) => void) {
    this.depthListeners.add(listener);
    return () => this.depthListeners.delete(listener);
  }

  onTrade(listener: (trade: TradeTick) => void) {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  lastPrice(): number | null {
    return this.last;
  }

  setBook(book: BookSnapshot): void {
    this.book = book;
    for (const listener of this.depthListeners) listener('BTCUSDT');
  }

  trade(price: number, qty: number, takerSide: 1 | 2, timeMs: number): void {
    this.last = price;
    const trade = { id: this.nextTradeId++, symbol: 'BTCUSDT', price, qty, takerSide, timeMs };
    for (const listener of this.tradeListeners) listener(trade);
  }
}

/** A book symmetric around `mid` ticks: `levels` levels a side, one tick apart, `qty` lots each. */
export function bookAround(mid: number, levels: number, qty: number, spreadTicks = 1): BookSnapshot {
  return {
    bids: Array.from({ length: levels }, (_, i) => ({ price: mid - spreadTicks - i, qty })),
    asks: Array.from({ length: levels }, (_, i) => ({ price: mid + spreadTicks + i, qty })),
  };
}
