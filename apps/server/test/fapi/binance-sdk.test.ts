import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDMClient } from 'binance';
import type { UserBalance } from '@tickline/protocol';
import { get } from '../helpers/test-app.ts';
import { fundedTrader, startPlatform, type Platform, type Trader } from './harness.ts';

let p: Platform;
let trader: Trader;
let client: USDMClient;

beforeAll(async () => {
  p = await startPlatform();
  trader = await fundedTrader(p);
  client = new USDMClient({ api_key: trader.key.apiKey, api_secret: trader.key.secret, baseUrl: p.base });
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('the binance SDK (USDMClient) against the platform', () => {
  it('reads the server time and the symbol with its filters', async () => {
    expect(Math.abs((await client.getServerTime()) - Date.now())).toBeLessThan(5_000);
    const info = await client.getExchangeInfo();
    const symbol = info.symbols.find((entry) => entry.symbol === 'BTCUSDT')!;
    const filters = Object.fromEntries(symbol.filters.map((filter) => [filter.filterType, filter]));
    expect(filters['PRICE_FILTER']).toMatchObject({ tickSize: '0.01' });
    expect(filters['LOT_SIZE']).toMatchObject({ stepSize: '0.0001', minQty: '0.0001' });
    expect(filters['MAX_NUM_ORDERS']).toMatchObject({ limit: p.t.config.exchange.maxOpenOrdersPerUser });
  });

  it('reads the balance as the futures wallet, places and cancels an order by its client id', async () => {
    const [usdt] = await client.getBalanceV3();
    const native = await get<UserBalance>(p.t.app, '/user/balance', trader.accessToken);
    expect(Number(usdt!.balance)).toBe(native.body.data!.usdtm);
    expect(Number(usdt!.availableBalance)).toBe(native.body.data!.balance);
    const price = (p.price - 1_000) / 100;
    const clientOrderId = client.generateNewOrderId();
    const placed = await client.submitNewOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: 0.005,
      price,
      newClientOrderId: clientOrderId,
    });
    expect(placed).toMatchObject({ status: 'NEW', clientOrderId, origQty: '0.005' });
    expect(Number(placed.price)).toBe(price);
    const open = await client.getAllOpenOrders({ symbol: 'BTCUSDT' });
    expect(open.map((order) => order.orderId)).toEqual([placed.orderId]);
    const cancelled = await client.cancelOrder({ symbol: 'BTCUSDT', origClientOrderId: clientOrderId });
    expect(cancelled).toMatchObject({ orderId: placed.orderId, status: 'CANCELED' });
  });

  it('answers refusals in Binance shape with the weight used', async () => {
    const wrong = new USDMClient({ api_key: trader.key.apiKey, api_secret: 'f'.repeat(64), baseUrl: p.base });
    await expect(wrong.getBalanceV3()).rejects.toMatchObject({ code: -1022 });
    const response = await fetch(`${p.base}/fapi/v1/order?symbol=BTCUSDT&orderId=1`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: -2014, msg: 'API-key format invalid.' });
    // A signed call by hand: the weight used is reported, and the same key's budget goes down with each call.
    const signed = async (query: string) => {
      const signature = createHmac('sha256', trader.key.secret).update(query).digest('hex');
      return fetch(`${p.base}/fapi/v3/balance?${query}&signature=${signature}`, {
        headers: { 'X-MBX-APIKEY': trader.key.apiKey },
      });
    };
    const first = await signed(`timestamp=${Date.now()}&recvWindow=5000`);
    expect(first.status).toBe(200);
    const used = Number(first.headers.get('x-mbx-used-weight-1m'));
    expect(used).toBeGreaterThanOrEqual(5);
    const second = await signed(`timestamp=${Date.now()}`);
    expect(Number(second.headers.get('x-mbx-used-weight-1m'))).toBe(used + 5);
    const stale = await signed(`timestamp=${Date.now() - 10_000}&recvWindow=5000`);
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ code: -1021 });
  });
});
