import { describe, expect, it } from 'vitest';
import { buildOrderRequest } from './orderForm.ts';

describe('buildOrderRequest (seed 000 §5, §7)', () => {
  it('builds a limit long with type 2, priceType and orderPath 1, position 1', () => {
    expect(
      buildOrderRequest({ tab: 'limit', side: 1, priceText: '65,000.5', amountText: '0.0125', leverage: 10 }),
    ).toEqual({
      ok: true,
      request: { leverage: 10, volume: '0.0125', type: 2, priceType: 1, position: 1, orderPath: 1, price: '65000.5' },
    });
  });
  it('builds a market short with priceType and orderPath 2, position 2', () => {
    const result = buildOrderRequest({ tab: 'market', side: 2, priceText: '', amountText: '1', leverage: 3 });
    expect(result).toEqual({
      ok: true,
      request: { leverage: 3, volume: '1', type: 2, priceType: 2, position: 2, orderPath: 2, price: '0' },
    });
  });
  it('asks for the amount first, then the price', () => {
    expect(buildOrderRequest({ tab: 'limit', side: 1, priceText: '', amountText: '', leverage: 1 })).toEqual({
      ok: false,
      error: 'futures.enterAmount',
    });
    expect(buildOrderRequest({ tab: 'limit', side: 1, priceText: '0', amountText: '0.1', leverage: 1 })).toEqual({
      ok: false,
      error: 'futures.enterPrice',
    });
    expect(buildOrderRequest({ tab: 'market', side: 1, priceText: '', amountText: '0', leverage: 1 })).toEqual({
      ok: false,
      error: 'futures.enterAmount',
    });
  });
});
