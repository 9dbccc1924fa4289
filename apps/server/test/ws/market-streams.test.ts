/**
 * The market streams of every configured market over the real websocket (#34 item 4): a platform with BTCUSDT,
 * ETHUSDT and SOLUSDT (the engine, the market service and the pump of the platform's runtime), a client on /ws,
 * a trade in ETH and in SOL; each market's depth, trade, ticker and kline frames name their market, BTCUSDT's keep
 * their shape, an unknown market is refused with its catalogued code, and the user stream names the ETH order's market.
 */
import { Errors } from '@tickline/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedTrader, startPlatform, type Platform, type Trader } from '../fapi/harness.ts';
import { TestClient, type Received } from './helpers.ts';

const STREAMS = ['depth', 'trade', 'ticker', 'kline'] as const;
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'] as const;

let p: Platform;
let maker: Trader;
let taker: Trader;
let client: TestClient;

/** A resting sell of the maker and the taker's buy against it, at the market's index, in the market `symbol`. */
async function tradeAtIndex(symbol: string, volume: string): Promise<void> {
  const price = (p.market.indexPrice(symbol)! / 100).toFixed(2);
  for (const [trader, position] of [
    [maker, 2],
    [taker, 1],
  ] as const) {
    const leverage = await p.t.trading.leverageOf(trader.userId, symbol);
    await p.t.trading.placeOrder(trader.userId, { symbol, leverage, volume, position, orderPath: 1, price });
  }
}

/** A maker's bid 1 % under the index that stays on the book: the market's depth then has a level to show. */
async function restingBid(symbol: string, volume: string): Promise<number> {
  // Floor: a tick under 99 % of the index, whole ticks.
  const ticks = Math.floor((p.market.indexPrice(symbol)! * 99) / 100);
  const leverage = await p.t.trading.leverageOf(maker.userId, symbol);
  const price = (ticks / 100).toFixed(2);
  await p.t.trading.placeOrder(maker.userId, { symbol, leverage, volume, position: 1, orderPath: 1, price });
  return Number(price);
}

const bids: Record<string, number> = {};

const ofMarket = (type: string, symbol: string) =>
  client.of(type).filter((message) => message.symbol === symbol && !(type === 'trade' && isEmptyTrade(message)));
const isEmptyTrade = (message: Received) => (message.data as unknown[]).length === 0;

/** Waits until a frame of each stream of the market arrived and answers them by stream. */
async function framesOf(
  symbol: string,
  streams: readonly (typeof STREAMS)[number][] = STREAMS,
): Promise<Record<(typeof STREAMS)[number], Received>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const frames = Object.fromEntries(streams.map((stream) => [stream, ofMarket(stream, symbol).at(-1)]));
    if (streams.every((stream) => frames[stream])) return frames as Record<(typeof STREAMS)[number], Received>;
    if (Date.now() > deadline) throw new Error(`${symbol}: frames ${JSON.stringify(Object.keys(frames))} missing`);
    await client.waitFor('ticker', client.of('ticker').length + 1, 2_000);
  }
}

async function until(what: string, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await client.waitFor('ticker', client.of('ticker').length + 1, 2_000);
  }
}

beforeAll(async () => {
  p = await startPlatform({ allMarkets: true });
  maker = await fundedTrader(p);
  taker = await fundedTrader(p);
  client = await TestClient.connect(`${p.base.replace('http', 'ws')}/ws`);
  client.send({ type: 'auth', token: taker.accessToken });
  await client.waitFor('auth');
  for (const symbol of SYMBOLS) for (const stream of STREAMS) client.subscribe(stream, symbol);
  await client.waitFor('subscribed', SYMBOLS.length * STREAMS.length);
  await tradeAtIndex('ETHUSDT', '0.1');
  await tradeAtIndex('SOLUSDT', '1');
  bids.ETHUSDT = await restingBid('ETHUSDT', '0.05');
  bids.SOLUSDT = await restingBid('SOLUSDT', '1');
}, 60_000);

