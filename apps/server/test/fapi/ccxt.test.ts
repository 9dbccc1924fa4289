import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import type { UserBalance } from '@tickline/protocol';
import { get } from '../helpers/test-app.ts';
import { ccxtClient, fundedTrader, seedBook, startPlatform, type Platform, type Trader } from './harness.ts';

let p: Platform;
let maker: Trader;
let alice: Trader;
let client: ReturnType<typeof ccxtClient>;
const SYMBOL = 'BTC/USDT:USDT';

const ticks = (price: number) => price / 100;

beforeAll(async () => {
  p = await startPlatform();
  maker = await fundedTrader(p);
  alice = await fundedTrader(p);
  await seedBook(p, maker);
  client = ccxtClient(p, alice.key);
}, 60_000);

afterAll(async () => {
  // Nothing left loopback: every URL ccxt called is the platform's.
  expect(client.sent.length).toBeGreaterThan(0);
  for (const url of client.sent) expect(url.startsWith(p.base)).toBe(true);
  await p?.close();
});

describe('ccxt binanceusdm against the platform (only urls changed)', () => {
  it('loads the market with our tick, lot and limits, and asks sapi truthfully', async () => {
    const markets = await client.exchange.loadMarkets();
    const market = markets[SYMBOL]!;
    expect(market.swap).toBe(true);
    expect(market.linear).toBe(true);
    expect(market.precision.price).toBe(0.01);
    expect(market.precision.amount).toBe(0.0001);
    expect(market.limits.amount?.min).toBe(0.0001);
    expect(client.sent.some((url) => url.includes('/sapi/v1/capital/config/getall'))).toBe(true);
    expect(client.exchange.currencies['USDT']?.networks['BEP20']?.fee).toBe(5);
    expect(client.exchange.currencies['USDT']?.networks['BEP20']?.limits.withdraw.min).toBe(10);
  });

  it('reads time, ticker, book, trades, candles and the funding rate', async () => {
    expect(Math.abs((await client.exchange.fetchTime())! - Date.now())).toBeLessThan(5_000);
    const ticker = await client.exchange.fetchTicker(SYMBOL);
    const native = await get<{ lastPrice: number; markPrice: number; priceChangePercent: number }>(
      p.t.app,
      '/market/futures',
    );
    expect(ticker.last).toBe(native.body.data!.lastPrice);
    expect(ticker.percentage).toBe(native.body.data!.priceChangePercent);
    const tickers = await client.exchange.fetchTickers();
    expect(Object.keys(tickers)).toEqual([SYMBOL]);
    const book = await client.exchange.fetchOrderBook(SYMBOL, 5);
    expect(book.bids[0]).toEqual([ticks(p.price - 100), 0.01]);
    expect(book.asks[0]).toEqual([ticks(p.price + 100), 0.01]);
    expect(book.asks).toHaveLength(3);
    expect(Array.isArray(await client.exchange.fetchTrades(SYMBOL))).toBe(true);
    const candles = await client.exchange.fetchOHLCV(SYMBOL, '1m', undefined, 10);
    expect(candles.length).toBeGreaterThan(0);
    const funding = await client.exchange.fetchFundingRate(SYMBOL);
    expect(funding.markPrice).toBe(native.body.data!.markPrice);
  });

  it('answers the balance as the futures wallet, and leverage and margin mode as we have them', async () => {
    const balance = await client.exchange.fetchBalance();
    const native = await get<UserBalance>(p.t.app, '/user/balance', alice.accessToken);
    expect(balance['USDT']?.total).toBe(native.body.data!.usdtm);
    expect(balance['USDT']?.free).toBe(native.body.data!.balance);
    await client.exchange.setLeverage(10, SYMBOL);
    expect(await p.t.trading.leverageOf(alice.userId)).toBe(10);
    await expect(client.exchange.setMarginMode('isolated', SYMBOL)).rejects.toBeInstanceOf(ccxt.MarginModeAlreadySet);
    await expect(client.exchange.setMarginMode('cross', SYMBOL)).rejects.toBeInstanceOf(ccxt.BadRequest);
  });

  it('places, lists, fetches and cancels a limit order', async () => {
    const order = await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.002, ticks(p.price - 500));
    expect(order.status).toBe('open');
    const open = await client.exchange.fetchOpenOrders(SYMBOL);
    expect(open.map((o) => o.id)).toEqual([order.id]);
    const fetched = await client.exchange.fetchOrder(order.id!, SYMBOL);
    expect(fetched.price).toBe(ticks(p.price - 500));
    expect(fetched.amount).toBe(0.002);
    expect(fetched.clientOrderId).toBe(order.clientOrderId);
    const cancelled = await client.exchange.cancelOrder(order.id!, SYMBOL);
    expect(cancelled.status).toBe('canceled');
    const all = await client.exchange.fetchOrders(SYMBOL);
    expect(all.find((o) => o.id === order.id)?.status).toBe('canceled');
    await expect(client.exchange.cancelOrder(order.id!, SYMBOL)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
  });

  it('fills a market order: position with our liquidation price, trades, cancel-all and the countdown', async () => {
    const order = await client.exchange.createOrder(SYMBOL, 'market', 'buy', 0.01);
    expect(order.status).toBe('closed');
    expect(order.filled).toBe(0.01);
    expect(order.average).toBe(ticks(p.price + 100));
    const positions = await client.exchange.fetchPositions([SYMBOL]);
    const native = await get<Array<{ liquidationPrice: number; volume: number; averagePrice: number }>>(
      p.t.app,
      '/postion/lookup',
      alice.accessToken,
    );
    expect(positions).toHaveLength(1);
    expect(positions[0]!.side).toBe('long');
    expect(positions[0]!.contracts).toBe(native.body.data![0]!.volume);
    expect(positions[0]!.entryPrice).toBe(native.body.data![0]!.averagePrice);
    expect(positions[0]!.liquidationPrice).toBe(native.body.data![0]!.liquidationPrice);
    const trades = await client.exchange.fetchMyTrades(SYMBOL);
    expect(trades.map((trade) => [trade.order, trade.side, trade.amount, trade.takerOrMaker])).toEqual([
      [order.id, 'buy', 0.01, 'taker'],
    ]);
    await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, ticks(p.price - 1_000));
    await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, ticks(p.price - 1_100));
    await client.exchange.cancelAllOrders(SYMBOL);
    expect(await client.exchange.fetchOpenOrders(SYMBOL)).toEqual([]);
    const countdown = await client.exchange.fapiPrivatePostCountdownCancelAll({ symbol: 'BTCUSDT', countdownTime: 0 });
    expect(countdown).toEqual({ symbol: 'BTCUSDT', countdownTime: '0' });
  });

  it('refuses a bad signature, a read-only key, a reused client id and what we do not have', async () => {
    const wrong = ccxtClient(p, { apiKey: alice.key.apiKey, secret: 'f'.repeat(64) });
    await expect(wrong.exchange.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    const reader = await fundedTrader(p, ['read']);
    const readOnly = ccxtClient(p, reader.key);
    await readOnly.exchange.loadMarkets();
    await expect(readOnly.exchange.createOrder(SYMBOL, 'market', 'buy', 0.001)).rejects.toBeInstanceOf(
      ccxt.PermissionDenied,
    );
    const params = { clientOrderId: 'bot-order-31' };
    await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, ticks(p.price - 2_000), params);
    // -4116 is in ccxt's USDⓈ-M table, which it applies to binance.com hosts only: elsewhere an ExchangeError.
    await expect(
      client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, ticks(p.price - 2_000), params),
    ).rejects.toThrow(/"code":-4116/);
    await expect(
      client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, ticks(p.price - 2_000), { clientOrderId: 'a.b' }),
    ).rejects.toBeInstanceOf(ccxt.BadRequest);
    await expect(
      client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, ticks(p.price - 2_000), { timeInForce: 'GTD' }),
    ).rejects.toBeInstanceOf(ccxt.BadRequest);
  });
});
