import { describe, expect, it } from 'vitest';
import { get } from '../helpers/test-app.ts';
import { platformWithBook } from './harness.ts';

/** The #32 order controls and trigger orders through ccxt binanceusdm, over the same use case as /api/v1. */
const context = platformWithBook();
const SYMBOL = 'BTC/USDT:USDT';
const usdt = (ticks: number) => ticks / 100;
const text = (ticks: number) => (ticks / 100).toFixed(2);
/** Our decimal strings carry no trailing zeros. */
const shown = (ticks: number) => String(ticks / 100);

describe('ccxt binanceusdm: time in force, reduce-only and trigger orders', () => {
  it('IOC fills what it can and expires the rest; FOK and post-only are refused with their codes', async () => {
    const { p, client } = context;
    const ioc = await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.02, usdt(p.price + 100), {
      timeInForce: 'IOC',
    });
    expect([ioc.status, ioc.filled, ioc.timeInForce]).toEqual(['expired', 0.01, 'IOC']);
    // 0.02 BTC is left on the asks: a FOK for 0.03 refuses whole and leaves the book as it was.
    await expect(
      client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.03, usdt(p.price + 300), { timeInForce: 'FOK' }),
    ).rejects.toThrow(/"code":-5021/);
    expect((await client.exchange.fetchOrderBook(SYMBOL, 5)).asks[0]).toEqual([usdt(p.price + 200), 0.01]);
    const fok = await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.005, usdt(p.price + 200), {
      timeInForce: 'FOK',
    });
    expect([fok.status, fok.filled]).toEqual(['closed', 0.005]);
    await expect(
      client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, usdt(p.price + 200), { postOnly: true }),
    ).rejects.toThrow(/"code":-5022/);
    const maker = await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, usdt(p.price - 500), {
      postOnly: true,
    });
    expect([maker.status, maker.postOnly]).toEqual(['open', true]);
    expect((await client.exchange.cancelOrder(maker.id!, SYMBOL)).status).toBe('canceled');
  });

  it('reduce-only: refused on the side that would grow the position, resting on the side that reduces it', async () => {
    const { p, client } = context;
    // Alice is long 0.015 BTC from the fills above.
    await expect(
      client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, usdt(p.price - 500), { reduceOnly: true }),
    ).rejects.toThrow(/"code":-2022/);
    const order = await client.exchange.createOrder(SYMBOL, 'limit', 'sell', 0.001, usdt(p.price + 5_000), {
      reduceOnly: true,
    });
    expect([order.status, order.reduceOnly]).toEqual(['open', true]);
    expect((await client.exchange.fetchOrder(order.id!, SYMBOL)).reduceOnly).toBe(true);
    await client.exchange.cancelOrder(order.id!, SYMBOL);
  });

  it('places STOP_MARKET, TAKE_PROFIT and TRAILING_STOP_MARKET, lists them with their trigger and cancels them', async () => {
    const { p, client } = context;
    // ccxt sends its unified trigger orders to Binance's algo service; the classic order route takes them as well.
    const place = (params: Record<string, string>) =>
      client.exchange.fapiPrivatePostOrder({ symbol: 'BTCUSDT', side: 'SELL', quantity: '0.001', ...params });
    const stop = await place({ type: 'STOP_MARKET', stopPrice: text(p.price - 1_000), workingType: 'MARK_PRICE' });
    expect(stop).toMatchObject({ type: 'STOP_MARKET', status: 'NEW', stopPrice: shown(p.price - 1_000) });
    expect(stop).toMatchObject({ workingType: 'MARK_PRICE' });
    const takeProfit = await place({
      type: 'TAKE_PROFIT',
      price: text(p.price + 1_000),
      stopPrice: text(p.price + 900),
      timeInForce: 'GTC',
    });
    expect(takeProfit).toMatchObject({ type: 'TAKE_PROFIT', workingType: 'CONTRACT_PRICE', reduceOnly: false });
    const trailing = await place({
      type: 'TRAILING_STOP_MARKET',
      callbackRate: '1.5',
      activationPrice: text(p.price + 800),
      reduceOnly: 'true',
    });
    expect(trailing).toMatchObject({ type: 'TRAILING_STOP_MARKET', priceRate: '1.5', reduceOnly: true });
    expect(trailing).toMatchObject({ activatePrice: shown(p.price + 800), stopPrice: '0' });
    await expect(
      place({ type: 'STOP_MARKET', stopPrice: text(p.price + 1_000), workingType: 'MARK_PRICE' }),
    ).rejects.toThrow(/"code":-2021/);

    const open = await client.exchange.fetchOpenOrders(SYMBOL);
    const byId = new Map(open.map((order) => [order.id, order]));
    expect(open).toHaveLength(3);
    // ccxt's unified type is what fires (market, limit); Binance's type stays in `info`.
    expect(byId.get(String(stop.orderId))).toMatchObject({ type: 'market', triggerPrice: usdt(p.price - 1_000) });
    expect(byId.get(String(stop.orderId))!.info).toMatchObject({ type: 'STOP_MARKET', origType: 'STOP_MARKET' });
    expect(byId.get(String(takeProfit.orderId))).toMatchObject({
      type: 'limit',
      price: usdt(p.price + 1_000),
      triggerPrice: usdt(p.price + 900),
    });
    expect(byId.get(String(takeProfit.orderId))!.info).toMatchObject({ type: 'TAKE_PROFIT' });
    expect(byId.get(String(trailing.orderId))).toMatchObject({ type: 'market', reduceOnly: true });
    expect(byId.get(String(trailing.orderId))!.info).toMatchObject({ type: 'TRAILING_STOP_MARKET', priceRate: '1.5' });
    for (const order of open) expect((await client.exchange.cancelOrder(order.id!, SYMBOL)).status).toBe('canceled');
    expect(await client.exchange.fetchOpenOrders(SYMBOL)).toEqual([]);
  });

  it('edits a resting order (editOrder) and moves isolated margin (addMargin, reduceMargin)', async () => {
    const { p, alice, client } = context;
    const order = await client.exchange.createOrder(SYMBOL, 'limit', 'buy', 0.001, usdt(p.price - 600));
    const edited = await client.exchange.editOrder(order.id!, SYMBOL, 'limit', 'buy', 0.002, usdt(p.price - 700));
    expect([edited.id, edited.status, edited.amount, edited.price]).toEqual([
      order.id,
      'open',
      0.002,
      usdt(p.price - 700),
    ]);
    await expect(
      client.exchange.editOrder(order.id!, SYMBOL, 'limit', 'buy', 0.002, usdt(p.price - 700)),
    ).rejects.toThrow(/"code":-5027/);
    await client.exchange.cancelOrder(order.id!, SYMBOL);

    const margin = async () =>
      (await get<Array<{ margin: number }>>(p.t.app, '/postion/lookup', alice.accessToken)).body.data![0]!.margin;
    const before = await margin();
    const added = await client.exchange.addMargin(SYMBOL, 5);
    expect([added.type, added.amount, added.status]).toEqual(['add', 5, 'ok']);
    expect(await margin()).toBeCloseTo(before + 5, 6);
    const reduced = await client.exchange.reduceMargin(SYMBOL, 2);
    expect([reduced.type, reduced.amount]).toEqual(['reduce', 2]);
    expect(await margin()).toBeCloseTo(before + 3, 6);
    await expect(client.exchange.reduceMargin(SYMBOL, 1_000_000)).rejects.toThrow(/"code":-4051/);
  });
});
