/**
 * Order book rows for display (seed 000 §2/§9): 10 levels a side, grouped by the chosen step (asks rounded up with
 * 'ceil', bids down with 'floor', so a grouped level never shows a better price than exists), each with quantity,
 * total and the running sum that sizes the depth bar. Rows are padded to a fixed count so the book never jumps. The
 * grouping steps are each market's own (#34: the server's market definitions publish them).
 */
import { PRICE_SCALE, QTY_SCALE, divide, multiply, parseDecimal, type PriceTicks, type QtyLots } from '@tickline/money';

export const BOOK_LEVELS = 10;

/**
 * One grouping choice of the book: its label as the market publishes it ("0.1"), its step in price ticks (0.01 USDT;
 * at least one, so the seeds' 0.001 groups nothing) and the decimals its prices are shown with (the market's, or
 * more for a step finer than them: 3 for 0.001).
 */
export interface BookStep {
  label: string;
  ticks: PriceTicks;
  decimals: number;
}

/** The seeds' precision choices (0.1, 0.01, 0.001; default 0.1), offered until the market's own steps arrive. */
export const SEED_BOOK_STEPS: readonly string[] = ['0.1', '0.01', '0.001'];

/** The steps of a market's published `bookSteps` (USDT decimal text, at most 3 places), in its order. */
export function bookStepsOf(labels: readonly string[], priceDecimals: number = PRICE_SCALE): BookStep[] {
  return labels.map((label) => {
    const thousandths = parseDecimal(label, 3);
    const fraction = label.split('.')[1]?.length ?? 0;
    return {
      label,
      ticks: Math.max(1, divide(thousandths, 10 ** (3 - PRICE_SCALE), 'floor')),
      decimals: Math.max(priceDecimals, fraction),
    };
  });
}

/** The step labelled `label` (a remembered or picked choice), else the market's default (its first). */
export function chooseStep(steps: readonly BookStep[], label: string | null): BookStep {
  return steps.find((step) => step.label === label) ?? steps[0]!;
}

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
 * Whether the step reads the deep depth stream: from 100 of the market's ticks up (1 USDT on a 0.01 tick), the default
 * stream's 20 levels a side (a few USDT of the book) would give only a row or two.
 */
export function needsDeepDepth(step: BookStep, tickSize: PriceTicks): boolean {
  return step.ticks >= 100 * tickSize;
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
  step: PriceTicks,
  rowCount = BOOK_LEVELS,
): BookRow[] {
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
  step: PriceTicks,
): { asks: Set<PriceTicks>; bids: Set<PriceTicks> } {
  const asks = new Set<PriceTicks>();
  const bids = new Set<PriceTicks>();
  for (const order of orders) {
    const ticks = toTicks(order.price);
    if (order.position === 2) asks.add(groupPrice(ticks, 'ask', step));
    else bids.add(groupPrice(ticks, 'bid', step));
  }
  return { asks, bids };
}
