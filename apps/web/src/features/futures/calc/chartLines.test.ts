import { describe, expect, it } from 'vitest';
import { chartLines, toTickPrice } from './chartLines.ts';

describe('chartLines', () => {
  it('draws entry and liquidation, TP and SL when set, and each open order', () => {
    const position = {
      symbol: 'BTCUSDT',
      position: 1 as const,
      volume: 0.1,
      averagePrice: 65000,
      liquidationPrice: 59000,
      margin: 650,
      leverage: 10,
      takeProfit: 70000,
      stopLoss: 0,
    };
    const orders = [
      { no: 7, symbol: 'BTCUSDT', position: 2 as const, volume: 0.1, price: 66000, leverage: 10, insertDate: '' },
    ];
    expect(chartLines(position, orders).map((l) => [l.kind, l.price])).toEqual([
      ['entry', 65000],
      ['liquidation', 59000],
      ['takeProfit', 70000],
      ['order', 66000],
    ]);
    expect(chartLines(null, [])).toEqual([]);
  });

  it('draws a waiting trigger at its trigger price, not draggable; a resting limit is draggable', () => {
    const base = { symbol: 'BTCUSDT', position: 1 as const, volume: 0.2, leverage: 10, insertDate: '' };
    const orders = [
      { ...base, no: 1, price: 64000 },
      { ...base, no: 2, price: 0, orderPath: 4 as const, triggerType: 'stop' as const, triggerPrice: 63000 },
      { ...base, no: 3, price: 62000, triggerType: 'stop' as const, triggerPrice: 62500, triggered: true },
      { ...base, no: 4, price: 0, triggerType: 'trailingStop' as const, triggerPrice: 0, activationPrice: 0 },
    ];
    expect(chartLines(null, orders).map((l) => [l.kind, l.no, l.price, l.draggable])).toEqual([
      ['order', 1, 64000, true],
      ['trigger', 2, 63000, false],
      ['order', 3, 62000, true],
    ]);
  });

  it('rounds a dragged price to the nearest 0.01 tick', () => {
    expect(toTickPrice(65432.104)).toBe('65432.10');
    expect(toTickPrice(65432.105001)).toBe('65432.11');
    expect(toTickPrice(7)).toBe('7.00');
  });
});
