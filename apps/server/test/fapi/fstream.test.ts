import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundedTrader,
  proClient,
  nativeLimit,
  rawSocket,
  startPlatform,
  waitUntil,
  type Platform,
  type Trader,
} from './harness.ts';

let p: Platform;
let maker: Trader;
let taker: Trader;
const SYMBOL = 'BTC/USDT:USDT';

const limitOrder = (trader: Trader, side: 1 | 2, priceTicks: number, volume = '0.01') =>
  nativeLimit(p, trader, { side, priceTicks, volume });

const connect = (path: string) => rawSocket(p, path);
const until = waitUntil;

/** Every websocket ccxt.pro opened is the platform's. */
function expectLoopbackOnly(exchange: { clients: object }): void {
  const urls = Object.keys(exchange.clients).filter((key) => key.includes('://'));
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url.startsWith(p.base.replace('http', 'ws'))).toBe(true);
}

beforeAll(async () => {
  p = await startPlatform();
  maker = await fundedTrader(p);
  taker = await fundedTrader(p);
  await limitOrder(maker, 1, p.price - 100);
  await limitOrder(maker, 2, p.price + 100);
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('/fstream', () => {
  it('streams aggTrade raw and diff depth combined, with SUBSCRIBE and LIST_SUBSCRIPTIONS', async () => {
    const raw = await connect('/fstream/ws/btcusdt@aggTrade');
    const combined = await connect('/fstream/stream?streams=btcusdt@depth@100ms');
    combined.ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['btcusdt@bookTicker'], id: 7 }));
    combined.ws.send(JSON.stringify({ method: 'LIST_SUBSCRIPTIONS', id: 8 }));
    combined.ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['ethusdt@depth'], id: 9 }));
    await until(() => combined.received.length >= 3, 'the answers');
    expect(combined.received.slice(0, 3)).toEqual([
      { result: null, id: 7 },
      { result: ['btcusdt@depth@100ms', 'btcusdt@bookTicker'], id: 8 },
      { error: { code: 2, msg: 'Invalid request: stream ethusdt@depth' }, id: 9 },
    ]);
    await limitOrder(taker, 1, p.price + 100, '0.004');
    await until(() => raw.received.length > 0, 'the trade');
    expect(raw.received[0]).toMatchObject({ e: 'aggTrade', s: 'BTCUSDT', q: '0.004', m: false });
    // The ask the taker bought from, as a diff of the book: 0.01 − 0.004 left (compared as numbers: "67100.5").
    const isDiff = (m: Record<string, unknown>) =>
      m.stream === 'btcusdt@depth@100ms' &&
      (m.data as { a: Array<[string, string]> }).a.some(
        ([price, qty]) => Number(price) === (p.price + 100) / 100 && qty === '0.006',
      );
    await until(() => combined.received.some(isDiff), `the depth in ${JSON.stringify(combined.received)}`);
    const diff = combined.received.find(isDiff)!.data as Record<string, unknown>;
    expect(diff).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT' });
    expect(diff.u).toBe((diff.pu as number) + 1);
    raw.ws.close();
    combined.ws.close();
  });

  it('serves ccxt.pro watchOrderBook and watchTrades', async () => {
    const exchange = await proClient(p, taker.key);
    try {
      const book = await exchange.watchOrderBook(SYMBOL);
      expect(book.bids[0]).toEqual([(p.price - 100) / 100, 0.01]);
      const trades = exchange.watchTrades(SYMBOL);
      const changed = exchange.watchOrderBook(SYMBOL);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await limitOrder(taker, 2, p.price - 100, '0.003');
      expect((await trades).map((trade) => [trade.side, trade.amount])).toEqual([['sell', 0.003]]);
      const after = await changed;
      expect(after.bids[0]).toEqual([(p.price - 100) / 100, 0.007]);
      expectLoopbackOnly(exchange);
    } finally {
      await exchange.close();
    }
  });

  it('serves ccxt.pro watchOrders on a listen key: ORDER_TRADE_UPDATE as the orders change', async () => {
    const exchange = await proClient(p, taker.key);
    try {
      await exchange.loadMarkets();
      const first = exchange.watchOrders(SYMBOL);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const placed = await exchange.createOrder(SYMBOL, 'limit', 'buy', 0.002, (p.price - 3_000) / 100);
      const [update] = await first;
      expect(update).toMatchObject({
        id: placed.id,
        status: 'open',
        amount: 0.002,
        clientOrderId: placed.clientOrderId,
      });
      const next = exchange.watchOrders(SYMBOL);
      await exchange.cancelOrder(placed.id!, SYMBOL);
      expect((await next).at(-1)).toMatchObject({ id: placed.id, status: 'canceled' });
      expectLoopbackOnly(exchange);
    } finally {
      await exchange.close();
    }
  });

  it('keeps listen keys as Binance: one per user, renewed, closed, refused when unknown', async () => {
    const call = (method: string, query = '') =>
      fetch(`${p.base}/fapi/v1/listenKey${query}`, { method, headers: { 'X-MBX-APIKEY': maker.key.apiKey } });
    const { listenKey } = (await (await call('POST')).json()) as { listenKey: string };
    expect(listenKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await (await call('POST')).json()).toEqual({ listenKey });
    expect(await (await call('PUT')).json()).toEqual({ listenKey });
    const stream = await connect(`/fstream/ws/${listenKey}`);
    await limitOrder(maker, 2, p.price + 5_000, '0.001');
    await until(() => stream.received.some((m) => m.e === 'ORDER_TRADE_UPDATE'), 'the order update');
    expect(stream.received.find((m) => m.e === 'ORDER_TRADE_UPDATE')).toMatchObject({
      o: { s: 'BTCUSDT', S: 'SELL', o: 'LIMIT', q: '0.001', x: 'NEW', X: 'NEW' },
    });
    stream.ws.close();
    expect(await (await call('DELETE')).json()).toEqual({});
    const gone = await call('PUT');
    expect(gone.status).toBe(400);
    expect(await gone.json()).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
  });
});
