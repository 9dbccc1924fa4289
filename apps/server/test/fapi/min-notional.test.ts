import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDMClient } from 'binance';
import { Errors } from '@tickline/protocol';
import { databaseState, post } from '../helpers/test-app.ts';
import { TRADING_TABLES } from '../trading/helpers/trading-app.ts';
import { fundedTrader, startPlatform, type Platform, type Trader } from './harness.ts';

// The market's minimum notional (#34): ETHUSDT's 5 USDT, refused with NOTIONAL_BELOW_MINIMUM natively and Binance's
// -4164 on /fapi, nothing written; exchangeInfo publishes each market's MIN_NOTIONAL from its definition.

let p: Platform;
let trader: Trader;
let client: USDMClient;

beforeAll(async () => {
  p = await startPlatform({ allMarkets: true });
  trader = await fundedTrader(p);
  client = new USDMClient({ api_key: trader.key.apiKey, api_secret: trader.key.secret, baseUrl: p.base });
}, 60_000);

afterAll(async () => {
  await p?.close();
});

describe('minimum notional on the API', () => {
  it("publishes each market's MIN_NOTIONAL", async () => {
    const info = await client.getExchangeInfo();
    const minimums = Object.fromEntries(
      info.symbols.map((symbol) => [
        symbol.symbol,
        symbol.filters.find((filter) => filter.filterType === 'MIN_NOTIONAL'),
      ]),
    );
    expect(minimums).toEqual({
      BTCUSDT: { filterType: 'MIN_NOTIONAL', notional: '0' },
      ETHUSDT: { filterType: 'MIN_NOTIONAL', notional: '5' },
      SOLUSDT: { filterType: 'MIN_NOTIONAL', notional: '5' },
    });
  });

  it('refuses an ETHUSDT order below 5 USDT natively and on /fapi, changing nothing', async () => {
    const eth = p.market.indexPrice('ETHUSDT')!;
    // 0.001 ETH, a limit 10 % under the index: well below 5 USDT at any simulated ETH price under 5,000.
    const price = Math.floor((eth * 0.9) / 100);
    expect(price * 0.001).toBeLessThan(5);
    const before = await databaseState(p.t.pool, TRADING_TABLES);
    const native = await post(
      p.t.app,
      '/order/registerOrder',
      {
        leverage: 1,
        volume: '0.001',
        type: 2,
        priceType: 1,
        position: 1,
        orderPath: 1,
        price: String(price),
        symbol: 'ETHUSDT',
      },
      trader.accessToken,
    );
    expect(native.body.code).toBe(Errors.NOTIONAL_BELOW_MINIMUM.code);
    await expect(
      client.submitNewOrder({
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: 0.001,
        price,
      }),
    ).rejects.toMatchObject({ code: -4164 });
    expect(await databaseState(p.t.pool, TRADING_TABLES)).toEqual(before);
    // The same order worth 5 USDT or more is placed.
    const quantity = Math.ceil((5 / price) * 1000) / 1000;
    const placed = await client.submitNewOrder({
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity,
      price,
    });
    expect(placed).toMatchObject({ status: 'NEW' });
  });
});
