import type { FuturesMarketAnswer, TickerData } from '@tickline/protocol';
import type { WsClient } from '../../../api/ws.ts';
import { FrameStore, type Schedule } from '../../../lib/frameStore.ts';

/** What the market selector and the positions table read of every market (#34 item 5). */
export interface MarketSummary {
  lastPrice: number;
  /** 1.25 = +1.25 %. */
  changePercent: number;
  markPrice: number;
}

export type Summaries = Readonly<Record<string, MarketSummary>>;

/** Every market's summary in one key: the readers list them all, re-rendered at most once a frame. */
export type TickerBoard = FrameStore<{ summaries: Summaries }>;

export function createTickerBoard(schedule?: Schedule): TickerBoard {
  return new FrameStore<{ summaries: Summaries }>({ summaries: {} }, schedule);
}

const summaryOfTicker = (ticker: TickerData): MarketSummary => ({
  lastPrice: ticker.close,
  changePercent: ticker.percentChange,
  markPrice: ticker.markPrice,
});

function put(board: TickerBoard, symbol: string, summary: MarketSummary): void {
  board.set('summaries', { ...board.latest('summaries'), [symbol]: summary });
}

/**
 * The first figures from GET /market/contracts; a market whose stream has spoken already keeps the stream's (the
 * answer may have been on its way while a newer ticker arrived).
 */
export function seedBoard(board: TickerBoard, rows: readonly FuturesMarketAnswer[]): void {
  const current = board.latest('summaries');
  const seeded: Record<string, MarketSummary> = {};
  for (const row of rows) {
    seeded[row.symbol] = { lastPrice: row.lastPrice, changePercent: row.priceChangePercent, markPrice: row.markPrice };
  }
  board.set('summaries', { ...seeded, ...current });
}

/** Subscribes the board to each market's ticker stream; returns the unsubscribe. */
export function connectBoard(client: WsClient, symbols: readonly string[], board: TickerBoard): () => void {
  const stops = symbols.map((symbol) =>
    client.subscribe(symbol, 'ticker', (message) => put(board, symbol, summaryOfTicker(message.data))),
  );
  return () => stops.forEach((stop) => stop());
}
