/**
 * The depth chart's numbers (#33 item 2): both sides' raw levels as cumulative steps from the touch outwards, the mid
 * price, and what rests between the mid and a pointed-at price. Integers throughout (ticks, lots, micro-USDT); only
 * the painter turns them into pixels.
 */
import {
  PRICE_SCALE,
  QTY_SCALE,
  add,
  divide,
  multiply,
  multiplyDivide,
  parseDecimal,
  type PriceTicks,
  type QtyLots,
} from '@tickline/money';

export interface DepthPoint {
  price: PriceTicks;
  /** Quantity from the best price to this level, inclusive. */
  cumulative: QtyLots;
  /** Σ price × quantity over the same levels, micro-USDT: what taking them all would cost. */
  notional: number;
}

export interface DepthCurve {
  /** Best (highest) first. */
  bids: DepthPoint[];
  /** Best (lowest) first. */
  asks: DepthPoint[];
  /** (best bid + best ask) / 2 rounded half-even to a tick; null unless both sides have a level. */
  mid: PriceTicks | null;
}

export const EMPTY_CURVE: DepthCurve = { bids: [], asks: [], mid: null };

function cumulate(levels: readonly (readonly [number, number])[]): DepthPoint[] {
  const points: DepthPoint[] = [];
  let cumulative = 0;
  let notional = 0;
  for (const [rawPrice, rawQty] of levels) {
    const price = parseDecimal(rawPrice, PRICE_SCALE);
    const qty = parseDecimal(rawQty, QTY_SCALE);
    cumulative += qty;
    notional = add(notional, multiply(price, qty));
    points.push({ price, cumulative, notional });
  }
  return points;
}

/** The curve of a depth message's sides ([price, qty], best first), or the empty curve without one. */
export function depthCurve(
  depth: { a: readonly (readonly [number, number])[]; b: readonly (readonly [number, number])[] } | null,
): DepthCurve {
  if (!depth) return EMPTY_CURVE;
  const bids = cumulate(depth.b);
  const asks = cumulate(depth.a);
  const bid = bids[0];
  const ask = asks[0];
  const mid = bid && ask ? divide(bid.price + ask.price, 2, 'halfEven') : null;
  return { bids, asks, mid };
}

export interface DepthReading extends DepthPoint {
  side: 'bid' | 'ask';
}

/**
 * What a sell down to `price` (below the mid) or a buy up to it (above) would meet: the deepest level of that side
 * not beyond the price, with its cumulative quantity and cost. Null at the mid, before the touch, or past the book.
 */
export function depthAt(curve: DepthCurve, price: PriceTicks): DepthReading | null {
  if (curve.mid === null || price === curve.mid) return null;
  const side = price < curve.mid ? 'bid' : 'ask';
  const points = side === 'bid' ? curve.bids : curve.asks;
  const last = points[points.length - 1];
  if (!last || (side === 'bid' ? price < last.price : price > last.price)) return null;
  let reached: DepthPoint | null = null;
  for (const point of points) {
    if (side === 'bid' ? point.price < price : point.price > price) break;
    reached = point;
  }
  return reached ? { side, ...reached } : null;
}

/** The price span the chart shows: symmetric around the mid, wide enough for the deeper side's last level. */
export function depthSpan(curve: DepthCurve): { low: PriceTicks; high: PriceTicks } | null {
  const lowest = curve.bids[curve.bids.length - 1];
  const highest = curve.asks[curve.asks.length - 1];
  if (curve.mid === null || !lowest || !highest) return null;
  const half = Math.max(curve.mid - lowest.price, highest.price - curve.mid, 1);
  return { low: curve.mid - half, high: curve.mid + half };
}

/** The larger side's total quantity: the chart's vertical scale. */
export function depthMax(curve: DepthCurve): QtyLots {
  return Math.max(
    curve.bids[curve.bids.length - 1]?.cumulative ?? 0,
    curve.asks[curve.asks.length - 1]?.cumulative ?? 0,
  );
}

/**
 * How far `price` lies from the mid, in hundredths of a percent (basis points), rounded up: the move a market order
 * that takes the book to that level would make (never understated).
 */
export function impactBps(mid: PriceTicks, price: PriceTicks): number {
  return multiplyDivide(Math.abs(price - mid), 10_000, mid, 'ceil');
}
