/**
 * One benchmark server: `ours` (the real runtime as WS_PROCESSES sets it up: the pump in this process, fed by a
 * churning book, and with more than one process that many websocket workers on a shared port, with one the gateway
 * in this process) or `naive` (one plain `ws` server process that builds the message and JSON.stringify's it per
 * client). Both: depth every 100 ms when
 * changed, ticker every second. The parent process talks over IPC: `window-start` / `window-end` measure the CPU time
 * of every server process (this one and its workers) from /proc.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';
import { WsCluster } from '../../apps/server/src/ws/cluster.ts';
import type { MarketFeed } from '../../apps/server/src/services/market/feed.ts';
import { WsGateway } from '../../apps/server/src/ws/gateway.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../../apps/server/src/ws/gateway-limits.ts';
import { MarketPump } from '../../apps/server/src/ws/pump.ts';
import { benchTicker, ChurningBook, LEVELS } from './book.ts';

const kind = process.argv[2] === 'naive' ? 'naive' : 'ours';
const processes = Number(process.argv[3] ?? 2);
const server = createServer();
let book: ChurningBook;
let cluster: WsCluster | null = null;

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
    tickers: () => [],
    coins: () => [],
    onMarketLists: () => () => undefined,
  };
  book = new ChurningBook(() => {
    for (const listener of depthListeners) listener('BTCUSDT');
  });
  const limits = { depthLevels: LEVELS, maxConnections: 100_000 };
  const pump = new MarketPump(feed, { ...DEFAULT_GATEWAY_LIMITS, ...limits });
  if (processes > 1) {
    cluster = new WsCluster({ hub: pump, symbols: ['BTCUSDT'], processes, port: 0, host: '127.0.0.1', limits });
  } else {
    new WsGateway({ hub: pump, limits }).attach(server);
  }
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
    }
  }, 100);
  setInterval(() => {
    for (const ws of tickerClients) {
      ws.send(JSON.stringify({ type: 'ticker', v: 1, symbol: 'BTCUSDT', ts: Date.now(), data: benchTicker() }));
    }
  }, 1000);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());

/** User and system CPU milliseconds of the server's processes so far (utime and stime of /proc/<pid>/stat). */
function serverCpu(): { userMs: number; systemMs: number; pids: number[] } {
  const pids = [process.pid, ...(cluster?.pids() ?? [])];
  let userTicks = 0;
  let systemTicks = 0;
  for (const pid of pids) {
    // Fields after the command name (which may hold spaces) start with the state, field 3.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    userTicks += Number(fields[14 - 3]);
    systemTicks += Number(fields[15 - 3]);
  }
  const msPerTick = 1000 / CLOCK_TICKS_PER_SECOND;
  return { userMs: userTicks * msPerTick, systemMs: systemTicks * msPerTick, pids };
}

let windowStart: { cpu: ReturnType<typeof serverCpu>; atMs: number } | null = null;
process.on('message', (message: { type: string }) => {
  if (message.type === 'window-start') {
    windowStart = { cpu: serverCpu(), atMs: Date.now() };
  } else if (message.type === 'window-end' && windowStart) {
    const cpu = serverCpu();
    process.send!({
      type: 'window',
      cpuUserMs: cpu.userMs - windowStart.cpu.userMs,
      cpuSystemMs: cpu.systemMs - windowStart.cpu.systemMs,
      processes: cpu.pids.length,
      // A worker replaced during the window would make the sums meaningless.
      samePids: cpu.pids.join() === windowStart.cpu.pids.join(),
      pids: cpu.pids,
      elapsedMs: Date.now() - windowStart.atMs,
      bookChanges: book.changes,
    });
  } else if (message.type === 'close') {
    void cluster?.close().finally(() => process.exit(0));
  }
});

if (cluster) {
  const port = await cluster.start();
  book.start();
  process.send!({ type: 'ready', port, kind });
} else {
  server.listen(0, '127.0.0.1', 4096, () => {
    book.start();
    process.send!({ type: 'ready', port: (server.address() as AddressInfo).port, kind });
  });
}
