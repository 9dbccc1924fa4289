import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { fundedTrader, proClient, startPlatform, type Platform, type Trader } from './harness.ts';

let p: Platform;
let maker: Trader;
let taker: Trader;
const SYMBOL = 'BTC/USDT:USDT';

async function limitOrder(trader: Trader, side: 1 | 2, priceTicks: number, volume = '0.01') {
  const leverage = await p.t.trading.leverageOf(trader.userId);
  return p.t.trading.placeOrder(trader.userId, {
    leverage,
    volume,
    position: side,
    orderPath: 1,
    price: (priceTicks / 100).toFixed(2),
  });
}

/** A raw client: every message it received, parsed. */
async function connect(path: string) {
  const ws = new WebSocket(`${p.base.replace('http', 'ws')}${path}`);
  const received: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, received };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
    await until(() => combined.received.some((m) => m.stream === 'btcusdt@depth@100ms'), 'the depth');
    const diff = combined.received.find((m) => m.stream === 'btcusdt@depth@100ms')!.data as Record<string, unknown>;
    expect(diff).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT', a: [[((p.price + 100) / 100).toFixed(2), '0.006']] });
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
      for (const url of Object.keys(exchange.clients)) expect(url.startsWith(p.base.replace('http', 'ws'))).toBe(true);
    } finally {
      await exchange.close();
    }
  });
});
