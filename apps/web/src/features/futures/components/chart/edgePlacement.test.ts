import { describe, expect, it } from 'vitest';
import { EDGE_STEP, placeLabels } from './edgePlacement.ts';

describe('placeLabels', () => {
  const height = 300;

  it('puts a label on the scale at its price, centred on the line', () => {
    expect(placeLabels([{ y: 120.4, inScale: true }], height)).toEqual([{ top: 111, edge: null, visible: true }]);
  });

  it('hides a position line marker while its price is on the scale (the chart draws the line)', () => {
    expect(placeLabels([{ y: 120, inScale: false }], height)[0]).toMatchObject({ edge: null, visible: false });
  });

  it('pins a price above the scale to the top edge and one below to the bottom edge, shown either way', () => {
    const [above, below] = placeLabels(
      [
        { y: -40, inScale: false },
        { y: 900, inScale: true },
      ],
      height,
    );
    expect(above).toEqual({ top: 2, edge: 'above', visible: true });
    expect(below).toEqual({ top: height - 20, edge: 'below', visible: true });
  });

  it('stacks several labels on one edge, the farthest price outermost, without overlap', () => {
    const placed = placeLabels(
      [
        { y: -10, inScale: false }, // just above
        { y: -500, inScale: false }, // far above: the very top
        { y: 310, inScale: true }, // just below
        { y: 2000, inScale: false }, // far below: the very bottom
      ],
      height,
    );
    expect(placed.map((p) => p.top)).toEqual([2 + EDGE_STEP, 2, height - 20 - EDGE_STEP, height - 20]);
    expect(placed.every((p) => p.visible && p.edge !== null)).toBe(true);
  });

  it('starts the top stack below a top inset (the readout), the bottom stack unchanged', () => {
    const placed = placeLabels(
      [
        { y: -10, inScale: false },
        { y: -500, inScale: false },
        { y: 400, inScale: false },
      ],
      height,
      36,
    );
    expect(placed.map((p) => p.top)).toEqual([38 + EDGE_STEP, 38, height - 20]);
  });

  it('the edges are the pane: a price exactly on the top or bottom line is on the scale', () => {
    expect(placeLabels([{ y: 0, inScale: false }], height)[0]!.edge).toBeNull();
    expect(placeLabels([{ y: height, inScale: false }], height)[0]!.edge).toBeNull();
  });

  it('shows nothing while the series has no data (no coordinate)', () => {
    expect(placeLabels([{ y: null, inScale: true }], height)[0]).toMatchObject({ visible: false, edge: null });
  });
});
