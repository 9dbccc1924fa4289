/**
 * /fstream per market (#34): every market the platform runs has its own depth (diff with its own update ids, and
 * partial), trades, mark price, ticker and kline streams; the real ccxt.pro client watches ETH and SOL books and
 * trades on loopback.
 */
import { PRICE_SCALE, toDecimalString } from '@tickline/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Platform, Trader } from './harness.ts';
import { fundedTrader, nativeLimit, proClient, rawSocket, startPlatform, waitUntil } from './harness.ts';

let p: Platform;
let maker: Trader;
let taker: Trader;

/** Each market's quantity of the test's orders: well over its minimum notional, on its lot grid. */
const VOLUME: Record<string, string> = { BTCUSDT: '0.01', ETHUSDT: '0.1', SOLUSDT: '1' };

/** The market's index price in ticks, as the engine was given it. */
const indexOf = (symbol: string) => p.market.indexPrice(symbol)!;

const limitOrder = (trader: Trader, symbol: string, side: 1 | 2, priceTicks: number, volume = VOLUME[symbol]!) =>
  nativeLimit(p, trader, { side, priceTicks, volume, symbol });

const connect = (path: string) => rawSocket(p, path);
const until = waitUntil;

beforeAll(async () => {
  p = await startPlatform({ allMarkets: true });
  maker = await fundedTrader(p, ['read', 'trade'], 100_000);
  taker = await fundedTrader(p, ['read', 'trade'], 100_000);
  for (const symbol of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
    await limitOrder(maker, symbol, 1, indexOf(symbol) - 100);
    await limitOrder(maker, symbol, 2, indexOf(symbol) + 100);
  }
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('/fstream per market', () => {
  it("serves each market's depth, trades and ticker under its own name, with its own update ids", async () => {
    const names = ['ethusdt@depth@100ms', 'solusdt@depth@100ms', 'ethusdt@depth5', 'solusdt@aggTrade'];
    const combined = await connect(`/fstream/stream?streams=${names.join('/')}`);
    combined.ws.send(
      JSON.stringify({
        method: 'SUBSCRIBE',
        params: ['ethusdt@markPrice@1s', 'solusdt@ticker', 'ethusdt@kline_1m'],
        id: 1,
      }),
    );
    combined.ws.send(JSON.stringify({ method: 'SUBSCRIBE', params: ['dogeusdt@depth'], id: 2 }));
    await until(() => combined.received.filter((m) => 'id' in m).length >= 2, 'the answers');
    expect(combined.received.filter((m) => 'id' in m)).toEqual([
      { result: null, id: 1 },
      { error: { code: 2, msg: 'Invalid request: stream dogeusdt@depth' }, id: 2 },
    ]);
    await limitOrder(taker, 'ETHUSDT', 1, indexOf('ETHUSDT') + 100, '0.04');
    await limitOrder(taker, 'SOLUSDT', 2, indexOf('SOLUSDT') - 100, '0.3');
    const of = <T = Record<string, unknown>>(stream: string) =>
      combined.received.filter((m) => m.stream === stream).map((m) => m.data as T);
    await until(
      () => of<{ a: string[][] }>('ethusdt@depth@100ms').some((d) => d.a.some(([, qty]) => qty === '0.06')),
      "ETH's diff",
    );
    await until(() => of('solusdt@aggTrade').length > 0, "SOL's trade");
    await until(
      () =>
        of('ethusdt@markPrice@1s').length > 0 && of('solusdt@ticker').length > 0 && of('ethusdt@kline_1m').length > 0,
      'mark price, ticker and kline',
    );
    expect(of('solusdt@aggTrade')[0]).toMatchObject({ e: 'aggTrade', s: 'SOLUSDT', q: '0.3', m: true });
    expect(of('ethusdt@markPrice@1s')[0]).toMatchObject({ e: 'markPriceUpdate', s: 'ETHUSDT' });
    expect(of('solusdt@ticker')[0]).toMatchObject({ e: '24hrTicker', s: 'SOLUSDT' });
    expect(of('ethusdt@kline_1m')[0]).toMatchObject({ e: 'kline', s: 'ETHUSDT', k: { s: 'ETHUSDT', i: '1m' } });
    const ethPartial = of<{ s: string; a: string[][] }>('ethusdt@depth5').at(-1)!;
    expect(ethPartial.s).toBe('ETHUSDT');
    // Decimals as the adapter writes them everywhere: trailing zeros dropped (2601.60 → '2601.6').
    expect(ethPartial.a[0]).toEqual([toDecimalString(indexOf('ETHUSDT') + 100, PRICE_SCALE), '0.06']);
    // Each market numbers its own diffs: consecutive, from 1, whatever the other markets did.
    for (const [stream, symbol] of [
      ['ethusdt@depth@100ms', 'ETHUSDT'],
      ['solusdt@depth@100ms', 'SOLUSDT'],
    ] as const) {
      const diffs = of<{ s: string; U: number; u: number; pu: number }>(stream);
      expect(diffs.every((diff) => diff.s === symbol && diff.U === diff.u)).toBe(true);
      expect(diffs.map((diff) => diff.pu)).toEqual(diffs.map((diff) => diff.u - 1));
      for (let i = 1; i < diffs.length; i++) expect(diffs[i]!.pu).toBe(diffs[i - 1]!.u);
      // The REST snapshot's lastUpdateId is this market's last diff id.
      const rest = (await (await fetch(`${p.base}/fapi/v1/depth?symbol=${symbol}&limit=5`)).json()) as {
        lastUpdateId: number;
      };
      expect(rest.lastUpdateId).toBe(diffs.at(-1)!.u);
    }
    combined.ws.close();
  });

  it('serves ccxt.pro watchOrderBook and watchTrades for ETH/USDT:USDT and SOL/USDT:USDT', async () => {
    const exchange = await proClient(p, taker.key);
    try {
      for (const [symbol, unified, lot] of [
        ['ETHUSDT', 'ETH/USDT:USDT', 0.001],
        ['SOLUSDT', 'SOL/USDT:USDT', 0.01],
      ] as const) {
        const bid = (indexOf(symbol) - 100) / 100;
        const book = await exchange.watchOrderBook(unified);
        expect(book.symbol).toBe(unified);
        expect(book.bids[0]![0]).toBe(bid);
        const restingBid = book.bids[0]![1]!;
        const trades = exchange.watchTrades(unified);
        const changed = exchange.watchOrderBook(unified);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const sold = Math.round(restingBid / 4 / lot) * lot;
        await limitOrder(taker, symbol, 2, indexOf(symbol) - 100, sold.toFixed(lot === 0.001 ? 3 : 2));
        const received = await trades;
        expect(received.map((trade) => [trade.symbol, trade.side, trade.amount])).toEqual([[unified, 'sell', sold]]);
        const after = await changed;
        expect(after.bids[0]![0]).toBe(bid);
        expect(after.bids[0]![1]).toBeCloseTo(restingBid - sold, 9);
      }
      const urls = Object.keys(exchange.clients).filter((key) => key.includes('://'));
      for (const url of urls) expect(url.startsWith(p.base.replace('http', 'ws'))).toBe(true);
    } finally {
      await exchange.close();
    }
  });
});
