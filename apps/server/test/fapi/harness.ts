/**
 * A listening platform for the real Binance clients: the test app on loopback with a market service fed by the
 * engine's own book and trades (as the engine role wires it), an index from the simulated source, and helpers that
 * point ccxt's every URL at it and record each request it sends (none may leave loopback).
 */
import type { AddressInfo } from 'node:net';
import ccxt from 'ccxt';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, expect } from 'vitest';
const USDT = 1_000_000;
import { attachFstream } from '../../src/fapi/streams.ts';
import { sessionTokenVerifier, startWebsocketGateway } from '../../src/ws/runtime.ts';
import { MarketService } from '../../src/services/market/market-service.ts';
import { SimulatedSource } from '../../src/services/market/simulated-source.ts';
import { createTestApp, registerAndLogin, type TestApp, type TestClock } from '../helpers/test-app.ts';
import { testMarketConfig } from '../market/fakes.ts';
import { createKey, type Credentials } from '../programs/signed-client.ts';
import { loadConfig } from '../../src/config.ts';
import type { MarketDefinition } from '../../src/domain/market/definitions.ts';

/** ccxt and the SDK sign with the machine's clock: the platform must read the same one. */
const realClock: TestClock = { now: () => Date.now(), advance: () => undefined, set: () => undefined };

export interface Platform {
  t: TestApp;
  market: MarketService;
  base: string;
  /** The index (= mark) price the engine was given, in ticks. */
  price: number;
  close(): Promise<void>;
}

/**
 * `allMarkets`: the engine and the market service run every configured market (#34), each given its index once;
 * otherwise BTCUSDT alone, as before the markets. `definitions` and `env` (MARKETS) replace the configured ones.
 * `clock`: the app's clock instead of the machine's (a test moves it; the market service keeps the machine's).
 */
export async function startPlatform(
  options: {
    allMarkets?: boolean;
    definitions?: readonly MarketDefinition[];
    env?: NodeJS.ProcessEnv;
    clock?: TestClock;
  } = {},
): Promise<Platform> {
  const platformConfig = options.allMarkets ? loadConfig(options.env ?? {}, undefined, options.definitions) : null;
  const market = new MarketService({
    config: testMarketConfig(),
    ...(platformConfig ? { markets: platformConfig.market.futures } : {}),
    sources: [new SimulatedSource({ seed: 31, clock: realClock.now })],
    clock: realClock.now,
  });
  await market.start();
  const t = await createTestApp({
    clock: options.clock ?? realClock,
    services: { market },
    ...(platformConfig
      ? {
          exchangeConfig: platformConfig.exchange,
          config: { exchange: platformConfig.exchange, markets: platformConfig.markets },
        }
      : {}),
  });
  // The platform's websocket runtime (pump, engine bridge, user events) and /fstream on it, as roles/platform.ts.
  const ws = await startWebsocketGateway({
    server: t.app.server,
    market,
    verifyToken: sessionTokenVerifier(t.app.context),
    sequencer: t.sequencer,
  });
  const stopFstream = attachFstream(t.app, ws.hub, t.sequencer);
  market.tick();
  const price = market.indexPrice()!;
  for (const symbol of market.symbols()) {
    const index = market.indexPrice(symbol)!;
    const tick = await t.sequencer.submit({ type: 'priceTick', symbol, indexPrice: index, markPrice: index });
    if (!tick.ok) throw new Error(`${symbol} price tick refused`);
  }
  market.tick();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return {
    t,
    market,
    base: `http://127.0.0.1:${port}`,
    price,
    async close() {
      await stopFstream();
      await ws.close();
      await t.close();
      await market.stop();
    },
  };
}

export interface Trader {
  userId: number;
  accessToken: string;
  key: Credentials;
}

export async function fundedTrader(p: Platform, permissions = ['read', 'trade'], usdt = 10_000): Promise<Trader> {
  const member = await registerAndLogin(p.t.app);
  await p.t.trading.fundDemoUser(member.userId, usdt * USDT);
  const key = await createKey(p.t.app, member.accessToken, { permissions });
  return { userId: member.userId, accessToken: member.accessToken, key };
}

