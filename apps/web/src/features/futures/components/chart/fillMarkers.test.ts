import { describe, expect, it } from 'vitest';
import type { FuturesHistoryRow } from '@tickline/protocol';
import { fillMarkers } from './fillMarkers.ts';

const row = (over: Partial<FuturesHistoryRow>): FuturesHistoryRow => ({
  no: 1,
  symbol: 'BTCUSDT',
  insertDate: '2026-11-26T10:07:30.000Z',
  orderPath: 1,
  position: 1,
  price: 65000,
  closePrice: 0,
  volume: 0.01,
  openOrderFee: 0,
  closeOrderFee: 0,
  realizedProfit: 0,
  ...over,
});

describe('fillMarkers', () => {
  it('places each fill on the bar of its interval, shifted to the chart zone, oldest first; cancelled rows are not fills', () => {
    const shift = 9 * 3_600_000;
    const rows = [
      row({ no: 3, insertDate: '2026-11-26T10:20:00.000Z', position: 4, closePrice: 65500 }),
      row({ no: 1 }),
      row({ no: 2, position: 2, status: 'cancelled' }),
      row({ no: 4, insertDate: '2026-11-26T10:16:00.000Z', position: 2, price: 65100 }),
    ];
    const at = (iso: string) => (Date.parse(iso) + shift) / 1000;
    expect(fillMarkers(rows, '15m', shift, 0)).toEqual([
      {
        time: at('2026-11-26T10:00:00Z'),
        kind: 'buy',
        position: 'belowBar',
        shape: 'arrowUp',
        volume: 0.01,
        price: 65000,
      },
      {
        time: at('2026-11-26T10:15:00Z'),
        kind: 'sell',
        position: 'aboveBar',
        shape: 'arrowDown',
        volume: 0.01,
        price: 65100,
      },
      {
        time: at('2026-11-26T10:15:00Z'),
        kind: 'close',
        position: 'aboveBar',
        shape: 'circle',
        volume: 0.01,
        price: 65500,
      },
    ]);
  });

  it('drops fills older than the first bar and unreadable dates', () => {
    const first = Date.parse('2026-11-26T10:10:00Z');
    expect(fillMarkers([row({}), row({ insertDate: 'never' })], '1m', 0, first)).toEqual([]);
  });
});
