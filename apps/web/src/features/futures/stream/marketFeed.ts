import type { DepthData, TickerData, TradeData } from '@tickline/protocol';
import type { WsClient } from '../../../api/ws.ts';
import { FrameStore, type Schedule } from '../../../lib/frameStore.ts';

export type PriceDirection = 'up' | 'down' | 'flat';

export interface MarketState {
  /** The symbol connectMarket subscribed the store to (null before). */
  symbol: string | null;
  ticker: TickerData | null;
  /** Server time of the last ticker (epoch ms), for the 5 s fallback. */
  tickerAt: number;
  /** The latest depth message as received; parsed by the book once per frame (see depthOf). */
  depthText: string | null;
  /** The latest `depthDeep` message (coarse groupings), while the book subscribes to it (connectDeepDepth). */
  deepDepthText: string | null;
  /** Latest first, at most TRADE_ROWS. */
  trades: readonly TradeData[];
  /** The last price and how it moved against the previous different one (seed 000 §2 arrow). */
  last: { price: number; direction: PriceDirection } | null;
}

export const TRADE_ROWS = 30;

export const emptyMarket = (): MarketState => ({
  symbol: null,
  ticker: null,
  tickerAt: 0,
  depthText: null,
  deepDepthText: null,
  trades: [],
  last: null,
});

export type MarketStore = FrameStore<MarketState>;

/** Folds a new price into the arrow state: the direction changes only when the price does. */
export function nextLast(previous: MarketState['last'], price: number): MarketState['last'] {
  if (!previous) return { price, direction: 'flat' };
  if (price === previous.price) return previous;
  return { price, direction: price > previous.price ? 'up' : 'down' };
}

/** Merges a batch of trades (oldest first) into the newest-first list, dropping ones already shown. */
export function mergeTrades(current: readonly TradeData[], batch: readonly TradeData[]): readonly TradeData[] {
  const newestId = current[0]?.id ?? -1;
  const fresh: TradeData[] = [];
  for (let i = batch.length - 1; i >= 0 && fresh.length < TRADE_ROWS; i--) {
    const trade = batch[i]!;
    if (trade.id > newestId) fresh.push(trade);
  }
  if (fresh.length === 0) return current;
  return fresh.length >= TRADE_ROWS ? fresh : [...fresh, ...current.slice(0, TRADE_ROWS - fresh.length)];
}

/** The book of a depth message text (null for none or an unreadable one). */
export function depthOf(text: string | null): DepthData | null {
  if (text === null) return null;
  try {
    const message = JSON.parse(text) as { data?: DepthData };
    return message.data && Array.isArray(message.data.a) && Array.isArray(message.data.b) ? message.data : null;
  } catch {
    return null;
  }
}

/** Applies a ticker answer from REST (the 5 s fallback) or the stream. */
export function applyTicker(store: MarketStore, ticker: TickerData, at: number): void {
  store.set('ticker', ticker);
  store.set('tickerAt', at);
  store.set('last', nextLast(store.latest('last'), ticker.close));
}

/** Subscribes the store to the symbol's depth, ticker and trade streams; returns the unsubscribe. */
export function connectMarket(client: WsClient, symbol: string, store: MarketStore): () => void {
  store.set('symbol', symbol);
  const stops = [
    client.subscribeRaw(symbol, 'depth', (text) => store.set('depthText', text)),
    client.subscribe(symbol, 'ticker', (message) => applyTicker(store, message.data, Date.now())),
    client.subscribe(symbol, 'trade', (message) => {
      const trades = mergeTrades(store.latest('trades'), message.data);
      store.set('trades', trades);
      const newest = message.data[message.data.length - 1];
      if (newest) store.set('last', nextLast(store.latest('last'), newest.price));
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Subscribes the store to the symbol's deep depth (many more levels a side, for the book's coarse groupings); the
 * default depth stream stays as it is for everything else. Stopping forgets the deep book, so a later subscription
 * never starts from a stale one.
 */
export function connectDeepDepth(client: WsClient, symbol: string, store: MarketStore): () => void {
  const stop = client.subscribeRaw(symbol, 'depthDeep', (text) => store.set('deepDepthText', text));
  return () => {
    stop();
    store.set('deepDepthText', null);
  };
}

export function createMarketStore(schedule?: Schedule): MarketStore {
  return new FrameStore<MarketState>(emptyMarket(), schedule);
}
