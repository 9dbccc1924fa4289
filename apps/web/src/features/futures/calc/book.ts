/**
 * Order book rows for display (seed 000 §2/§9): 10 levels a side, grouped by the chosen precision (asks rounded up,
 * bids down, so a grouped level never shows a better price than exists), each with quantity, total = price ×
 * quantity and the running sum that sizes the depth bar. Rows are padded to a fixed count so the book never jumps.
 */
import { PRICE_SCALE, QTY_SCALE, divide, multiply, parseDecimal, type PriceTicks, type QtyLots } from '@tickline/money';

export const BOOK_LEVELS = 10;
/** Precision choices (seed 000 §2), default 0.1. */
export const BOOK_PRECISIONS = ['0.1', '0.01', '0.001'] as const;
export type BookPrecision = (typeof BOOK_PRECISIONS)[number];

export interface BookRow {
  price: PriceTicks;
  qty: QtyLots;
  /** price × quantity in micro-USDT. */
  total: number;
  /** Quantity from the best price to this row, for the depth bar. */
  cumulative: QtyLots;
}

/** Group size in price ticks; a precision finer than the tick (0.001) groups nothing. */
export function groupTicks(precision: BookPrecision): number {
  const decimals = precision.length - 2;
  return decimals >= PRICE_SCALE ? 1 : 10 ** (PRICE_SCALE - decimals);
}

const toTicks = (price: number) => parseDecimal(price, PRICE_SCALE);
const toLots = (qty: number) => parseDecimal(qty, QTY_SCALE);

/** Levels as the stream sends them ([price, qty], best first) grouped and cut to `levels` rows (best first). */
export function groupLevels(
  levels: readonly (readonly [number, number])[],
  side: 'ask' | 'bid',
  precision: BookPrecision,
  rowCount = BOOK_LEVELS,
): BookRow[] {
  const step = groupTicks(precision);
  const rows: BookRow[] = [];
  let cumulative = 0;
  for (const [rawPrice, rawQty] of levels) {
    const ticks = toTicks(rawPrice);
    const grouped = multiply(divide(ticks, step, side === 'ask' ? 'ceil' : 'floor'), step);
    const qty = toLots(rawQty);
    const last = rows[rows.length - 1];
    cumulative += qty;
    if (last && last.price === grouped) {
      last.qty += qty;
      last.total = multiply(last.price, last.qty);
      last.cumulative = cumulative;
      continue;
    }
    if (rows.length === rowCount) break;
    rows.push({ price: grouped, qty, total: multiply(grouped, qty), cumulative });
  }
  return rows;
}

/** best ask − best bid in ticks, or null when a side is empty. */
export function spreadTicks(asks: readonly BookRow[], bids: readonly BookRow[]): PriceTicks | null {
  const ask = asks[0];
  const bid = bids[0];
  return ask && bid ? ask.price - bid.price : null;
}

/** Prices (grouped like the book) at which the trader has resting orders, per side. */
export function ownOrderPrices(
  orders: readonly { position: 1 | 2; price: number }[],
  precision: BookPrecision,
): { asks: Set<PriceTicks>; bids: Set<PriceTicks> } {
  const step = groupTicks(precision);
  const asks = new Set<PriceTicks>();
  const bids = new Set<PriceTicks>();
  for (const order of orders) {
    const ticks = toTicks(order.price);
    if (order.position === 2) asks.add(multiply(divide(ticks, step, 'ceil'), step));
    else bids.add(multiply(divide(ticks, step, 'floor'), step));
  }
  return { asks, bids };
}

/** Decimals to show a grouped price with: the money rule's 2, or 3 for the 0.001 choice. */
export function priceDecimals(precision: BookPrecision): number {
  return Math.max(PRICE_SCALE, precision.length - 2);
}
