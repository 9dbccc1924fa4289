import { describe, expect, it } from 'vitest';
import { depthCurve } from './depthCurve.ts';
import { depthGeometry } from './paintDepth.ts';

const curve = depthCurve({
  b: [
    [99.99, 1],
    [98, 2],
  ],
  a: [
    [100.01, 0.5],
    [101, 1],
  ],
});

describe('depthGeometry', () => {
  it('maps the span edge to edge, the mid to the centre, and reads prices back', () => {
    const g = depthGeometry(curve, 316, 200)!;
    expect(g.x(g.low)).toBe(8);
    expect(g.x(g.high)).toBe(308);
    expect(g.x(curve.mid!)).toBe(158);
    expect(g.priceAt(g.x(99_50))).toBeCloseTo(99_50, 6);
    // Zero at the baseline, the deeper side's total below the top (10 % headroom).
    expect(g.y(0)).toBe(200 - 18);
    expect(g.y(g.maxQty)).toBeGreaterThan(20);
  });
  it('draws nothing without both sides or room', () => {
    expect(depthGeometry(depthCurve({ b: [], a: [[1, 1]] }), 300, 200)).toBeNull();
    expect(depthGeometry(curve, 10, 200)).toBeNull();
  });
});
