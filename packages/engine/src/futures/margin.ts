/**
 * Futures arithmetic, all in integers: notional (micro-USDT) = price (ticks) × quantity (lots). Every division
 * rounds against the user: margins and fees up, proceeds down, liquidation prices toward the mark.
 */
import {
  add,
  divide,
  multiply,
  multiplyDivide,
  subtract,
  type MicroUsdt,
  type PriceTicks,
  type QtyLots,
} from '@tickline/money';
import type { MaintenanceTier } from '../config.ts';
import type { Side } from '../types.ts';

const MICROS = 1_000_000;

export function notional(price: PriceTicks, qty: QtyLots): MicroUsdt {
  return multiply(price, qty);
}

/** Initial margin = notional / leverage, rounded up. */
export function initialMargin(price: PriceTicks, qty: QtyLots, leverage: number): MicroUsdt {
  return divide(notional(price, qty), leverage, 'ceil');
}

/** Fee = notional × rate (parts per million), rounded up. */
export function tradingFee(price: PriceTicks, qty: QtyLots, rateMicros: number): MicroUsdt {
  return multiplyDivide(notional(price, qty), rateMicros, MICROS, 'ceil');
}

/** Signed PnL of `qty` of a position of `side` entered at `entryPrice`, valued at `price`. Exact. */
export function pnl(side: Side, entryPrice: PriceTicks, price: PriceTicks, qty: QtyLots): MicroUsdt {
  return multiply(side === 1 ? price - entryPrice : entryPrice - price, qty);
}

/** Volume-weighted entry price after adding to a position, rounded against the user (long up, short down). */
export function averageEntryPrice(
  side: Side,
  qty: QtyLots,
  entryPrice: PriceTicks,
  addedQty: QtyLots,
  addedPrice: PriceTicks,
): PriceTicks {
  const cost = add(notional(entryPrice, qty), notional(addedPrice, addedQty));
  return divide(cost, qty + addedQty, side === 1 ? 'ceil' : 'floor');
}

export interface MaintenanceRate {
  rateMicros: number;
  /** Subtracted from notional × rate so the requirement is continuous across tiers (Binance's "cum"). */
  deduction: MicroUsdt;
}

export function maintenanceRate(positionNotional: MicroUsdt, tiers: MaintenanceTier[]): MaintenanceRate {
  let deduction = 0;
  let previous: MaintenanceTier | undefined;
  for (const tier of tiers) {
    if (previous)
      deduction += multiplyDivide(previous.maxNotional, tier.rateMicros - previous.rateMicros, MICROS, 'floor');
    if (positionNotional <= tier.maxNotional) return { rateMicros: tier.rateMicros, deduction };
    previous = tier;
  }
  throw new RangeError('the last maintenance tier must have maxNotional Infinity');
}

/** Maintenance margin at `price`: notional × rate − deduction (the tier is chosen by that notional). */
export function maintenanceMargin(price: PriceTicks, qty: QtyLots, tiers: MaintenanceTier[]): MicroUsdt {
  const value = notional(price, qty);
  const { rateMicros, deduction } = maintenanceRate(value, tiers);
  return Math.max(0, multiplyDivide(value, rateMicros, MICROS, 'ceil') - deduction);
}

/**
 * Mark price at which the isolated margin balance (margin + unrealised PnL) falls to the maintenance margin.
 * The tier is the one of the entry notional. A long is liquidated when mark ≤ this price, a short when mark ≥ it.
 * 0 means a long that cannot be liquidated (margin covers the whole notional).
 */
export function liquidationPrice(
  side: Side,
  qty: QtyLots,
  entryPrice: PriceTicks,
  margin: MicroUsdt,
  tiers: MaintenanceTier[],
): PriceTicks {
  const entryNotional = notional(entryPrice, qty);
  const { rateMicros, deduction } = maintenanceRate(entryNotional, tiers);
  if (side === 1) {
    const numerator = subtract(subtract(entryNotional, margin), deduction);
    if (numerator <= 0) return 0;
    return multiplyDivide(numerator, MICROS, multiply(qty, MICROS - rateMicros), 'ceil');
  }
  const numerator = add(add(entryNotional, margin), deduction);
  return multiplyDivide(numerator, MICROS, multiply(qty, MICROS + rateMicros), 'floor');
}

/** Price at which margin + PnL is exactly zero, rounded against the user (long up, short down). */
export function bankruptcyPrice(side: Side, qty: QtyLots, entryPrice: PriceTicks, margin: MicroUsdt): PriceTicks {
  if (side === 1) return Math.max(0, divide(subtract(notional(entryPrice, qty), margin), qty, 'ceil'));
  return divide(add(notional(entryPrice, qty), margin), qty, 'floor');
}
