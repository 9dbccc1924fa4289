import { describe, expect, it } from 'vitest';
import { chartLines } from './chartLines.ts';

describe('chartLines', () => {
  it('draws entry and liquidation, TP and SL when set, and each open order', () => {
    const position = {
      position: 1 as const,
      volume: 0.1,
      averagePrice: 65000,
      liquidationPrice: 59000,
      margin: 650,
      leverage: 10,
      takeProfit: 70000,
      stopLoss: 0,
    };
    const orders = [{ no: 7, position: 2 as const, volume: 0.1, price: 66000, leverage: 10, insertDate: '' }];
    expect(chartLines(position, orders).map((l) => [l.kind, l.price])).toEqual([
      ['entry', 65000],
      ['liquidation', 59000],
      ['takeProfit', 70000],
      ['order', 66000],
    ]);
    expect(chartLines(null, [])).toEqual([]);
  });
});
