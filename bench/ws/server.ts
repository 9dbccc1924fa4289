/**
 * One benchmark server process: `ours` (the real gateway, fed by a churning book) or `naive` (a plain `ws` server
 * that builds the message and JSON.stringify's it per client). Both: depth every 100 ms when changed, ticker every
 * second. The parent process talks over IPC: `window-start` / `window-end` measure this process's CPU time.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { WsGateway } from '../../apps/server/src/ws/gateway.ts';
import type { MarketFeed } from '../../apps/server/src/ws/feed.ts';
import { benchTicker, ChurningBook, LEVELS } from './book.ts';

const kind = process.argv[2] === 'naive' ? 'naive' : 'ours';
const server = createServer();
let framesSent = 0;
let book: ChurningBook;

if (kind === 'ours') {
  const depthListeners = new Set<(symbol: string) => void>();
  const feed: MarketFeed = {
    isSymbol: (symbol) => symbol === 'BTCUSDT',
    depth: () => book.book,
    ticker: () => benchTicker(),
    kline: () => null,
    recentTrades: () => [],
    onDepthChange: (listener) => {
      depthListeners.add(listener);
      return () => depthListeners.delete(listener);
    },
    onTrade: () => () => undefined,
    onKline: () => () => undefined,
  };
  book = new ChurningBook(() => {
    for (const listener of depthListeners) listener('BTCUSDT');
  });
  const gateway = new WsGateway({ feed, limits: { depthLevels: LEVELS, maxConnections: 100_000 } });
  gateway.attach(server);
  setInterval(() => {
    framesSent = gateway.counters.framesSent;
  }, 100).unref();
} else {
  let changed = false;
  book = new ChurningBook(() => {
    changed = true;
  });
  const depthClients = new Set<WebSocket>();
  const tickerClients = new Set<WebSocket>();
  const wss = new WebSocketServer({ server, path: '/ws' });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; streamType: string };
      if (message.type !== 'subscribe') return;
      (message.streamType === 'depth' ? depthClients : tickerClients).add(ws);
      ws.send(JSON.stringify({ type: 'subscribed', v: 1, symbol: 'BTCUSDT', streamType: message.streamType }));
    });
    ws.on('close', () => {
      depthClients.delete(ws);
      tickerClients.delete(ws);
    });
  });
  // The usual way: build the message for each client when sending it.
  setInterval(() => {
    if (!changed) return;
    changed = false;
    for (const ws of depthClients) {
      ws.send(
        JSON.stringify({
          type: 'depth',
          v: 1,
          symbol: 'BTCUSDT',
          ts: Date.now(),
          data: {
            a: book.book.asks.slice(0, LEVELS).map((level) => [level.price / 100, level.qty / 10_000]),
            b: book.book.bids.slice(0, LEVELS).map((level) => [level.price / 100, level.qty / 10_000]),
          },
        }),
      );
      framesSent += 1;
    }
  }, 100);
  setInterval(() => {
    for (const ws of tickerClients) {
      ws.send(JSON.stringify({ type: 'ticker', v: 1, symbol: 'BTCUSDT', ts: Date.now(), data: benchTicker() }));
      framesSent += 1;
    }
  }, 1000);
}

let windowStart: { cpu: NodeJS.CpuUsage; framesSent: number; atMs: number } | null = null;
process.on('message', (message: { type: string }) => {
  if (message.type === 'window-start') {
    windowStart = { cpu: process.cpuUsage(), framesSent, atMs: Date.now() };
  } else if (message.type === 'window-end' && windowStart) {
    const cpu = process.cpuUsage(windowStart.cpu);
    process.send!({
      type: 'window',
      cpuUserMs: cpu.user / 1000,
      cpuSystemMs: cpu.system / 1000,
      framesSent: framesSent - windowStart.framesSent,
      elapsedMs: Date.now() - windowStart.atMs,
      bookChanges: book.changes,
    });
  }
});

server.listen(0, '127.0.0.1', 4096, () => {
  book.start();
  process.send!({ type: 'ready', port: (server.address() as AddressInfo).port, kind });
});
