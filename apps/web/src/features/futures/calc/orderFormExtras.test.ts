// #33 item 1: the form's trigger, time in force, reduce-only and TP/SL fields, as /order/registerOrder takes them.
import { describe, expect, it } from 'vitest';
import { buildOrderRequest, DEFAULT_EXTRAS, type OrderExtras, type OrderTab } from './orderForm.ts';

const base = { leverage: 5, type: 2, position: 1, volume: '0.5' };
const build = (tab: OrderTab, extras: Partial<OrderExtras>, priceText = '60000') =>
  buildOrderRequest({
    tab,
    side: 1,
    priceText,
    amountText: '0.5',
    leverage: 5,
    extras: { ...DEFAULT_EXTRAS, ...extras },
  });

describe('buildOrderRequest beyond the seeds', () => {
  it('sends nothing more than the seeds for a default limit order', () => {
    expect(build('limit', {})).toEqual({
      ok: true,
      request: { ...base, priceType: 1, orderPath: 1, price: '60000' },
    });
  });
  it('sends the time in force (limit only), reduce-only and TP/SL at entry', () => {
    expect(build('limit', { timeInForce: 'GTX', reduceOnly: true })).toMatchObject({
      request: { timeInForce: 'GTX', reduceOnly: true },
    });
    const market = build('market', { timeInForce: 'IOC', tpsl: true, takeProfitText: '70,000', stopLossText: '' });
    expect(market).toEqual({
      ok: true,
      request: { ...base, priceType: 2, orderPath: 2, price: '60000', takeProfit: '70000' },
    });
  });
  it('asks for a TP or SL price when TP/SL is on, after the seeds checks', () => {
    expect(build('limit', { tpsl: true })).toEqual({ ok: false, error: 'futures.form.enterTpSl' });
    expect(build('limit', { tpsl: true }, '')).toEqual({ ok: false, error: 'futures.enterPrice' });
  });
  it('builds stop-limit, take-profit market and trailing stop triggers, without TIF or TP/SL', () => {
    const stopLimit = build('stop', { triggerText: '61000', triggerBy: 'last', timeInForce: 'IOC', tpsl: true });
    expect(stopLimit).toEqual({
      ok: true,
      request: {
        ...base,
        priceType: 1,
        orderPath: 1,
        price: '60000',
        triggerType: 'stop',
        triggerBy: 'last',
        triggerPrice: '61000',
      },
    });
    expect(build('stop', { stopKind: 'takeProfitMarket', triggerText: '59000' }, '')).toMatchObject({
      request: { orderPath: 2, priceType: 2, price: '0', triggerType: 'takeProfit', triggerPrice: '59000' },
    });
    const trailing = build('stop', { stopKind: 'trailingStop', callbackText: '1.5', activationText: '58000' }, '');
    expect(trailing).toMatchObject({
      request: { orderPath: 2, triggerType: 'trailingStop', callbackRate: 150, activationPrice: '58000' },
    });
    expect(trailing.ok && 'triggerPrice' in trailing.request).toBe(false);
  });
  it('refuses a missing trigger, a stop-limit without price and a callback rate out of 0.1 %–10 %', () => {
    expect(build('stop', {})).toEqual({ ok: false, error: 'futures.form.enterTrigger' });
    expect(build('stop', { triggerText: '1' }, '')).toEqual({ ok: false, error: 'futures.enterPrice' });
    for (const callbackText of ['0.09', '10.01', ''])
      expect(build('stop', { stopKind: 'trailingStop', callbackText })).toEqual({
        ok: false,
        error: 'futures.form.callbackRange',
      });
    expect(build('stop', { stopKind: 'trailingStop', callbackText: '10' })).toMatchObject({
      request: { callbackRate: 1000 },
    });
  });
});
