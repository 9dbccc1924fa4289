import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { aggregate, bucketStart, type Candle } from './candles.ts';

const minute = (i: number, o: number, h: number, l: number, c: number, v: number): Candle => ({
  openTime: Date.UTC(2026, 0, 1, 0, i),
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
});

describe('aggregate', () => {
  it('builds 5-minute candles: first open, extremes, last close, summed volume', () => {
    const candles = [
      minute(0, 10, 12, 9, 11, 0.1),
      minute(1, 11, 15, 10, 14, 0.2),
      minute(4, 14, 14, 8, 9, 0.0003),
      minute(5, 9, 10, 9, 10, 1),
    ];
    expect(aggregate(candles, '5m')).toEqual([
      { openTime: Date.UTC(2026, 0, 1, 0, 0), open: 10, high: 15, low: 8, close: 9, volume: 0.3003 },
      { openTime: Date.UTC(2026, 0, 1, 0, 5), open: 9, high: 10, low: 9, close: 10, volume: 1 },
    ]);
  });

  it('the newer figures of a repeated minute replace the older', () => {
    const out = aggregate([minute(0, 10, 11, 9, 10, 1), minute(0, 10, 13, 9, 12, 2)], '1m');
    expect(out).toEqual([minute(0, 10, 13, 9, 12, 2)]);
  });

  it('keeps total volume and the overall high and low for any interval', () => {
    const arb = fc.array(
      fc.record({
        i: fc.integer({ min: 0, max: 300 }),
        p: fc.integer({ min: 1, max: 1000 }),
        v: fc.integer({ min: 0, max: 100 }),
      }),
      { minLength: 1, maxLength: 80 },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom('5m', '15m', '1h'), (rows, interval) => {
        const byMinute = new Map(rows.map((r) => [r.i, minute(r.i, r.p, r.p + 1, r.p - 1, r.p, r.v / 10_000)]));
        const out = aggregate([...byMinute.values()], interval as '5m');
        const volume = (cs: Candle[]) => cs.reduce((sum, c) => sum + Math.round(c.volume * 10_000), 0);
        expect(volume(out)).toBe(volume([...byMinute.values()]));
        expect(Math.max(...out.map((c) => c.high))).toBe(Math.max(...[...byMinute.values()].map((c) => c.high)));
        for (const c of out) expect(bucketStart(c.openTime, interval as '5m')).toBe(c.openTime);
      }),
    );
  });
});
