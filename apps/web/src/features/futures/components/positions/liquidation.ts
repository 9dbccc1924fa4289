/**
 * The position's liquidation price after an isolated-margin change, by the engine's own rule
 * (packages/engine/src/futures/margin.ts liquidationPrice) on the maintenance tiers the server publishes: the tier is
 * the one of the notional at the liquidation point, the requirement continuous across tiers (Binance's "cum"), and
 * every division rounds against the user (a long's price up, a short's down, toward the mark). Integers throughout.
 */
import {
  add,
  multiply,
  multiplyDivide,
  subtract,
  type MicroUsdt,
  type PriceTicks,
  type QtyLots,
} from '@tickline/money';
import type { MaintenanceTier } from '../../../rules/serverRules.ts';
import type { Side } from '../../calc/orderMaths.ts';

const PPM = 1_000_000;

interface TierWithDeduction {
  /** null for the last tier (no upper bound). */
  maxNotional: MicroUsdt | null;
  ratePpm: number;
  deduction: MicroUsdt;
}

/** Each tier with the amount that keeps notional × rate − deduction continuous at its lower end (floored). */
function withDeductions(tiers: readonly MaintenanceTier[]): TierWithDeduction[] {
  let deduction = 0;
  return tiers.map((tier, index) => {
    const previous = tiers[index - 1];
    if (previous?.maxNotional != null)
      deduction += multiplyDivide(previous.maxNotional, tier.ratePpm - previous.ratePpm, PPM, 'floor');
    return { maxNotional: tier.maxNotional, ratePpm: tier.ratePpm, deduction };
  });
}

/** The first tier at whose upper end a long is still solvent (a short already is not); compared in BigInt. */
function tierAtLiquidation(side: Side, entryNotional: MicroUsdt, margin: MicroUsdt, tiers: readonly MaintenanceTier[]) {
  const all = withDeductions(tiers);
  for (const tier of all) {
    if (tier.maxNotional === null) return tier;
    const end = BigInt(tier.maxNotional);
    const pnlAtEnd = side === 1 ? end - BigInt(entryNotional) : BigInt(entryNotional) - end;
    const surplus = (BigInt(margin) + pnlAtEnd + BigInt(tier.deduction)) * BigInt(PPM) - end * BigInt(tier.ratePpm);
    if (side === 1 ? surplus >= 0n : surplus <= 0n) return tier;
  }
  return all.at(-1) ?? { maxNotional: null, ratePpm: 0, deduction: 0 };
}

/** Mark price at which margin + PnL meets the maintenance margin; 0 for a long the margin fully covers. */
export function liquidationPriceWith(
  side: Side,
  qty: QtyLots,
  entry: PriceTicks,
  margin: MicroUsdt,
  tiers: readonly MaintenanceTier[],
): PriceTicks {
  if (qty <= 0) return 0;
  const entryNotional = multiply(entry, qty);
  const { ratePpm, deduction } = tierAtLiquidation(side, entryNotional, margin, tiers);
  if (side === 1) {
    const numerator = subtract(subtract(entryNotional, margin), deduction);
    if (numerator <= 0) return 0;
    return multiplyDivide(numerator, PPM, multiply(qty, PPM - ratePpm), 'ceil');
  }
  return multiplyDivide(add(add(entryNotional, margin), deduction), PPM, multiply(qty, PPM + ratePpm), 'floor');
}

/**
 * The most the server lets leave the margin now: down to the initial margin at the mark after any unrealised loss
 * (a profit not counted), as the engine's removableMargin; the initial margin rounds up, against the user.
 */
export function removableMargin(
  side: Side,
  qty: QtyLots,
  entry: PriceTicks,
  margin: MicroUsdt,
  leverage: number,
  mark: PriceTicks,
): MicroUsdt {
  const loss = Math.min(0, multiply(side === 1 ? mark - entry : entry - mark, qty));
  const initial = multiplyDivide(mark, qty, leverage, 'ceil');
  return Math.max(0, margin + loss - initial);
}

/** Whether the mark is at or past the liquidation price (the engine then refuses the removal). */
export const liquidatesAt = (side: Side, mark: PriceTicks, liquidation: PriceTicks): boolean =>
  side === 1 ? mark <= liquidation : mark >= liquidation;
