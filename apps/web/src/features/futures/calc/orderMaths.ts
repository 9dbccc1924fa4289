/**
 * The trade panel's and position table's money, in integers (@tickline/money): USDT in micro-USDT, prices in ticks
 * of 0.01, sizes in lots of 0.0001 BTC, so notional (micro-USDT) = ticks × lots exactly. Every division names its
 * rounding, against the user where it is a promise (costs up, sizes and maxima down).
 */
import { multiply, multiplyDivide, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';

export type Side = 1 | 2;
const PPM = 1_000_000;
/** Seed 000 §9: max long/short uses a fee rate of 0.0005 on margin. */
export const MARGIN_FEE_PPM = 500;
/** Seed 000 §9: the TP/SL estimate subtracts 0.0004 of notional. */
export const TPSL_FEE_PPM = 400;

/** Initial margin = notional / leverage, rounded up. */
export function initialMargin(price: PriceTicks, qty: QtyLots, leverage: number): MicroUsdt {
  return multiplyDivide(price, qty, leverage, 'ceil');
}

/** Cost of an order: its margin plus the seeds' 0.0005 of that margin. */
export function orderCost(price: PriceTicks, qty: QtyLots, leverage: number): MicroUsdt {
  const margin = initialMargin(price, qty, leverage);
  return margin + multiplyDivide(margin, MARGIN_FEE_PPM, PPM, 'ceil');
}

export interface FuturesBalance {
  usdtm: MicroUsdt;
  usingRequiredAmount: MicroUsdt;
  longWaitingRequiredAmount: MicroUsdt;
  shortWaitingRequiredAmount: MicroUsdt;
  /** What the server counts as free for new orders (the balance's `balance`). */
  free: MicroUsdt;
}

/**
 * Seed 000 §9: available = futures wallet − in use − the waiting requirement of the side; never below 0, and never
 * above what the server lets a new order use (`free`, the balance's `balance`: the other side's holds are not free
 * either), so a maximum built on it is one the server accepts.
 */
export function availableFor(balance: FuturesBalance, side: Side): MicroUsdt {
  const waiting = side === 1 ? balance.longWaitingRequiredAmount : balance.shortWaitingRequiredAmount;
  return Math.max(0, Math.min(balance.free, balance.usdtm - balance.usingRequiredAmount - waiting));
}

/** Seed 000 §9: max long/short cost = available × percent, less the 0.0005 margin fee it must also pay. */
export function maxCost(available: MicroUsdt, percent: number): MicroUsdt {
  return multiplyDivide(available, percent * PPM, 100 * (PPM + MARGIN_FEE_PPM), 'floor');
}

/** Trading fee of an order at a rate in parts per million, rounded up. */
export function tradingFee(price: PriceTicks, qty: QtyLots, ratePpm: number): MicroUsdt {
  return multiplyDivide(multiply(price, qty), ratePpm, PPM, 'ceil');
}

/**
 * Estimated liquidation price of a new isolated position at `price` with `leverage`: where margin + PnL meets the
 * maintenance margin at `maintenancePpm` (the server's tier for the notional). Long rounds up, short down (toward the
 * mark). 0 when a long cannot be liquidated.
 */
export function estimatedLiquidationPrice(
  side: Side,
  price: PriceTicks,
  qty: QtyLots,
  leverage: number,
  maintenancePpm: number,
): PriceTicks {
  if (price <= 0 || qty <= 0) return 0;
  const value = multiply(price, qty);
  const margin = initialMargin(price, qty, leverage);
  if (side === 1) {
    const numerator = value - margin;
    if (numerator <= 0) return 0;
    return multiplyDivide(numerator, PPM, qty * (PPM - maintenancePpm), 'ceil');
  }
  return multiplyDivide(value + margin, PPM, qty * (PPM + maintenancePpm), 'floor');
}

/** Signed PnL of a position valued at `price`, exact. */
export function unrealisedPnl(side: Side, entry: PriceTicks, price: PriceTicks, qty: QtyLots): MicroUsdt {
  return multiply(side === 1 ? price - entry : entry - price, qty);
}

/** Return on equity in hundredths of a percent (1234 = 12.34 %), truncated toward 0. */
export function roeBasisPoints(pnl: MicroUsdt, margin: MicroUsdt): number {
  return margin > 0 ? multiplyDivide(pnl, 10_000, margin, 'trunc') : 0;
}

/**
 * Seed 000 §9 risk ratio in hundredths of a percent: long, 0 if price ≥ entry, else (entry − price) / (entry −
 * liquidation) × 100; short, 0 if price ≤ entry, else the same formula (both differences then negative).
 */
export function riskRatioBasisPoints(
  side: Side,
  entry: PriceTicks,
  price: PriceTicks,
  liquidation: PriceTicks,
): number {
  if (side === 1 ? price >= entry : price <= entry) return 0;
  if (entry === liquidation) return 10_000;
  return multiplyDivide(entry - price, 10_000, entry - liquidation, 'floor');
}

/** Seed 000 §9: TP/SL estimated PnL = PnL at the trigger − 0.0004 of the notional at the trigger. */
export function triggerEstimatedPnl(side: Side, entry: PriceTicks, trigger: PriceTicks, qty: QtyLots): MicroUsdt {
  return unrealisedPnl(side, entry, trigger, qty) - multiplyDivide(multiply(trigger, qty), TPSL_FEE_PPM, PPM, 'ceil');
}

/** Seed 000 §5: close quick buttons, percent of the position volume floored to 4 decimals (whole lots). */
export function closeAmount(volume: QtyLots, percent: number): QtyLots {
  return multiplyDivide(volume, percent, 100, 'floor');
}

/** Default distance that raises the liquidation warning: the mark within 1 % of the liquidation price. */
export const LIQUIDATION_WARNING_BPS = 100;

/** True when the mark is within `bps` hundredths of a percent of the liquidation price. */
export function nearLiquidation(mark: PriceTicks, liquidation: PriceTicks, bps = LIQUIDATION_WARNING_BPS): boolean {
  if (mark <= 0 || liquidation <= 0) return false;
  return multiply(Math.abs(mark - liquidation), 10_000) <= multiply(mark, bps);
}
