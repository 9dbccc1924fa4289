import type { ReferralTree } from './tree.ts';
import { PARTNER_MIN_LEVEL } from './tree.ts';

/** Rates are basis points of revenue: 10,000 = 100 %. */
export const RATE_SCALE = 10_000n;

export interface PartnerDay {
  /** Σ over the downline of revenue (micro-USDT); may be negative. */
  revenue: number;
  /** floor(Σ (own rate − rate below on the chain) × revenue / 10,000): the day's share before carry-over. */
  share: number;
}

/**
 * Each partner's differential share of one day (PRODUCT.md §7): for every member with revenue, walk up its chain; a
 * partner earns (its rate − the highest rate below it on that chain) of the member's revenue, never a negative
 * difference, so the shares of one member never add up to more than the top rate. Exact in BigInt, one division per
 * partner, rounded toward −∞ (floor): a share is never overpaid.
 */
export function dailyShares(tree: ReferralTree, revenueByUser: ReadonlyMap<number, number>): Map<number, PartnerDay> {
  const weighted = new Map<number, { revenue: bigint; weighted: bigint }>();
  for (const [userId, revenue] of revenueByUser) {
    if (revenue === 0) continue;
    let below = 0;
    for (const ancestor of tree.ancestors(userId)) {
      if (ancestor.level < PARTNER_MIN_LEVEL) continue;
      const entry = weighted.get(ancestor.id) ?? { revenue: 0n, weighted: 0n };
      entry.revenue += BigInt(revenue);
      const difference = Math.max(0, ancestor.feeRateBps - below);
      entry.weighted += BigInt(difference) * BigInt(revenue);
      weighted.set(ancestor.id, entry);
      below = Math.max(below, ancestor.feeRateBps);
    }
  }
  const days = new Map<number, PartnerDay>();
  for (const [partnerId, entry] of weighted)
    days.set(partnerId, { revenue: Number(entry.revenue), share: Number(floorDiv(entry.weighted, RATE_SCALE)) });
  return days;
}

function floorDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  return numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient;
}

/** A negative day carries over against later days: what is paid now and what is carried. */
export function withCarry(share: number, carryIn: number): { settlement: number; carryOut: number } {
  const net = share + carryIn;
  return net >= 0 ? { settlement: net, carryOut: 0 } : { settlement: 0, carryOut: net };
}
