/**
 * Order book rows for display (seed 000 §2/§9): 10 levels a side, grouped by the chosen step (asks rounded up with
 * 'ceil', bids down with 'floor', so a grouped level never shows a better price than exists), each with quantity,
 * total and the running sum that sizes the depth bar. Rows are padded to a fixed count so the book never jumps.
 */
import { PRICE_SCALE, QTY_SCALE, divide, multiply, parseDecimal, type PriceTicks, type QtyLots } from '@tickline/money';

export const BOOK_LEVELS = 10;
/**
 * Grouping choices: the seeds' precisions first (0.1, 0.01, 0.001, default 0.1), then the coarser steps of #33.
 * Each maps to its step in price ticks (0.01 USDT); 0.001 is finer than the tick, so it groups nothing.
 */
const STEP_TICKS = {
  '0.1': 10,
  '0.01': 1,
  '0.001': 1,
  '1': 100,
  '10': 1_000,
  '50': 5_000,
  '100': 10_000,
} as const;
export type BookPrecision = keyof typeof STEP_TICKS;
export const BOOK_PRECISIONS: readonly BookPrecision[] = ['0.1', '0.01', '0.001', '1', '10', '50', '100'];

export interface BookRow {
  price: PriceTicks;
  qty: QtyLots;
  /**
   * Sum of price × quantity of the raw levels in the row, in micro-USDT: the notional that really rests there (the
   * grouped price times the summed quantity would overstate asks and understate bids).
   */
  total: number;
  /** Quantity from the best price to this row, for the depth bar. */
  cumulative: QtyLots;
}

/**
 * Whether the choice reads the deep depth stream: from 1 USDT up, the default stream's 20 levels a side (a few USDT
 * of the book) would give only a row or two.
 */
export function needsDeepDepth(precision: BookPrecision): boolean {
  return STEP_TICKS[precision] >= STEP_TICKS['1'];
}

/** Group size in price ticks. */
export function groupTicks(precision: BookPrecision): number {
  return STEP_TICKS[precision];
}

/** The grouped price of a level: asks up, bids down, to a multiple of the step. */
export function groupPrice(ticks: PriceTicks, side: 'ask' | 'bid', step: number): PriceTicks {
  return multiply(divide(ticks, step, side === 'ask' ? 'ceil' : 'floor'), step);
}

const toTicks = (price: number) => parseDecimal(price, PRICE_SCALE);
const toLots = (qty: number) => parseDecimal(qty, QTY_SCALE);

/** Levels as the stream sends them ([price, qty], best first) grouped and cut to `rowCount` rows (best first). */
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
    const grouped = groupPrice(ticks, side, step);
    const qty = toLots(rawQty);
    const notional = multiply(ticks, qty);
    const last = rows[rows.length - 1];
    // Best-first input and a monotone rounding keep a group's levels next to each other.
    if (last && last.price === grouped) {
      cumulative += qty;
      last.qty += qty;
      last.total += notional;
      last.cumulative = cumulative;
      continue;
    }
    if (rows.length === rowCount) break;
    cumulative += qty;
    rows.push({ price: grouped, qty, total: notional, cumulative });
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
    if (order.position === 2) asks.add(groupPrice(ticks, 'ask', step));
    else bids.add(groupPrice(ticks, 'bid', step));
  }
  return { asks, bids };
}

/** Decimals to show a grouped price with: the money rule's 2, or 3 for the 0.001 choice. */
export function priceDecimals(precision: BookPrecision): number {
  return precision === '0.001' ? 3 : PRICE_SCALE;
}
