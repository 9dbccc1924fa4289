import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultExchangeConfig } from '../src/config.ts';
import { TriggerIndex } from '../src/futures/trigger-index.ts';
import {
  averageEntryPrice,
  bankruptcyPrice,
  initialMargin,
  liquidationPrice,
  maintenanceRate,
  ratePpm,
  tradingFee,
} from '../src/index.ts';

const tiers = defaultExchangeConfig.maintenanceTiers;

/** margin + PnL ≤ maintenance at `mark`, computed exactly (×1e6 to stay in integers), with the mark notional's tier. */
function liquidatable(side: 1 | 2, qty: number, entry: number, margin: number, mark: number): boolean {
  const { ratePpm, deduction } = maintenanceRate(mark * qty, tiers);
  const pnl = BigInt(side === 1 ? mark - entry : entry - mark) * BigInt(qty);
  const balance = (BigInt(margin) + pnl) * 1_000_000n;
  const maintenance = BigInt(mark) * BigInt(qty) * BigInt(ratePpm) - BigInt(deduction) * 1_000_000n;
  return balance <= maintenance;
}

describe('futures arithmetic', () => {
  it('puts the liquidation price on the tick where margin + PnL reaches maintenance, rounded toward the mark', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 100, max: 20_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        (side, qty, entry, leverage) => {
          const margin = initialMargin(entry, qty, leverage);
          const price = liquidationPrice(side, qty, entry, margin, tiers);
          if (side === 1 && price === 0) {
            expect(liquidatable(side, qty, entry, margin, 1)).toBe(false);
            return;
          }
          // Rounded one tick at most toward the mark (against the user): one tick further out is liquidatable,
          // one tick closer to the mark is not.
          const further = side === 1 ? price - 1 : price + 1;
          if (further >= 1) expect(liquidatable(side, qty, entry, margin, further)).toBe(true);
          expect(liquidatable(side, qty, entry, margin, side === 1 ? price + 1 : price - 1)).toBe(false);
          // Liquidation comes before bankruptcy.
          const bankrupt = bankruptcyPrice(side, qty, entry, margin);
          expect(side === 1 ? price >= bankrupt : price <= bankrupt).toBe(true);
        },
      ),
      {
        numRuns: 1000,
        // Longs entered just above the 15M tier: liquidated in a lower tier (the entry tier's deduction would have
        // put the liquidation price below bankruptcy).
        examples: [
          [1, 750_001, 19_999_974, 2],
          [1, 909_702, 16_488_917, 2],
        ],
      },
    );
  });

  it('rounds margins and fees up and the average entry against the user', () => {
    expect(initialMargin(333, 1, 10)).toBe(34);
    expect(tradingFee(1, 1, ratePpm(300))).toBe(1);
    expect(tradingFee(5_000_000, 10_000, ratePpm(300))).toBe(15_000_000);
    expect(averageEntryPrice(1, 1, 100, 2, 101)).toBe(101); // 100.67 up for a long
    expect(averageEntryPrice(2, 1, 100, 2, 101)).toBe(100); // down for a short
  });

  it('needs no exact liquidation price when margin + PnL clears the first tier requirement by two ticks of size', () => {
    // The exchange's fast path for fills: this margin over the first tier's requirement means the mark is not at or
    // beyond the (rounded) liquidation price.
    const firstTier = tiers[0]!;
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 100, max: 20_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: -2_000, max: 2_000 }),
        (side, qty, entry, leverage, markOffsetBps) => {
          const mark = Math.max(1, Math.round((entry * (10_000 + markOffsetBps)) / 10_000));
          if ((mark + 1) * qty > firstTier.maxNotional) return;
          const margin = initialMargin(entry, qty, leverage);
          const equity = margin + (side === 1 ? mark - entry : entry - mark) * qty;
          if (equity - tradingFee(mark, qty, firstTier.ratePpm) <= 2 * qty + 2) return;
          const liquidation = liquidationPrice(side, qty, entry, margin, tiers);
          expect(side === 1 ? mark <= liquidation : mark >= liquidation).toBe(false);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('keeps maintenance continuous across tiers', () => {
    for (let i = 0; i < tiers.length - 1; i++) {
      const edge = tiers[i]!.maxNotional;
      const below = maintenanceRate(edge, tiers);
      const above = maintenanceRate(edge + 1, tiers);
      const atEdge = (rate: { ratePpm: number; deduction: number }) =>
        (edge * rate.ratePpm) / 1_000_000 - rate.deduction;
      expect(Math.abs(atEdge(above) - atEdge(below))).toBeLessThanOrEqual(1);
    }
  });
});

describe('TriggerIndex', () => {
  it('pops exactly the triggers that fire, first-to-fire first, like a sorted list would', () => {
    const operation = fc.oneof(
      fc.record({
        type: fc.constant('set' as const),
        userId: fc.integer({ min: 1, max: 20 }),
        price: fc.integer({ min: 1, max: 50 }),
      }),
      fc.record({ type: fc.constant('delete' as const), userId: fc.integer({ min: 1, max: 20 }) }),
      fc.record({ type: fc.constant('pop' as const), mark: fc.integer({ min: 0, max: 51 }) }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom<'atOrAbove' | 'atOrBelow'>('atOrAbove', 'atOrBelow'),
        fc.array(operation, { maxLength: 80 }),
        (fires, operations) => {
          const index = new TriggerIndex(fires);
          const model = new Map<number, number>();
          for (const op of operations) {
            if (op.type === 'set') {
              index.set(op.userId, op.price);
              model.set(op.userId, op.price);
            } else if (op.type === 'delete') {
              index.delete(op.userId);
              model.delete(op.userId);
            } else {
              const firing = [...model]
                .filter(([, price]) => (fires === 'atOrAbove' ? op.mark >= price : op.mark <= price))
                .sort(([userA, a], [userB, b]) => (fires === 'atOrAbove' ? a - b : b - a) || userA - userB)
                .map(([userId]) => userId);
              expect(index.popFiring(op.mark)).toEqual(firing);
              for (const userId of firing) model.delete(userId);
            }
            expect(index.size).toBe(model.size);
          }
        },
      ),
    );
  });
});
