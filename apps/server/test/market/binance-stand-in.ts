/**
 * A local stand-in for Binance's public market data on 127.0.0.1, speaking its real formats: spot
 * `GET /api/v3/ticker/24hr?symbols=[...]`, futures `GET /fapi/v1/premiumIndex`, `GET /fapi/v1/klines` and the
 * futures combined websocket stream `/stream?streams=...` (`{"stream": ..., "data": {...}}` frames).
 * Tests push frames, send garbage, drop sockets and make REST fail.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface StandIn {
  restUrl: string;
  wsUrl: string;
  /** Paths (with query) of every REST request, in order. */
  requests: string[];
  /** Stream query of every websocket connection, in order. */
  streamConnections: string[];
  setSpotPrice(symbol: string, lastPrice: string): void;
  setIndexPrice(indexPrice: string): void;
  /** While set, REST answers 503. */
  failRest(fail: boolean): void;
  pushMarkPrice(indexPrice: string, markPrice?: string): void;
  pushRaw(text: string): void;
  /** Terminates every open stream connection (as Binance does every 24 h, or a network cut). */
  dropStreams(): void;
  waitForStreams(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function spotTicker(symbol: string, lastPrice: string) {
  const last = Number(lastPrice);
  const open = last / 1.02;
  return {
    symbol,
    priceChange: (last - open).toFixed(8),
    priceChangePercent: '2.000',
    weightedAvgPrice: (last * 0.995).toFixed(8),
    prevClosePrice: open.toFixed(8),
    lastPrice,
    lastQty: '0.00100000',
    bidPrice: lastPrice,
    bidQty: '1.20000000',
    askPrice: lastPrice,
    askQty: '0.80000000',
    openPrice: open.toFixed(8),
    highPrice: (last * 1.01).toFixed(8),
    lowPrice: (open * 0.99).toFixed(8),
    volume: '12345.67800000',
    quoteVolume: '827146523.12345678',
    openTime: 1_700_000_000_000,
    closeTime: 1_700_086_399_999,
    firstId: 1,
    lastId: 1_000,
    count: 1_000,
  };
}

export async function startBinanceStandIn(): Promise<StandIn> {
  const spot = new Map<string, string>([
    ['BTCUSDT', '67012.34000000'],
    ['ETHUSDT', '2601.50000000'],
    ['SHIBUSDT', '0.00001834'],
  ]);
  let indexPrice = '67010.12345678';
  let restFails = false;
  const requests: string[] = [];
  const streamConnections: string[] = [];
  const sockets = new Set<WebSocket>();
  const streamWaiters: Array<() => void> = [];

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${url.pathname}${url.search}`);
    const json = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (restFails) return void response.writeHead(503).end('{"code":-1003,"msg":"busy"}');
    if (url.pathname === '/api/v3/ticker/24hr') {
      const symbols = JSON.parse(url.searchParams.get('symbols') ?? '[]') as string[];
      return json(symbols.filter((s) => spot.has(s)).map((s) => spotTicker(s, spot.get(s)!)));
    }
    if (url.pathname === '/fapi/v1/premiumIndex') {
      return json({
        symbol: url.searchParams.get('symbol'),
        markPrice: '67015.00000000',
        indexPrice,
        estimatedSettlePrice: '67009.88000000',
        lastFundingRate: '0.00010000',
        interestRate: '0.00010000',
        nextFundingTime: 1_700_006_400_000,
        time: 1_700_000_000_000,
      });
    }
    if (url.pathname === '/fapi/v1/klines') {
      const limit = Number(url.searchParams.get('limit'));
      const endTime = Number(url.searchParams.get('endTime'));
      const lastOpen = Math.floor((endTime + 1) / 60_000) * 60_000 - 60_000;
      const rows = [];
      for (let i = limit - 1; i >= 0; i -= 1) {
        const openTime = lastOpen - i * 60_000;
        const price = 67_000 + (i % 7);
        rows.push([
          openTime,
          `${price}.10`,
          `${price + 5}.00`,
          `${price - 5}.00`,
          `${price}.60`,
          '100.123',
          openTime + 59_999,
          '6700000.5',
          1_000,
          '50.1',
          '3350000.2',
          '0',
        ]);
      }
      rows.push(['broken']);
      return json(rows);
    }
    response.writeHead(404).end('{"code":-1121,"msg":"Invalid symbol."}');
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/stream') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      streamConnections.push(url.searchParams.get('streams') ?? '');
      ws.on('close', () => sockets.delete(ws));
      for (const wake of streamWaiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const broadcast = (text: string) => {
    for (const socket of sockets) socket.send(text);
  };

  return {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    requests,
    streamConnections,
    setSpotPrice: (symbol, lastPrice) => void spot.set(symbol, lastPrice),
    setIndexPrice: (price) => {
      indexPrice = price;
    },
    failRest: (fail) => {
      restFails = fail;
    },
    pushMarkPrice: (index, mark = index) =>
      broadcast(
        JSON.stringify({
          stream: 'btcusdt@markPrice@1s',
          data: {
            e: 'markPriceUpdate',
            E: Date.now(),
            s: 'BTCUSDT',
            p: mark,
            i: index,
            P: index,
            r: '0.00010000',
            T: 1_700_006_400_000,
          },
        }),
      ),
    pushRaw: broadcast,
    dropStreams: () => {
      for (const socket of sockets) socket.terminate();
    },
    waitForStreams: async (count, timeoutMs = 5_000) => {
      const deadline = Date.now() + timeoutMs;
      while (streamConnections.length < count || sockets.size === 0) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} stream connections, saw ${streamConnections.length}`);
        await new Promise<void>((resolve) => {
          streamWaiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
    close: async () => {
      for (const socket of sockets) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
