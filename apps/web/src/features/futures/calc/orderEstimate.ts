/**
 * What the order form shows under its buttons (#33 item 1), as the engine will count it, from the rules the server
 * publishes (serverRules): the cost the engine holds or checks (packages/engine futures/holds.ts holdFor: initial
 * margin of the opening part + taker fee on all of it, each rounded up), the fee of the fill (taker when it takes,
 * maker when it rests), the margin of the position it opens and that position's liquidation price (engine
 * futures/margin.ts liquidationPrice, with the tier deductions and the tier at the liquidation point). Integers only.
 */
import { multiply, multiplyDivide, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';
import type { MaintenanceTier } from '../../rules/serverRules.ts';
import { initialMargin, tradingFee, type Side } from './orderMaths.ts';

const PPM = 1_000_000;

export interface EstimateInput {
  side: Side;
  /** The price it trades at: its limit, the last price for a market order, the trigger's price for a stop-market. */
  price: PriceTicks;
  qty: QtyLots;
  leverage: number;
  /** A reduce-only order opens nothing: it holds the fee only. */
  reduceOnly: boolean;
  /** True when it fills at once as a taker (market, IOC, FOK, a limit crossing the book). */
  takes: boolean;
  rules: { makerFeePpm: number; takerFeePpm: number; maintenanceTiers: readonly MaintenanceTier[] };
}

export interface OrderEstimate {
  /** Held for a resting order, checked for a trigger, paid by a market fill at one price. */
  cost: MicroUsdt;
  fee: MicroUsdt;
  margin: MicroUsdt;
  /** 0 when there is no new position to liquidate (reduce-only, a long the margin covers, no price). */
  liquidation: PriceTicks;
}

export function estimateOrder(input: EstimateInput): OrderEstimate {
  const { side, price, qty, leverage, reduceOnly, takes, rules } = input;
  if (price <= 0 || qty <= 0 || leverage <= 0) return { cost: 0, fee: 0, margin: 0, liquidation: 0 };
  const margin = reduceOnly ? 0 : initialMargin(price, qty, leverage);
  const cost = margin + tradingFee(price, qty, rules.takerFeePpm);
  const fee = tradingFee(price, qty, takes ? rules.takerFeePpm : rules.makerFeePpm);
  const liquidation = reduceOnly ? 0 : positionLiquidation(side, qty, price, margin, rules.maintenanceTiers);
  return { cost, fee, margin, liquidation };
}

interface Tier {
  /** null: the last tier, without bound. */
  maxNotional: MicroUsdt | null;
  ratePpm: number;
  /** Keeps the requirement continuous across tiers (Binance's "cum"). */
  deduction: MicroUsdt;
}

function tiersWithDeductions(tiers: readonly MaintenanceTier[]): Tier[] {
  const out: Tier[] = [];
  let deduction = 0;
  tiers.forEach((tier, index) => {
    const before = tiers[index - 1];
    if (before && before.maxNotional !== null)
      deduction += multiplyDivide(before.maxNotional, tier.ratePpm - before.ratePpm, PPM, 'floor');
    out.push({ maxNotional: tier.maxNotional, ratePpm: tier.ratePpm, deduction });
  });
  return out;
}

/**
 * The tier at the liquidation point: the first whose upper end still leaves a long solvent (a short already not),
 * margin + PnL − maintenance being monotonic in the notional. BigInt: tier ends × rates pass 2^53.
 */
function tierAtLiquidation(side: Side, entryNotional: MicroUsdt, margin: MicroUsdt, tiers: Tier[]): Tier | null {
  for (const tier of tiers) {
    if (tier.maxNotional === null) return tier;
    const end = BigInt(tier.maxNotional);
    const pnlAtEnd = side === 1 ? end - BigInt(entryNotional) : BigInt(entryNotional) - end;
    const surplus = (BigInt(margin) + pnlAtEnd + BigInt(tier.deduction)) * BigInt(PPM) - end * BigInt(tier.ratePpm);
    if (side === 1 ? surplus >= 0n : surplus <= 0n) return tier;
  }
  return tiers.at(-1) ?? null;
}

/** Mark price where margin + PnL meets the maintenance margin; long rounds up, short down (toward the mark). */
export function positionLiquidation(
  side: Side,
  qty: QtyLots,
  entry: PriceTicks,
  margin: MicroUsdt,
  maintenanceTiers: readonly MaintenanceTier[],
): PriceTicks {
  const entryNotional = multiply(entry, qty);
  const tier = tierAtLiquidation(side, entryNotional, margin, tiersWithDeductions(maintenanceTiers));
  if (!tier) return 0;
  if (side === 1) {
    const numerator = entryNotional - margin - tier.deduction;
    return numerator <= 0 ? 0 : multiplyDivide(numerator, PPM, multiply(qty, PPM - tier.ratePpm), 'ceil');
  }
  return multiplyDivide(entryNotional + margin + tier.deduction, PPM, multiply(qty, PPM + tier.ratePpm), 'floor');
}

/** Whether a limit order at `price` would take from the book's best opposite price (a buy at or above the ask). */
export function crossesBook(side: Side, price: PriceTicks, bestAsk: PriceTicks | null, bestBid: PriceTicks | null) {
  if (side === 1) return bestAsk !== null && price >= bestAsk;
  return bestBid !== null && price <= bestBid;
}