/**
 * ccxt.pro's binanceusdm: REST and websocket URLs pointed at the platform. Over plain ws:// (loopback here) ccxt
 * asks for its http agent to be loaded first; over wss:// nothing is needed.
 */
export async function proClient(p: Platform, key: { apiKey: string; secret: string }) {
  const exchange = new ccxt.pro.binanceusdm({ apiKey: key.apiKey, secret: key.secret });
  const api = exchange.urls.api as Record<string, unknown>;
  for (const [name, value] of Object.entries(api))
    if (typeof value === 'string') api[name] = value.replace(/^https?:\/\/[^/]+/, p.base);
  const ws = api.ws as Record<string, unknown>;
  for (const [name, value] of Object.entries(ws))
    if (typeof value === 'string')
      ws[name] = value.replace(/^wss?:\/\/[^/]+/, p.base.replace('http', 'ws') + '/fstream');
  await exchange.loadHttpProxyAgent();
  return exchange;
}

/** ccxt's binanceusdm with default options, only its URLs pointed at the platform; `sent` records every request. */
export function ccxtClient(p: Platform, key: { apiKey: string; secret: string }) {
  const exchange = new ccxt.binanceusdm({ apiKey: key.apiKey, secret: key.secret });
  const api = exchange.urls.api as Record<string, string>;
  for (const name of Object.keys(api)) api[name] = api[name]!.replace(/^https?:\/\/[^/]+/, p.base);
  const sent: string[] = [];
  const fetch = exchange.fetch.bind(exchange);
  exchange.fetch = (url: string, method?: string, headers?: unknown, body?: unknown) => {
    sent.push(url);
    return fetch(url, method, headers, body);
  };
  return { exchange, sent };
}

/** A book from the maker through the native API: 0.01 BTC bids and asks 1, 2 and 3 USDT around the index. */
export async function seedBook(p: Platform, maker: Trader): Promise<void> {
  const leverage = await p.t.trading.leverageOf(maker.userId);
  for (let level = 1; level <= 3; level++) {
    for (const side of [1, 2]) {
      const price = side === 1 ? p.price - level * 100 : p.price + level * 100;
      await p.t.trading.placeOrder(maker.userId, {
        leverage,
        volume: '0.01',
        position: side,
        orderPath: 1,
        price: (price / 100).toFixed(2),
      });
    }
  }
}

/**
 * A platform with the maker's book and one funded trader (alice) on ccxt, markets loaded, for the file's tests
 * (started before them; closed after them, asserting that every URL ccxt called was the platform's).
 */
export function platformWithBook() {
  const context = {} as { p: Platform; alice: Trader; client: ReturnType<typeof ccxtClient> };
  beforeAll(async () => {
    context.p = await startPlatform();
    await seedBook(context.p, await fundedTrader(context.p));
    context.alice = await fundedTrader(context.p);
    context.client = ccxtClient(context.p, context.alice.key);
    await context.client.exchange.loadMarkets();
  }, 60_000);
  afterAll(async () => {
    for (const url of context.client?.sent ?? []) expect(url.startsWith(context.p.base)).toBe(true);
    await context.p?.close();
  });
  return context;
}

/** A raw websocket client on the platform: every message it received, parsed. */
export async function rawSocket(p: Platform, path: string) {
  const ws = new WebSocket(`${p.base.replace('http', 'ws')}${path}`);
  const received: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => received.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, received };
}

/** Polls `check` every 20 ms, at most 10 s. */
export async function waitUntil(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A limit order through the native use case at the trader's leverage in the market (BTCUSDT without `symbol`). */
export async function nativeLimit(
  p: Platform,
  trader: Trader,
  order: { side: 1 | 2; priceTicks: number; volume: string; symbol?: string },
) {
  const leverage = await p.t.trading.leverageOf(trader.userId, order.symbol);
  return p.t.trading.placeOrder(trader.userId, {
    leverage,
    volume: order.volume,
    position: order.side,
    orderPath: 1,
    price: (order.priceTicks / 100).toFixed(2),
    ...(order.symbol === undefined ? {} : { symbol: order.symbol }),
  });
}
