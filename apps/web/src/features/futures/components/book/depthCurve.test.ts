import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { depthAt, depthCurve, depthMax, depthSpan, impactBps } from './depthCurve.ts';

const depth = {
  b: [
    [99.99, 1],
    [99.5, 2],
    [98, 0.5],
  ] as [number, number][],
  a: [
    [100.02, 0.25],
    [100.5, 1],
  ] as [number, number][],
};

describe('depthCurve', () => {
  it('cumulates each side from the touch outwards, with the cost of taking it', () => {
    const curve = depthCurve(depth);
    expect(curve.bids.map((p) => [p.price, p.cumulative])).toEqual([
      [99_99, 1_0000],
      [99_50, 3_0000],
      [98_00, 3_5000],
    ]);
    expect(curve.asks.map((p) => [p.price, p.cumulative, p.notional])).toEqual([
      [100_02, 2500, 100_02 * 2500],
      [100_50, 1_2500, 100_02 * 2500 + 100_50 * 1_0000],
    ]);
    expect(depthMax(curve)).toBe(3_5000);
  });

  it('mid is the half-even rounded middle of the touch; none without both sides', () => {
    expect(depthCurve(depth).mid).toBe(100_00); // (9999 + 10002) / 2 = 10000.5 → 10000 (even)
    expect(depthCurve({ b: [[99.99, 1]], a: [[100.04, 1]] }).mid).toBe(100_02); // 10001.5 → 10002
    expect(depthCurve({ b: [], a: depth.a }).mid).toBeNull();
    expect(depthCurve(null).bids).toEqual([]);
  });

  it('reads what a sell down to or a buy up to a price would meet', () => {
    const curve = depthCurve(depth);
    expect(depthAt(curve, 99_60)).toMatchObject({ side: 'bid', price: 99_99, cumulative: 1_0000 });
    expect(depthAt(curve, 99_50)).toMatchObject({ side: 'bid', price: 99_50, cumulative: 3_0000 });
    expect(depthAt(curve, 100_40)).toMatchObject({ side: 'ask', price: 100_02, cumulative: 2500 });
    expect(depthAt(curve, 100_01)).toBeNull(); // between the mid and the best ask
    expect(depthAt(curve, 100_00)).toBeNull(); // the mid
    expect(depthAt(curve, 97_00)).toBeNull(); // past the deepest bid
    expect(depthAt(curve, 101_00)).toBeNull(); // past the deepest ask
  });

  it('spans symmetrically around the mid to the deeper side', () => {
    expect(depthSpan(depthCurve(depth))).toEqual({ low: 98_00, high: 102_00 });
    expect(depthSpan(depthCurve({ b: [], a: depth.a }))).toBeNull();
  });

  it('property: the readout is monotone away from the mid and never exceeds the side total', () => {
    const side = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 100_000 })), {
      minLength: 1,
      maxLength: 30,
      selector: ([offset]) => offset,
    });
    fc.assert(
      fc.property(side, side, fc.integer({ min: 10_000, max: 10_000_000 }), (bidOffsets, askOffsets, centre) => {
        const b = [...bidOffsets].sort((x, y) => x[0] - y[0]).map(([o, q]) => [(centre - o) / 100, q / 10_000]);
        const a = [...askOffsets].sort((x, y) => x[0] - y[0]).map(([o, q]) => [(centre + o) / 100, q / 10_000]);
        const curve = depthCurve({ a: a as [number, number][], b: b as [number, number][] });
        const span = depthSpan(curve)!;
        expect(span.low).toBeLessThanOrEqual(curve.bids[curve.bids.length - 1]!.price);
        expect(span.high).toBeGreaterThanOrEqual(curve.asks[curve.asks.length - 1]!.price);
        let previous = 0;
        for (
          let price = curve.mid! - 1;
          price >= span.low;
          price -= Math.max(1, Math.floor((curve.mid! - span.low) / 50))
        ) {
          const reading = depthAt(curve, price);
          const qty = reading?.cumulative ?? 0;
          if (reading) expect(reading.price).toBeGreaterThanOrEqual(price);
          if (reading) expect(qty).toBeGreaterThanOrEqual(previous);
          expect(qty).toBeLessThanOrEqual(depthMax(curve));
          if (reading) previous = qty;
        }
      }),
    );
  });

  it('impact is the distance from the mid in basis points, rounded up', () => {
    expect(impactBps(100_00, 99_00)).toBe(100); // 1.00 %
    expect(impactBps(67_000_00, 67_003_35)).toBe(1); // 0.0005 % shows as 0.01 %, never as none
    expect(impactBps(67_000_00, 67_000_00)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (mid, price) => {
        const bps = impactBps(mid, price);
        // ceil: bps/10000 ≥ |price − mid| / mid > (bps − 1)/10000
        expect(bps * mid).toBeGreaterThanOrEqual(Math.abs(price - mid) * 10_000);
        expect((bps - 1) * mid).toBeLessThan(Math.abs(price - mid) * 10_000);
      }),
    );
  });
});
