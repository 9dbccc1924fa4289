import { describe, expect, it } from 'vitest';
import { platformWithBook } from './harness.ts';

/** ccxt's unified trigger orders, which it sends to Binance's algo service (/fapi/v1/algoOrder, openAlgoOrders). */
const context = platformWithBook();
const SYMBOL = 'BTC/USDT:USDT';
const usdt = (ticks: number) => ticks / 100;

describe('ccxt binanceusdm unified trigger orders (algo service)', () => {
  it('places a stop-loss, a take-profit and a trailing stop, lists, fetches and cancels them', async () => {
    const { p, client } = context;
    const trigger = { trigger: true };
    const stop = await client.exchange.createOrder(SYMBOL, 'market', 'sell', 0.001, undefined, {
      triggerPrice: usdt(p.price - 1_500),
      workingType: 'MARK_PRICE',
    });
    expect([stop.status, stop.triggerPrice, stop.info['orderType']]).toEqual([
      'open',
      usdt(p.price - 1_500),
      'STOP_MARKET',
    ]);
    expect(client.sent.at(-1)).toContain('/fapi/v1/algoOrder');
    // Mark is the index here: a buy stop fires on a rise, so one at or under the mark would trigger at once.
    await expect(
      client.exchange.createOrder(SYMBOL, 'market', 'buy', 0.001, undefined, {
        triggerPrice: usdt(p.price - 1_500),
        workingType: 'MARK_PRICE',
      }),
    ).rejects.toThrow(/"code":-2021/);
    await client.exchange.createOrder(SYMBOL, 'market', 'buy', 0.001); // a trade: a last price to trigger on
    const takeProfit = await client.exchange.createOrder(SYMBOL, 'limit', 'sell', 0.001, usdt(p.price + 1_600), {
      takeProfitPrice: usdt(p.price + 1_500),
    });
    expect([takeProfit.type, takeProfit.price, takeProfit.triggerPrice]).toEqual([
      'limit',
      usdt(p.price + 1_600),
      usdt(p.price + 1_500),
    ]);
    const trailing = await client.exchange.createOrder(SYMBOL, 'market', 'sell', 0.001, undefined, {
      trailingPercent: 2,
      trailingTriggerPrice: usdt(p.price + 1_500),
    });
    expect(trailing.info).toMatchObject({ orderType: 'TRAILING_STOP_MARKET', priceRate: '2' });

    const open = await client.exchange.fetchOpenOrders(SYMBOL, undefined, undefined, trigger);
    expect(open.map((order) => order.id).sort()).toEqual([stop.id, takeProfit.id, trailing.id].sort());
    const fetched = await client.exchange.fetchOrder(stop.id!, SYMBOL, trigger);
    expect([fetched.status, fetched.triggerPrice, fetched.amount]).toEqual(['open', usdt(p.price - 1_500), 0.001]);
    // The classic routes see the same orders.
    expect((await client.exchange.fetchOpenOrders(SYMBOL)).map((order) => order.id).sort()).toEqual(
      open.map((order) => order.id).sort(),
    );
    for (const order of open) await client.exchange.cancelOrder(order.id!, SYMBOL, trigger);
    expect(await client.exchange.fetchOpenOrders(SYMBOL, undefined, undefined, trigger)).toEqual([]);
    expect((await client.exchange.fetchOrder(stop.id!, SYMBOL, trigger)).status).toBe('canceled');
  });
});
