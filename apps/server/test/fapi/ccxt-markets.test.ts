import { describe, expect, it } from 'vitest';
import ccxt from 'ccxt';
import { databaseState } from '../helpers/test-app.ts';
import { TRADING_TABLES } from '../trading/helpers/trading-app.ts';
import { platformWithBook } from './harness.ts';

// The markets on /fapi (#34): ccxt lists the engine's markets, positions name their market, and a symbol the engine
// does not run is Binance's -1121 (ccxt's BadSymbol) with nothing sent to the engine.

const SYMBOL = 'BTC/USDT:USDT';
const context = platformWithBook();

describe('ccxt binanceusdm and the markets', () => {
  it("fetchMarkets lists every market the engine runs, with that market's rules", async () => {
    const { p, client } = context;
    const engineMarkets = await p.t.trading.markets();
    const markets = await client.exchange.fetchMarkets();
    expect(markets.map((market) => market!.id)).toEqual(engineMarkets.map((market) => market.symbol));
    expect(markets.map((market) => market!.symbol)).toEqual(
      engineMarkets.map((market) => `${market.symbol.replace(/USDT$/, '')}/USDT:USDT`),
    );
    const btc = markets.find((market) => market!.id === 'BTCUSDT')!;
    expect(btc.limits.amount?.min).toBe(engineMarkets[0]!.minOrderQty / 10_000);
    expect(btc.precision.price).toBe(engineMarkets[0]!.tickSizeTicks / 100);
  });

  it('fetchPositions names the market of each position', async () => {
    const { client } = context;
    await client.exchange.setLeverage(10, SYMBOL);
    await client.exchange.createOrder(SYMBOL, 'market', 'buy', 0.002);
    const positions = await client.exchange.fetchPositions();
    expect(positions.map((position) => [position.symbol, position.info['symbol'], position.side])).toEqual([
      [SYMBOL, 'BTCUSDT', 'long'],
    ]);
    const named = await client.exchange.fetchPositions([SYMBOL]);
    expect(named.map((position) => position.symbol)).toEqual([SYMBOL]);
    const trades = await client.exchange.fetchMyTrades(SYMBOL);
    expect(trades.length).toBeGreaterThan(0);
    expect(new Set(trades.map((trade) => trade.info['symbol']))).toEqual(new Set(['BTCUSDT']));
  });

  it('answers -1121 for a symbol the engine does not run, changing nothing', async () => {
    const { p, client } = context;
    const before = await databaseState(p.t.pool, TRADING_TABLES);
    const raw = client.exchange as unknown as Record<string, (params: object) => Promise<unknown>>;
    const calls: Array<[string, object]> = [
      ['fapiPrivatePostOrder', { symbol: 'ETHUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' }],
      ['fapiPrivateGetOpenOrders', { symbol: 'ETHUSDT' }],
      ['fapiPrivateGetAllOrders', { symbol: 'ETHUSDT' }],
      ['fapiPrivateDeleteAllOpenOrders', { symbol: 'ETHUSDT' }],
      ['fapiPrivateGetUserTrades', { symbol: 'ETHUSDT' }],
      ['fapiPrivateV2GetPositionRisk', { symbol: 'ETHUSDT' }],
      ['fapiPrivatePostLeverage', { symbol: 'ETHUSDT', leverage: 5 }],
      ['fapiPrivatePostMarginType', { symbol: 'ETHUSDT', marginType: 'ISOLATED' }],
      ['fapiPrivateDeleteOrder', { symbol: 'ETHUSDT', orderId: 1 }],
    ];
    for (const [method, params] of calls) {
      const error = await raw[method]!.call(client.exchange, params).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect([method, error instanceof ccxt.BadSymbol]).toEqual([method, true]);
      expect(String((error as Error).message)).toContain('-1121');
    }
    expect(await databaseState(p.t.pool, TRADING_TABLES)).toEqual(before);
  });
});