afterAll(async () => {
  client?.close();
  await p?.close();
});

describe('market streams per symbol (#34)', () => {
  it('sends ETHUSDT and SOLUSDT depth, trade, ticker and kline frames after their trades, each naming its market', async () => {
    for (const symbol of ['ETHUSDT', 'SOLUSDT']) {
      const frames = await framesOf(symbol);
      const index = p.market.indexPrice(symbol)! / 100;
      const trades = ofMarket('trade', symbol).flatMap((message) => message.data as Array<{ price: number }>);
      expect(trades.length, symbol).toBeGreaterThan(0);
      for (const trade of trades) expect(trade.price, symbol).toBeCloseTo(index, 2);
      const showsBid = () =>
        ofMarket('depth', symbol).some((message) =>
          (message.data as { b: number[][] }).b.some(([price]) => price === bids[symbol]),
        );
      await until(`${symbol}: the resting bid in a depth frame`, showsBid);
      expect(frames.kline.interval).toBe('1m');
      // No frame of one market carries another's data: the trades of ETH are not on SOL's channel and back.
      expect(ofMarket('trade', symbol).every((message) => message.symbol === symbol)).toBe(true);
    }
    const ethTrades = ofMarket('trade', 'ETHUSDT').flatMap((message) => message.data as Array<{ qty: number }>);
    const solTrades = ofMarket('trade', 'SOLUSDT').flatMap((message) => message.data as Array<{ qty: number }>);
    expect(ethTrades.map((trade) => trade.qty)).toContain(0.1);
    expect(solTrades.map((trade) => trade.qty)).toContain(1);
  }, 20_000);

  it('keeps the BTCUSDT frames in the shape every market has: the same keys, the same data keys', async () => {
    // BTCUSDT has had no trade here: its trade channel sent the (empty) recent trades only.
    const btc = await framesOf('BTCUSDT', ['depth', 'ticker', 'kline']);
    const eth = await framesOf('ETHUSDT');
    for (const stream of ['depth', 'ticker', 'kline'] as const) {
      expect(Object.keys(btc[stream]).sort(), stream).toEqual(Object.keys(eth[stream]).sort());
      expect(Object.keys(btc[stream].data as object).sort(), stream).toEqual(
        Object.keys(eth[stream].data as object).sort(),
      );
    }
    expect(Object.keys(btc.depth.data as object).sort()).toEqual(['a', 'b']);
    expect(Object.keys(btc.ticker).sort()).toEqual(['data', 'symbol', 'ts', 'type', 'v']);
    expect(Object.keys(btc.kline).sort()).toEqual(['data', 'interval', 'symbol', 'ts', 'type', 'v']);
  }, 20_000);

  it('refuses a subscription to a market there is not with MARKET_UNKNOWN_SYMBOL', async () => {
    const errors = client.of('error').length;
    client.subscribe('depth', 'DOGEUSDT');
    const [refusal] = (await client.waitFor('error', errors + 1)).slice(errors);
    expect(refusal).toMatchObject({ code: Errors.MARKET_UNKNOWN_SYMBOL.code });
  });

  it("names ETHUSDT on the user stream's order and position events of an ETH order", async () => {
    const events = client.of('user') as Array<Received & { event: string; data: { symbol?: string } | null }>;
    const orders = events.filter((message) => message.event === 'order');
    const positions = events.filter((message) => message.event === 'position' && message.data !== null);
    expect(orders.map((message) => message.data!.symbol)).toContain('ETHUSDT');
    expect(positions.map((message) => message.data!.symbol)).toEqual(expect.arrayContaining(['ETHUSDT', 'SOLUSDT']));
    expect(
      events.filter((message) => message.event === 'order' || message.event === 'position').length,
    ).toBeGreaterThan(0);
  });
});
