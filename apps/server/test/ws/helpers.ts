/** A fake market feed, a gateway on a loopback HTTP server, and a websocket client that records what it receives. */
import { afterEach } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { CoinMarket, HomeTicker, KlineData, MarketStreamType, TickerData, TradeData } from '@tickline/protocol';
import { WsGateway } from '../../src/ws/gateway.ts';
import type { GatewayOptions } from '../../src/ws/gateway-limits.ts';
import type { MarketFeed } from '../../src/services/market/feed.ts';
import type { BookSnapshot } from '../../src/services/market/types.ts';

export class FakeFeed implements MarketFeed {
  book: BookSnapshot = { bids: [], asks: [] };
  tickerData: TickerData | null = null;
  klineData: KlineData | null = null;
  trades: TradeData[] = [];
  tickerList: HomeTicker[] = [];
  coinList: CoinMarket[] = [];
  private readonly listListeners = new Set<() => void>();
  private readonly depthListeners = new Set<(symbol: string) => void>();
  private readonly tradeListeners = new Set<(symbol: string, trade: TradeData) => void>();
  private readonly klineListeners = new Set<(symbol: string) => void>();

  isSymbol(symbol: string): boolean {
    return symbol === 'BTCUSDT';
  }
  depth(_symbol: string, levels: number): BookSnapshot {
    return { bids: this.book.bids.slice(0, levels), asks: this.book.asks.slice(0, levels) };
  }
  ticker(): TickerData | null {
    return this.tickerData;
  }
  kline(): KlineData | null {
    return this.klineData;
  }
  recentTrades(_symbol: string, limit: number): TradeData[] {
    return this.trades.slice(-limit);
  }
  onDepthChange(listener: (symbol: string) => void) {
    this.depthListeners.add(listener);
    return () => this.depthListeners.delete(listener);
  }
  onTrade(listener: (symbol: string, trade: TradeData) => void) {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }
  onKline(listener: (symbol: string) => void) {
    this.klineListeners.add(listener);
    return () => this.klineListeners.delete(listener);
  }

  tickers(): HomeTicker[] {
    return this.tickerList;
  }
  coins(): CoinMarket[] {
    return this.coinList;
  }
  onMarketLists(listener: () => void) {
    this.listListeners.add(listener);
    return () => this.listListeners.delete(listener);
  }

  setLists(tickers: HomeTicker[], coins: CoinMarket[]): void {
    this.tickerList = tickers;
    this.coinList = coins;
    for (const listener of this.listListeners) listener();
  }
  setBook(book: BookSnapshot): void {
    this.book = book;
    for (const listener of this.depthListeners) listener('BTCUSDT');
  }
  setKline(kline: KlineData): void {
    this.klineData = kline;
    for (const listener of this.klineListeners) listener('BTCUSDT');
  }
  trade(trade: TradeData): void {
    this.trades.push(trade);
    for (const listener of this.tradeListeners) listener('BTCUSDT', trade);
  }
}

export function bookOf(levels: number, mid = 6_700_000, qty = 12_345): BookSnapshot {
  return {
    bids: Array.from({ length: levels }, (_, i) => ({ price: mid - 1 - i, qty })),
    asks: Array.from({ length: levels }, (_, i) => ({ price: mid + 1 + i, qty })),
  };
}

export const sampleTicker: TickerData = {
  close: 67_001.25,
  percentChange: 1.5,
  markPrice: 67_002,
  indexPrice: 67_000.5,
  fundingRate: 0.0001,
  fundingTime: 1_790_000_000_000,
  high: 68_000,
  low: 66_000,
  volume: 12.3456,
};

export interface RunningGateway {
  gateway: WsGateway;
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const server = createServer((_request, response) => response.writeHead(404).end());
  const gateway = new WsGateway(options);
  gateway.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gateway,
    server,
    url: `ws://127.0.0.1:${port}/ws`,
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Received {
  type: string;
  [key: string]: unknown;
}

export class TestClient {
  readonly messages: Received[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      if (isBinary) throw new Error('the gateway must send text frames');
      this.messages.push(JSON.parse(data.toString()) as Received);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
    socket.on('error', () => undefined);
  }

  static async connect(url: string): Promise<TestClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new TestClient(socket);
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  subscribe(streamType: MarketStreamType | string, symbol = 'BTCUSDT'): void {
    this.send({ type: 'subscribe', symbol, streamType });
  }

  of(type: string): Received[] {
    return this.messages.filter((message) => message.type === type);
  }

  /** Waits until `count` messages of `type` arrived (in total), and returns them. */
  async waitFor(type: string, count = 1, timeoutMs = 3_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.of(type).length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${count} "${type}" (got ${JSON.stringify(this.messages)})`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, Math.min(left, 50));
      });
    }
    return this.of(type);
  }

  close(): void {
    this.socket.close();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A gateway per test on a fake feed, and clients that are closed after each test: `start` (feed options as
 * startGateway's), `client` (on the gateway's URL unless given another), `running` (the current gateway).
 */
export function gatewayFixture() {
  let current: RunningGateway | null = null;
  const clients: TestClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await current?.close();
    current = null;
  });
  return {
    async start(options: Partial<GatewayOptions> = {}) {
      const feed = (options.feed as FakeFeed | undefined) ?? new FakeFeed();
      current = await startGateway({ ...options, feed });
      return { feed, gateway: current.gateway, url: current.url };
    },
    async client(url = current!.url): Promise<TestClient> {
      const c = await TestClient.connect(url);
      clients.push(c);
      return c;
    },
    running: () => current,
  };
}
