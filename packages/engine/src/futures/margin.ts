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
import { PPM, type RatePpm } from '../units.ts';
import type { Side } from '../types.ts';

export function notional(price: PriceTicks, qty: QtyLots): MicroUsdt {
  return multiply(price, qty);
}

/** Initial margin = notional / leverage, rounded up. */
export function initialMargin(price: PriceTicks, qty: QtyLots, leverage: number): MicroUsdt {
  return divide(notional(price, qty), leverage, 'ceil');
}

/** Fee (or any notional × rate) in micro-USDT, rounded up. */
export function tradingFee(price: PriceTicks, qty: QtyLots, ratePpm: RatePpm): MicroUsdt {
  return multiplyDivide(notional(price, qty), ratePpm, PPM, 'ceil');
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
  ratePpm: RatePpm;
  /** Subtracted from notional × rate so the requirement is continuous across tiers (Binance's "cum"). */
  deduction: MicroUsdt;
}

export function maintenanceRate(positionNotional: MicroUsdt, tiers: MaintenanceTier[]): MaintenanceRate {
  for (const tier of tiersWithDeductions(tiers)) if (positionNotional <= tier.maxNotional) return tier;
  throw new RangeError('the last maintenance tier must have maxNotional Infinity');
}

/** The tiers in order, each with its rate and the deduction that makes the requirement continuous at its lower end. */
export function* tiersWithDeductions(tiers: MaintenanceTier[]): Generator<MaintenanceRate & { maxNotional: number }> {
  let deduction = 0;
  let previous: MaintenanceTier | undefined;
  for (const tier of tiers) {
    if (previous) deduction += multiplyDivide(previous.maxNotional, tier.ratePpm - previous.ratePpm, PPM, 'floor');
    yield { maxNotional: tier.maxNotional, ratePpm: tier.ratePpm, deduction };
    previous = tier;
  }
}

/**
 * Mark price at which the isolated margin balance (margin + unrealised PnL) falls to the maintenance margin.
 * The tier is the one of the notional at that price (see liquidationTier). A long is liquidated when mark ≤ this price, a short when mark ≥ it.
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
  const { ratePpm, deduction } = liquidationTier(side, entryNotional, margin, tiers);
  if (side === 1) {
    const numerator = subtract(subtract(entryNotional, margin), deduction);
    if (numerator <= 0) return 0;
    return multiplyDivide(numerator, PPM, multiply(qty, PPM - ratePpm), 'ceil');
  }
  const numerator = add(add(entryNotional, margin), deduction);
  return multiplyDivide(numerator, PPM, multiply(qty, PPM + ratePpm), 'floor');
}

/**
 * The maintenance tier at the liquidation point. The tier follows the notional at the mark, so a position entered in
 * one tier is liquidated in another once the mark has moved far enough (with the entry tier's larger deduction, a
 * big long's requirement would turn negative and it would be liquidated only past bankruptcy). margin + PnL −
 * maintenance changes monotonically with the mark's notional n (rising for a long, falling for a short) and is
 * continuous across tiers, so the root lies in the first tier, from the smallest, at whose upper end the long is
 * still solvent or the short already is not. Compared exactly, in BigInt: tier ends × rate exceed 2^53.
 */
function liquidationTier(side: Side, entryNotional: MicroUsdt, margin: MicroUsdt, tiers: MaintenanceTier[]) {
  for (const tier of tiersWithDeductions(tiers)) {
    if (tier.maxNotional === Infinity) return tier;
    const n = BigInt(tier.maxNotional);
    const pnlAtEnd = side === 1 ? n - BigInt(entryNotional) : BigInt(entryNotional) - n;
    // (margin + PnL − (n × rate / 10^6 − deduction)) × 10^6
    const surplus = (BigInt(margin) + pnlAtEnd + BigInt(tier.deduction)) * BigInt(PPM) - n * BigInt(tier.ratePpm);
    if (side === 1 ? surplus >= 0n : surplus <= 0n) return tier;
  }
  throw new RangeError('the last maintenance tier must have maxNotional Infinity');
}

/** Price at which margin + PnL is exactly zero, rounded against the user (long up, short down). */
export function bankruptcyPrice(side: Side, qty: QtyLots, entryPrice: PriceTicks, margin: MicroUsdt): PriceTicks {
  if (side === 1) return Math.max(0, divide(subtract(notional(entryPrice, qty), margin), qty, 'ceil'));
  return divide(add(notional(entryPrice, qty), margin), qty, 'floor');
}
