import { describe, expect, it } from 'vitest';
import type { TradeData } from '@tickline/protocol';
import { TRADE_ROWS, depthOf, mergeTrades, nextLast } from './marketFeed.ts';

const trade = (id: number, price = 100): TradeData => ({ id, price, qty: 0.01, side: 'buy', time: id });

describe('mergeTrades', () => {
  it('puts the newest first and keeps a fixed number of rows', () => {
    let list = mergeTrades([], [trade(1), trade(2)]);
    expect(list.map((t) => t.id)).toEqual([2, 1]);
    list = mergeTrades(
      list,
      Array.from({ length: 40 }, (_, i) => trade(i + 3)),
    );
    expect(list).toHaveLength(TRADE_ROWS);
    expect(list[0]!.id).toBe(42);
  });
  it('drops trades already shown (the recent trades resent after a reconnect)', () => {
    const list = mergeTrades([], [trade(1), trade(2)]);
    expect(mergeTrades(list, [trade(1), trade(2)])).toBe(list);
    expect(mergeTrades(list, [trade(2), trade(3)]).map((t) => t.id)).toEqual([3, 2, 1]);
  });
});

describe('nextLast (seed 000 §2 arrow)', () => {
  it('compares the latest price with the previous different one', () => {
    let last = nextLast(null, 100);
    expect(last!.direction).toBe('flat');
    last = nextLast(last, 101);
    expect(last!.direction).toBe('up');
    expect(nextLast(last, 101)).toBe(last);
    expect(nextLast(last, 99)!.direction).toBe('down');
  });
});

describe('depthOf', () => {
  it('parses the book of a depth message and refuses anything else', () => {
    const text = '{"type":"depth","v":1,"symbol":"BTCUSDT","ts":1,"data":{"a":[[100.5,1]],"b":[[100.1,2]]}}';
    expect(depthOf(text)).toEqual({ a: [[100.5, 1]], b: [[100.1, 2]] });
    expect(depthOf(null)).toBeNull();
    expect(depthOf('{"type":"depth"')).toBeNull();
    expect(depthOf('{"type":"depth","data":{}}')).toBeNull();
  });
});
