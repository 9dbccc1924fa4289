/**
 * #34's "done when": a market added by configuration alone appears everywhere. BNBUSDT is one more definition (its
 * bracket table from the shared helper) chosen by MARKETS; nothing else names it. It is then listed by the API
 * (/market/contracts, /server/config, /fapi exchangeInfo), has its own market data (/market/futures, klines), its
 * streams (the native websocket and /fstream), and the demo maker quotes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { bracketTable, defaultExchangeConfig } from '@tickline/engine';
import { MARKET_DEFINITIONS, marketDefinition, type MarketDefinition } from '../../src/domain/market/definitions.ts';
import { startDemoMaker, until, type RunningMaker } from './demo-maker-process.ts';
import { ccxtClient, fundedTrader, startPlatform, type Platform } from './harness.ts';

// SOLUSDT's rules under another name, with its own brackets (the shared helper) and index.
const BNB: MarketDefinition = {
  ...marketDefinition('SOLUSDT')!,
  symbol: 'BNBUSDT',
  baseAsset: 'BNB',
  brackets: bracketTable(defaultExchangeConfig.maintenanceTiers, { maxLeverage: 50, notional: { times: 1, per: 4 } }),
  index: { simulatedPair: 'BNBUSDT', binanceSymbol: 'BNBUSDT' },
};

let p: Platform;
let maker: RunningMaker;

beforeAll(async () => {
  p = await startPlatform({
    allMarkets: true,
    definitions: [...MARKET_DEFINITIONS, BNB],
    env: { MARKETS: 'BTCUSDT,ETHUSDT,SOLUSDT,BNBUSDT' },
  });
  maker = await startDemoMaker(p, 10_000);
}, 60_000);

afterAll(async () => {
  await maker?.stop();
  await p?.close();
});

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${p.base}${path}`)).json()) as T;

describe('a market added by configuration alone', () => {
  it('is listed by the API and has its own market data', async () => {
    const contracts = await get<{ data: Array<{ symbol: string }> }>('/api/v1/market/contracts');
    expect(contracts.data.map((row) => row.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT']);
    const config = await get<{ data: { markets: Array<{ symbol: string; leverage: { max: number } }> } }>(
      '/api/v1/server/config',
    );
    expect(config.data.markets.find((market) => market.symbol === 'BNBUSDT')?.leverage.max).toBe(50);
    const info = await get<{ symbols: Array<{ symbol: string; baseAsset: string; filters: object[] }> }>(
      '/fapi/v1/exchangeInfo',
    );
    const listed = info.symbols.find((row) => row.symbol === 'BNBUSDT');
    expect(listed).toMatchObject({ baseAsset: 'BNB' });
    expect(listed!.filters).toContainEqual(expect.objectContaining({ filterType: 'MIN_NOTIONAL', notional: '5' }));
    const futures = await get<{ code: number; data: { symbol?: string; indexPrice: number } }>(
      '/api/v1/market/futures?symbol=BNBUSDT',
    );
    expect(futures.code).toBe(0);
    // The simulated BNB index (about 590 USDT), not another market's.
    expect(futures.data.indexPrice).toBeGreaterThan(100);
    expect(futures.data.indexPrice).toBeLessThan(5_000);
    const klines = await get<{ code: number; data: unknown[] }>('/api/v1/market/klines?symbol=BNBUSDT&interval=1m');
    expect(klines.code).toBe(0);
    expect(klines.data.length).toBeGreaterThan(0);
  });

  it('streams on the native websocket and on /fstream', async () => {
    const ws = new WebSocket(`${p.base.replace('http', 'ws')}/ws`);
    const fstream = new WebSocket(`${p.base.replace('http', 'ws')}/fstream/ws/bnbusdt@markPrice@1s`);
    const native: Array<{ type: string; symbol?: string }> = [];
    const binance: Array<{ e?: string; s?: string }> = [];
    ws.on('message', (data) => native.push(JSON.parse(data.toString()) as (typeof native)[number]));
    fstream.on('message', (data) => binance.push(JSON.parse(data.toString()) as (typeof binance)[number]));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'subscribe', symbol: 'BNBUSDT', streamType: 'ticker' }));
    await until('the BNBUSDT ticker on both', 15_000, maker, async () =>
      native.some((m) => m.type === 'ticker' && m.symbol === 'BNBUSDT') &&
      binance.some((m) => m.e === 'markPriceUpdate' && m.s === 'BNBUSDT')
        ? true
        : null,
    );
    ws.close();
    fstream.close();
  });

  it('is quoted by the demo maker', async () => {
    const alice = await fundedTrader(p);
    const { exchange } = ccxtClient(p, alice.key);
    const book = await until('BNBUSDT: five levels a side', 60_000, maker, async () => {
      const seen = await exchange.fetchOrderBook('BNB/USDT:USDT', 100);
      return seen.bids.length >= 5 && seen.asks.length >= 5 ? seen : null;
    });
    expect(book.bids[0]![0]!).toBeLessThan(book.asks[0]![0]!);
    const symbols = new Set((await p.t.trading.openOrders(maker.makerUserId)).map((order) => order.symbol));
    expect(symbols.has('BNBUSDT')).toBe(true);
  }, 90_000);
});
