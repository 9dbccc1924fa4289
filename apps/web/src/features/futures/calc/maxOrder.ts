/**
 * The percent slider's amount (#28 item 4): the largest size whose cost, as the server counts it, fits the share of
 * the available balance the slider picks, so 100 % builds an order the server accepts. The engine holds, for the part
 * of an order that opens a position, its initial margin (notional / leverage, rounded up) and the taker fee on its
 * notional (rounded up), against the free futures balance (packages/engine futures/holds.ts and fill-calculator.ts).
 * Fee rate, size step and maximum come from the server (GET /server/config).
 */
import { multiply, multiplyDivide, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';
import { initialMargin, tradingFee } from './orderMaths.ts';

export interface SizingRules {
  takerFeePpm: number;
  lotSize: QtyLots;
  maxOrderQty: QtyLots;
  /** The leverage bracket's notional cap at the order's leverage (serverRules notionalCapAt); absent or null: none. */
  notionalCap?: MicroUsdt | null;
}

/** The most the bracket's cap allows at `price` (the engine values a new order at its price), or no limit. */
function bracketQty(price: PriceTicks, rules: SizingRules): QtyLots {
  const cap = rules.notionalCap;
  return cap === undefined || cap === null ? Number.MAX_SAFE_INTEGER : multiplyDivide(cap, 1, price, 'floor');
}

const PPM = 1_000_000;

/** What the server holds for `qty` opened at `price`: margin + taker fee, each rounded up as the engine does. */
export function serverOrderCost(price: PriceTicks, qty: QtyLots, leverage: number, takerFeePpm: number): MicroUsdt {
  return initialMargin(price, qty, leverage) + tradingFee(price, qty, takerFeePpm);
}

/** The largest multiple of the size step, at most the maximum, whose server cost at `price` is within `budget`. */
export function affordableQty(budget: MicroUsdt, price: PriceTicks, leverage: number, rules: SizingRules): QtyLots {
  if (budget <= 0 || price <= 0 || leverage <= 0) return 0;
  // cost ≈ notional × (1/leverage + fee): the exact quotient, then stepped down while the rounded-up cost is over.
  const exact = multiplyDivide(budget, leverage * PPM, multiply(price, PPM + leverage * rules.takerFeePpm), 'floor');
  const step = Math.max(1, rules.lotSize);
  let qty = Math.min(exact, rules.maxOrderQty, bracketQty(price, rules));
  qty -= qty % step;
  while (qty > 0 && serverOrderCost(price, qty, leverage, rules.takerFeePpm) > budget) qty -= step;
  return Math.max(0, qty);
}

/** One level of the opposite side of the book, best first. */
export interface BookLevel {
  price: PriceTicks;
  qty: QtyLots;
}

/**
 * A market order's affordable size: it fills against the opposite side of the book, level by level, each fill paying
 * margin and fee at its own price (as the engine's taker walk). Sized within the levels shown; with no book yet, at
 * `fallbackPrice`. Each level keeps a few micro-USDT back for the rounding of fills split between several makers.
 */
export function affordableAgainstBook(
  budget: MicroUsdt,
  levels: readonly BookLevel[],
  fallbackPrice: PriceTicks,
  leverage: number,
  rules: SizingRules,
): QtyLots {
  if (levels.length === 0) return affordableQty(budget, fallbackPrice, leverage, rules);
  let left = budget;
  let total = 0;
  // The engine values a market order at the best opposite price before the first mark, at the mark after (brackets).
  const limit = Math.min(rules.maxOrderQty, bracketQty(levels[0]!.price, rules));
  for (const level of levels) {
    const room = limit - total;
    const fits = affordableQty(left - ROUNDING_ALLOWANCE, level.price, leverage, { ...rules, maxOrderQty: room });
    const take = Math.min(fits, level.qty - (level.qty % Math.max(1, rules.lotSize)));
    total += take;
    left -= serverOrderCost(level.price, take, leverage, rules.takerFeePpm);
    if (take < level.qty) break;
  }
  return total;
}

/** Micro-USDT kept back per level: one level may be several makers' orders, each fill rounding up by 2 at most. */
const ROUNDING_ALLOWANCE = 20;

/** The slider's budget: `percent` of the available balance, rounded down. */
export function percentBudget(available: MicroUsdt, percent: number): MicroUsdt {
  return percent <= 0 ? 0 : multiplyDivide(available, percent, 100, 'floor');
}
