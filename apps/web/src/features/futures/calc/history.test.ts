import { describe, expect, it } from 'vitest';
import type { FuturesHistoryRow } from '@tickline/protocol';
import { historyCsv, historyFee, historyPositionLabel, orderPathLabel } from './history.ts';

const row = (
  position: FuturesHistoryRow['position'],
  orderPath: FuturesHistoryRow['orderPath'],
): FuturesHistoryRow => ({
  no: 1,
  symbol: 'BTCUSDT',
  insertDate: '2026-01-01T00:00:00.000Z',
  orderPath,
  position,
  price: 50000.5,
  closePrice: 0,
  volume: 0.01,
  openOrderFee: 0.15,
  closeOrderFee: 0.2,
  realizedProfit: -1.5,
});

describe('history labels (seed 000 §3)', () => {
  it('names every orderPath and position', () => {
    expect([1, 2, 3, 4, 5].map(orderPathLabel)).toEqual([
      'LIMIT',
      'MARKET',
      'STOP LIMIT',
      'STOP MARKET',
      'LIQUIDATION',
    ]);
    expect([1, 2, 3, 4].map(historyPositionLabel)).toEqual(['BUY', 'SELL', 'LIQUIDATION', 'CLOSE']);
  });
  it('shows the close fee for liquidation and close rows, else the open fee (seed 000 §9)', () => {
    expect(historyFee(row(1, 1))).toBe(0.15);
    expect(historyFee(row(2, 2))).toBe(0.15);
    expect(historyFee(row(3, 5))).toBe(0.2);
    expect(historyFee(row(4, 4))).toBe(0.2);
  });
  it('exports CSV with a header and one line per row', () => {
    expect(historyCsv([row(4, 4)])).toBe(
      'Time,Symbol,Type,Side,Price,Close Price,Amount,Fee (USDT),Realized PnL (USDT)\n' +
        '2026-01-01T00:00:00.000Z,BTCUSDT,STOP MARKET,CLOSE,50000.5,0,0.01,0.2,-1.5\n',
    );
  });
});
