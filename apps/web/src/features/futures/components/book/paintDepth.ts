/**
 * Paints the depth chart on a 2D canvas: cumulative bids (left of the mid) and asks (right) as filled steps, the mid
 * as a dashed line, price and quantity axes, and the pointer's crosshair. Pixels are floats; the numbers they show
 * come from the integer curve.
 */
import { formatPrice } from '@tickline/money';
import { sizeText } from '../../markets/symbols.ts';
import { depthMax, depthSpan, type DepthCurve, type DepthPoint, type DepthReading } from './depthCurve.ts';

export interface DepthColours {
  up: string;
  upSoft: string;
  down: string;
  downSoft: string;
  muted: string;
  border: string;
  text: string;
}

export interface DepthFrame {
  curve: DepthCurve;
  /** CSS pixels. */
  width: number;
  height: number;
  colours: DepthColours;
  /** The pointer's x in CSS pixels and what it reads, or null. */
  hover: { x: number; reading: DepthReading | null } | null;
  midLabel: string;
  /** The market's size unit and decimals for the quantity axis (ETH, 3). */
  sizeUnit: { base: string; decimals: number };
}

const PAD = { top: 20, right: 8, bottom: 18, left: 8 };

export interface DepthGeometry {
  low: number;
  high: number;
  maxQty: number;
  x(price: number): number;
  y(qty: number): number;
  priceAt(x: number): number;
}

/** The mapping between ticks/lots and pixels for a curve in a box; null when there is nothing to draw. */
export function depthGeometry(curve: DepthCurve, width: number, height: number): DepthGeometry | null {
  const span = depthSpan(curve);
  const maxQty = depthMax(curve);
  if (!span || maxQty === 0 || width <= PAD.left + PAD.right || height <= PAD.top + PAD.bottom) return null;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const range = span.high - span.low;
  const top = maxQty * 1.1; // headroom above the deeper side
  return {
    low: span.low,
    high: span.high,
    maxQty,
    x: (price) => PAD.left + ((price - span.low) / range) * plotW,
    y: (qty) => PAD.top + plotH - (qty / top) * plotH,
    priceAt: (x) => span.low + ((x - PAD.left) / plotW) * range,
  };
}

/** One side's step outline from the touch outwards to the chart's edge. */
function stepPath(ctx: CanvasRenderingContext2D, points: readonly DepthPoint[], g: DepthGeometry, edge: number): void {
  const base = g.y(0);
  ctx.beginPath();
  ctx.moveTo(g.x(points[0]!.price), base);
  let previous = 0;
  for (const point of points) {
    const x = g.x(point.price);
    ctx.lineTo(x, g.y(previous));
    ctx.lineTo(x, g.y(point.cumulative));
    previous = point.cumulative;
  }
  ctx.lineTo(edge, g.y(previous));
  ctx.lineTo(edge, base);
  ctx.closePath();
}

function paintSide(
  ctx: CanvasRenderingContext2D,
  points: readonly DepthPoint[],
  g: DepthGeometry,
  edge: number,
  line: string,
  fill: string,
): void {
  if (points.length === 0) return;
  stepPath(ctx, points, g, edge);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = line;
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** Draws one frame; returns the geometry used so the pointer can be read against it. */
export function paintDepth(ctx: CanvasRenderingContext2D, frame: DepthFrame): DepthGeometry | null {
  const { curve, width, height, colours, hover } = frame;
  ctx.clearRect(0, 0, width, height);
  const g = depthGeometry(curve, width, height);
  if (!g) return null;
  ctx.font = '10px ui-monospace, monospace';
  ctx.textBaseline = 'alphabetic';

  // Bids grow leftwards from the touch to the left edge, asks rightwards to the right edge.
  paintSide(ctx, curve.bids, g, g.x(g.low), colours.up, colours.upSoft);
  paintSide(ctx, curve.asks, g, g.x(g.high), colours.down, colours.downSoft);

  const midX = g.x(curve.mid!);
  ctx.strokeStyle = colours.muted;
  ctx.lineWidth = 1;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(midX, PAD.top - 4);
  ctx.lineTo(midX, g.y(0));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = colours.text;
  ctx.textAlign = 'center';
  ctx.fillText(`${frame.midLabel} ${formatPrice(curve.mid!)}`, midX, PAD.top - 8);

  // Axes: the span's ends under the plot, the deeper side's total at the top left.
  ctx.fillStyle = colours.muted;
  ctx.textAlign = 'left';
  ctx.fillText(formatPrice(g.low), PAD.left, height - 4);
  ctx.textAlign = 'right';
  ctx.fillText(formatPrice(g.high), width - PAD.right, height - 4);
  ctx.textAlign = 'left';
  ctx.fillText(`${sizeText(g.maxQty, frame.sizeUnit.decimals)} ${frame.sizeUnit.base}`, PAD.left, PAD.top - 8); // the scale's top, clear of both curves
  ctx.strokeStyle = colours.border;
  ctx.beginPath();
  ctx.moveTo(PAD.left, g.y(0) + 0.5);
  ctx.lineTo(width - PAD.right, g.y(0) + 0.5);
  ctx.stroke();

  if (hover) {
    ctx.strokeStyle = colours.text;
    ctx.globalAlpha = 0.5;
    ctx.beginPath();
    ctx.moveTo(hover.x, PAD.top);
    ctx.lineTo(hover.x, g.y(0));
    ctx.stroke();
    ctx.globalAlpha = 1;
    const reading = hover.reading;
    if (reading) {
      ctx.fillStyle = reading.side === 'bid' ? colours.up : colours.down;
      ctx.beginPath();
      ctx.arc(hover.x, g.y(reading.cumulative), 3, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  return g;
}
