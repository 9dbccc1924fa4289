import { describe, expect, it } from 'vitest';
import { MinuteCandles } from '../../src/services/market/candles.ts';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('one-minute candles', () => {
  it('follow the index while nobody trades', () => {
    const candles = new MinuteCandles('BTCUSDT');
    candles.observeIndex(100, T0 + 1_000);
    candles.observeIndex(105, T0 + 20_000);
    candles.observeIndex(98, T0 + 40_000);
    candles.observeIndex(101, T0 + 59_999);
    expect(candles.current()).toEqual({
      openTimeMs: T0,
      open: 100,
      high: 105,
      low: 98,
      close: 101,
      volume: 0,
      tradeCount: 0,
    });
  });

  it('are made of trades once a trade arrives in the minute', () => {
    const candles = new MinuteCandles('BTCUSDT');
    candles.observeIndex(100, T0 + 1_000);
    candles.observeIndex(120, T0 + 2_000);
    candles.observeTrade(110, 3, T0 + 3_000);
    candles.observeIndex(130, T0 + 4_000);
    candles.observeTrade(109, 2, T0 + 5_000);
    expect(candles.current()).toMatchObject({ open: 110, high: 110, low: 109, close: 109, volume: 5, tradeCount: 2 });
  });

  it('close a minute when the clock passes it and open the next at its first price', () => {
    const candles = new MinuteCandles('BTCUSDT');
    candles.observeIndex(100, T0 + 59_000);
    candles.roll(T0 + 60_000);
    expect(candles.current()).toBeNull();
    candles.observeIndex(102, T0 + 60_500);
    const [first, second] = candles.recent(10);
    expect(first).toMatchObject({ openTimeMs: T0, close: 100 });
    expect(second).toMatchObject({ openTimeMs: T0 + 60_000, open: 102 });
    // A late observation for a closed minute changes nothing.
    candles.observeTrade(1, 1, T0 + 10_000);
    expect(candles.recent(10)[0]).toMatchObject({ low: 100, volume: 0 });
  });

  it('keep at most their capacity and answer the newest first-to-last', () => {
    const candles = new MinuteCandles('BTCUSDT', 5);
    for (let minute = 0; minute < 8; minute += 1) candles.observeIndex(100 + minute, T0 + minute * 60_000);
    expect(candles.size).toBe(6);
    expect(candles.recent(3).map((candle) => candle.open)).toEqual([105, 106, 107]);
    expect(candles.recent(1).map((candle) => candle.open)).toEqual([107]);
    expect(candles.recent(0)).toEqual([]);
  });

  it('compute rolling 24 h statistics from the minutes of the last day', () => {
    const candles = new MinuteCandles('BTCUSDT');
    candles.load(
      [
        { openTimeMs: T0 - 25 * 3_600_000, open: 1, high: 1_000, low: 1, close: 1, volume: 99, tradeCount: 1 },
        { openTimeMs: T0 - 23 * 3_600_000, open: 200, high: 250, low: 150, close: 210, volume: 7, tradeCount: 3 },
      ],
      T0,
    );
    candles.observeTrade(190, 5, T0 + 1_000);
    expect(candles.dayStats(T0 + 2_000)).toEqual({ open: 200, high: 250, low: 150, volume: 12 });
  });

  it('hand out changed candles once, and take failed writes back', () => {
    const candles = new MinuteCandles('BTCUSDT');
    candles.observeIndex(100, T0);
    candles.observeIndex(101, T0 + 60_000);
    const dirty = candles.takeDirty();
    expect(dirty.map((candle) => candle.openTimeMs)).toEqual([T0, T0 + 60_000]);
    expect(candles.takeDirty()).toEqual([]);
    candles.restoreDirty(dirty);
    expect(candles.takeDirty()).toHaveLength(2);
  });
});
