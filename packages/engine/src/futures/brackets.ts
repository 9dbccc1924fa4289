/**
 * Leverage brackets (risk tiers): the highest leverage and the maintenance rate by position notional, as Binance's
 * `/fapi/v1/leverageBracket` and Hyperliquid's margin tiers publish them. Maintenance of a notional n in bracket i is
 * n × rate_i − cum_i, where cum_i = cum_{i−1} + floor(cap_{i−1} × (rate_i − rate_{i−1})) (margin.ts), so it is
 * continuous at each bracket's edge. Leverage is checked against the bracket of what the user could hold on a side
 * (see exposureNotional); orders and leverage changes beyond it are refused (LEVERAGE_EXCEEDS_BRACKET).
 */
import { multiply, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import { oppositeSide } from '../book/order-book.ts';
import type { MaintenanceTier } from '../config.ts';
import type { MarketState } from '../core/state.ts';
import type { OrderState, Side, UserId } from '../types.ts';
import { tiersWithDeductions } from './margin.ts';

/** One bracket as Binance's leverageBracket row names it; money in micro-USDT, rates in ppm, cap null = unbounded. */
export interface BracketRow {
  /** 1 for the smallest notionals. */
  bracket: number;
  initialLeverage: number;
  /** Exclusive lower bound (the previous bracket's cap), 0 for the first. */
  notionalFloor: MicroUsdt;
  /** Inclusive upper bound; null for the last bracket. */
  notionalCap: MicroUsdt | null;
  maintMarginRatioPpm: number;
  /** Maintenance amount: maintenance = notional × rate − cum. */
  cum: MicroUsdt;
}

/** The brackets as rows; `maxLeverage` (the exchange's overall cap) bounds each bracket's initialLeverage. */
export function bracketRows(tiers: MaintenanceTier[], maxLeverage = Infinity): BracketRow[] {
  const rows: BracketRow[] = [];
  let floor = 0;
  for (const tier of tiersWithDeductions(tiers)) {
    const cap = Number.isFinite(tier.maxNotional) ? tier.maxNotional : null;
    rows.push({
      bracket: rows.length + 1,
      initialLeverage: Math.min(maxLeverage, tiers[rows.length]!.maxLeverage),
      notionalFloor: floor,
      notionalCap: cap,
      maintMarginRatioPpm: tier.ratePpm,
      cum: tier.deduction,
    });
    if (cap !== null) floor = cap;
  }
  return rows;
}

/** The highest leverage allowed for a position of `positionNotional` (the first bracket whose cap covers it). */
export function maxLeverageFor(positionNotional: MicroUsdt, tiers: MaintenanceTier[]): number {
  for (const tier of tiers) if (positionNotional <= tier.maxNotional) return tier.maxLeverage;
  throw new RangeError('the last maintenance tier must have maxNotional Infinity');
}

/**
 * The notional the user could hold on `side` if every resting order on that side filled, and then `extra` (a new
 * order): the position (if on that side) plus each order's part that would open, in arrival order, after the
 * opposite position has absorbed what it can. Each part is valued at the higher of its price and the mark (the
 * position at the mark, or its entry price before the first mark).
 */
export function exposureNotional(
  s: MarketState,
  userId: UserId,
  side: Side,
  extra: { price: PriceTicks; qty: QtyLots } | null,
): MicroUsdt {
  const position = s.positionsByUser.get(userId);
  const mark = s.lastMarkPrice ?? 0;
  let total = 0;
  let reduceBudget = 0;
  if (position && position.side === side) total += multiply(Math.max(mark, position.entryPrice), position.qty);
  if (position && position.side !== side) reduceBudget = position.qty;
  const add = (price: PriceTicks, qty: QtyLots) => {
    const reducing = Math.min(qty, reduceBudget);
    reduceBudget -= reducing;
    total += multiply(Math.max(mark, price), qty - reducing);
  };
  for (const orderId of s.orderIdsByUser.get(userId) ?? []) {
    const order = s.openOrdersById.get(orderId) as OrderState;
    if (order.side === side && order.price !== null) add(order.price, order.qty - order.filledQty);
  }
  if (extra) add(extra.price, extra.qty);
  return total;
}

/** The smallest maxLeverage of all brackets: leverage at or below it never needs the exposure walk. */
function leverageAlwaysAllowed(tiers: MaintenanceTier[]): number {
  return tiers[tiers.length - 1]!.maxLeverage;
}

/**
 * Refusal for a new order of `qty` on `side` at `leverage`, or null when its bracket allows it. `price` is the
 * limit; a market order (null) is valued at the mark, or the best opposite price before the first mark (not at its
 * protection price, which only bounds how far it may walk).
 */
export function checkOrderBracket(
  s: MarketState,
  userId: UserId,
  side: Side,
  price: PriceTicks | null,
  qty: QtyLots,
  leverage: number,
): ErrorName | null {
  const tiers = s.config.maintenanceTiers;
  if (leverage <= leverageAlwaysAllowed(tiers)) return null;
  const reference = price ?? s.lastMarkPrice ?? s.book.bestPrice(oppositeSide(side));
  const exposure = exposureNotional(s, userId, side, { price: reference, qty });
  return leverage > maxLeverageFor(exposure, tiers) ? 'LEVERAGE_EXCEEDS_BRACKET' : null;
}

/** Refusal for changing the user's leverage to `leverage` with their position and resting orders, or null. */
export function checkLeverageBracket(s: MarketState, userId: UserId, leverage: number): ErrorName | null {
  const tiers = s.config.maintenanceTiers;
  if (leverage <= leverageAlwaysAllowed(tiers)) return null;
  for (const side of [1, 2] as const)
    if (leverage > maxLeverageFor(exposureNotional(s, userId, side, null), tiers)) return 'LEVERAGE_EXCEEDS_BRACKET';
  return null;
}
