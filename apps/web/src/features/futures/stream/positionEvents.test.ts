import { describe, expect, it } from 'vitest';
import type { PositionRow } from '@tickline/protocol';
import { applyPositionEvent } from './positionEvents.ts';

const row = (symbol: string, volume: number): PositionRow => ({
  symbol,
  position: 1,
  volume,
  averagePrice: 100,
  liquidationPrice: 50,
  margin: 10,
  leverage: 10,
  takeProfit: 0,
  stopLoss: 0,
});

describe('applyPositionEvent', () => {
  it("replaces the market's row and keeps the other markets' rows in place", () => {
    const list = [row('BTCUSDT', 1), row('ETHUSDT', 2)];
    expect(applyPositionEvent(list, row('ETHUSDT', 3))).toEqual([row('BTCUSDT', 1), row('ETHUSDT', 3)]);
    expect(applyPositionEvent(list, row('BTCUSDT', 5))).toEqual([row('BTCUSDT', 5), row('ETHUSDT', 2)]);
  });

  it('adds a new market to the list, also before the list is loaded', () => {
    expect(applyPositionEvent([row('BTCUSDT', 1)], row('SOLUSDT', 4))?.map((p) => p.symbol)).toEqual([
      'BTCUSDT',
      'SOLUSDT',
    ]);
    expect(applyPositionEvent(undefined, row('ETHUSDT', 1))).toEqual([row('ETHUSDT', 1)]);
  });

  it('removes the row of the market a closed position names, and only that row', () => {
    const list = [row('BTCUSDT', 1), row('ETHUSDT', 2), row('SOLUSDT', 3)];
    expect(applyPositionEvent(list, null, 'ETHUSDT')).toEqual([row('BTCUSDT', 1), row('SOLUSDT', 3)]);
    expect(applyPositionEvent(list, null, 'BTCUSDT')).toEqual([row('ETHUSDT', 2), row('SOLUSDT', 3)]);
    expect(applyPositionEvent(undefined, null, 'SOLUSDT')).toEqual([]);
  });

  it('asks for the list again when a closed position names no market and more than one is listed', () => {
    expect(applyPositionEvent([row('BTCUSDT', 1), row('ETHUSDT', 2)], null)).toBeNull();
    expect(applyPositionEvent([row('BTCUSDT', 1)], null)).toEqual([]);
  });
});
