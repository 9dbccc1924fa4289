/**
 * Stand-in for the platform in the screen bench: serves the built client (apps/web/dist, SPA fallback), answers the
 * REST calls a logged-out /futures or /options makes with fixed data, and on /ws streams BTCUSDT market data at set
 * rates: full 20-level depth snapshots (each different), trades, tickers and the current candle 4 times a second, in
 * the protocol of packages/protocol/src/ws.ts.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { accountAnswer, NOT_FOUND_ANSWER } from './account.ts';

export interface FeedRates {
  depthPerSecond: number;
  tradesPerSecond: number;
  /** One ticker (index, mark, last) every this many ms: the options chart and countdown live on it. */
  tickerEveryMs: number;
  /** Answer the account calls of a logged-in page (account.ts): positions, open orders and waiting triggers. */
  loggedIn?: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};
const MINUTE = 60_000;
const START_PRICE = 67_000;

function envelope(data: unknown): string {
  return JSON.stringify({ code: 0, message: 'Success', data });
}

/** A deterministic random walk (xorshift) so every run sends the same kind of data. */
function walker(seed = 7) {
  let state = seed;
  let price = START_PRICE;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 1_000_000) / 1_000_000;
  };
  return {
    random,
    step(): number {
      price = Math.round((price + (random() - 0.5) * 4) * 100) / 100;
      return price;
    },
  };
}

function klines(now: number) {
  const rows = [];
  let close = START_PRICE;
  const first = Math.floor(now / MINUTE) * MINUTE - 499 * MINUTE;
  for (let i = 0; i < 500; i++) {
    const open = close;
    close = Math.round((open + Math.sin(i / 7) * 20) * 100) / 100;
    rows.push({
      openTime: first + i * MINUTE,
      closeTime: first + i * MINUTE + MINUTE - 1,
      open,
      high: Math.max(open, close) + 5,
      low: Math.min(open, close) - 5,
      close,
      volume: 1.2345,
      closed: i < 499,
    });
  }
  return rows;
}

function restAnswer(url: string): string | null {
  const now = Date.now();
  if (url.startsWith('/api/v1/market/klines')) return envelope(klines(now));
  if (url.startsWith('/api/v1/server/serverTime')) return envelope({ timestamp: now });
  if (url.startsWith('/api/v1/market/futures'))
    return envelope({
      symbol: 'BTCUSDT',
      lastPrice: START_PRICE,
      priceChangePercent: 1.5,
      markPrice: START_PRICE,
      indexPrice: START_PRICE,
      fundingRate: 0.0001,
      fundingTime: now + 3_600_000,
      highPrice: START_PRICE + 500,
      lowPrice: START_PRICE - 500,
      volume: 1234.5678,
      time: now,
    });
  return null;
}

export interface Feed {
  url: string;
  /** Messages sent so far per stream. */
  sent: { depth: number; trade: number; ticker: number };
  close(): Promise<void>;
}

export async function startFeed(distDir: string, rates: FeedRates): Promise<Feed> {
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    const answer = restAnswer(url) ?? (rates.loggedIn ? accountAnswer(url, START_PRICE) : null);
    if (answer !== null) {
      response.writeHead(200, { 'content-type': 'application/json' }).end(answer);
      return;
    }
    if (url.startsWith('/api/')) {
      const refusal = rates.loggedIn
        ? NOT_FOUND_ANSWER
        : JSON.stringify({ code: 40000, message: 'Login required', data: null });
      response.writeHead(200, { 'content-type': 'application/json' }).end(refusal);
      return;
    }
    const file = path.join(distDir, decodeURIComponent(url.split('?')[0]!));
    const target = existsSync(file) && statSync(file).isFile() ? file : path.join(distDir, 'index.html');
    response.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    createReadStream(target).pipe(response);
  });
  const sockets = new WebSocketServer({ server, path: '/ws' });
  const sent = { depth: 0, trade: 0, ticker: 0 };
  const walk = walker();
  let tradeId = 1;
  const streams = new Map<WebSocket, Set<string>>();
  sockets.on('connection', (socket) => {
    streams.set(socket, new Set());
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; streamType?: string };
      if (message.type === 'subscribe' && message.streamType) streams.get(socket)!.add(message.streamType);
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong', v: 1, ts: Date.now() }));
    });
    socket.on('close', () => streams.delete(socket));
  });

  const broadcast = (stream: string, payload: string) => {
    for (const [socket, subscribed] of streams) if (subscribed.has(stream)) socket.send(payload);
  };
  const depthMessage = () => {
    const mid = walk.step();
    const level = (i: number, sign: 1 | -1): [number, number] => [
      Math.round((mid + sign * (0.5 + i * 3.3)) * 100) / 100,
      Math.round(walk.random() * 500 + 1) / 10_000,
    ];
    const data = {
      a: Array.from({ length: 20 }, (_, i) => level(i, 1)),
      b: Array.from({ length: 20 }, (_, i) => level(i, -1)),
    };
    return JSON.stringify({ type: 'depth', v: 1, symbol: 'BTCUSDT', ts: Date.now(), data });
  };

  // Timers fire at best every few ms, so each 10 ms tick sends its share of the second's messages.
  const TICK_MS = 10;
  let depthDebt = 0;
  let tradeDebt = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    ticks++;
    depthDebt += (rates.depthPerSecond * TICK_MS) / 1000;
    tradeDebt += (rates.tradesPerSecond * TICK_MS) / 1000;
    for (; depthDebt >= 1; depthDebt--, sent.depth++) broadcast('depth', depthMessage());
    for (; tradeDebt >= 1; tradeDebt--, sent.trade++) {
      const trade = {
        id: tradeId++,
        price: walk.step(),
        qty: 0.0123,
        side: walk.random() > 0.5 ? 'buy' : 'sell',
        time: Date.now(),
      };
      broadcast('trade', JSON.stringify({ type: 'trade', v: 1, symbol: 'BTCUSDT', ts: Date.now(), data: [trade] }));
    }
    const now = Date.now();
    if (ticks % 25 === 0) {
      const openTime = Math.floor(now / MINUTE) * MINUTE;
      const price = walk.step();
      const data = {
        openTime,
        closeTime: openTime + MINUTE - 1,
        open: price,
        high: price + 3,
        low: price - 3,
        close: price,
        volume: 0.5,
        closed: false,
      };
      broadcast('kline', JSON.stringify({ type: 'kline', v: 1, symbol: 'BTCUSDT', ts: now, interval: '1m', data }));
    }
    if (ticks % Math.max(1, Math.round(rates.tickerEveryMs / TICK_MS)) === 0) {
      sent.ticker++;
      const price = walk.step();
      const data = {
        close: price,
        percentChange: 1.5,
        markPrice: price,
        indexPrice: price,
        fundingRate: 0.0001,
        fundingTime: now + 3_600_000,
        high: price + 500,
        low: price - 500,
        volume: 1234.5,
      };
      broadcast('ticker', JSON.stringify({ type: 'ticker', v: 1, symbol: 'BTCUSDT', ts: now, data }));
    }
  }, TICK_MS);

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: async () => {
      clearInterval(timer);
      for (const socket of streams.keys()) socket.terminate();
      await new Promise<void>((resolve) => sockets.close(() => server.close(() => resolve())));
    },
  };
}
