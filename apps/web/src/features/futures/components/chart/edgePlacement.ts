// Where a line's label goes on the chart: at its price when the price is on the visible scale, else pinned to the
// top or bottom edge (stacked, the farthest price outermost) so a line off the scale still shows with its price.

export type Edge = 'above' | 'below';

export interface Placement {
  /** The label's top in px from the top of the pane; meaningless when not visible. */
  top: number;
  edge: Edge | null;
  visible: boolean;
}

/** Label height plus a gap: stacked edge labels do not overlap. */
export const EDGE_STEP = 20;
const LABEL_HALF = 9;
const EDGE_GAP = 2;

/**
 * `y`: the price's coordinate in the pane (null while the series has no data); `inScale`: whether the label shows
 * while the price is on the scale (an order's chip does; a position line's edge marker does not, the chart draws
 * that line itself).
 */
export function placeLabels(
  items: readonly { y: number | null; inScale: boolean }[],
  height: number,
  /** Px kept free at the top for what is drawn there (the crosshair readout): the top stack starts below it. */
  topInset = 0,
): Placement[] {
  const placements: Placement[] = items.map(({ y, inScale }) => {
    if (y === null) return { top: 0, edge: null, visible: false };
    const edge: Edge | null = y < 0 ? 'above' : y > height ? 'below' : null;
    return { top: Math.round(y) - LABEL_HALF, edge, visible: edge !== null || inScale };
  });
  const stack = (edge: Edge) =>
    items
      .map((item, index) => ({ y: item.y ?? 0, index }))
      .filter(({ index }) => placements[index]!.edge === edge)
      // Outermost first: the highest price at the very top, the lowest at the very bottom.
      .sort((a, b) => (edge === 'above' ? a.y - b.y : b.y - a.y))
      .forEach(({ index }, slot) => {
        placements[index]!.top =
          edge === 'above'
            ? topInset + EDGE_GAP + slot * EDGE_STEP
            : height - EDGE_GAP - 2 * LABEL_HALF - slot * EDGE_STEP;
      });
  stack('above');
  stack('below');
  return placements;
}
