import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawLots,
  GRID_TICKS,
  gridOf,
  LEVELS_PER_SIDE,
  planLevels,
  planRequote,
  planTake,
  profileLots,
  TAKER_POSITION_LIMIT_LOTS,
  type Resting,
} from '../../src/demo-maker/ladder.ts';
import { SeededRandom } from '../../src/services/market/prng.ts';

const index = fc.integer({ min: 1_000_000, max: 20_000_000 });
const offset = fc.option(fc.integer({ min: -5_000, max: 5_000 }));

describe('demo maker ladder', () => {
  it('quotes every level on each side, one grid step wide at the touch, the last trade inside', () => {
    fc.assert(
      fc.property(index, offset, (at, away) => {
        const last = away === null ? null : at + away;
        const levels = planLevels(at, last);
        const bids = levels.filter((l) => l.side === 1).map((l) => l.price);
        const asks = levels.filter((l) => l.side === 2).map((l) => l.price);
        expect(bids).toHaveLength(LEVELS_PER_SIDE);
        expect(asks).toHaveLength(LEVELS_PER_SIDE);
        expect(asks[0]! - bids[0]!).toBe(GRID_TICKS);
        if (last !== null) {
          expect(bids[0]!).toBeLessThanOrEqual(last);
          expect(asks[0]!).toBeGreaterThanOrEqual(last);
        } else expect(Math.abs(bids[0]! - at)).toBeLessThan(GRID_TICKS);
        for (let k = 1; k < LEVELS_PER_SIDE; k += 1) {
          expect(bids[k]!).toBeLessThan(bids[k - 1]!);
          expect(asks[k]!).toBeGreaterThan(asks[k - 1]!);
          expect(bids[k]! % gridOf(k + 1)).toBe(0);
          expect(asks[k]! % gridOf(k + 1)).toBe(0);
        }
      }),
    );
  });

  it('keeps the deep book where it is when the index moves a little', () => {
    fc.assert(
      fc.property(index, fc.integer({ min: -30, max: 30 }), (at, move) => {
        const before = new Set(planLevels(at, null).map((l) => `${l.side}:${l.price}`));
        const after = planLevels(at + move, null).filter((l) => !before.has(`${l.side}:${l.price}`));
        // Levels on the touch's fine grid follow it; a coarser zone shifts by at most one step: one new level at its
        // end, per side.
        expect(after.filter((level) => level.level > 15).length).toBeLessThanOrEqual(6);
        expect(after.length).toBeLessThanOrEqual(2 * (Math.ceil(Math.abs(move) / GRID_TICKS) + 1) + 6);
      }),
    );
  });

  it('sizes grow away from the touch and stay within their draw', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LEVELS_PER_SIDE }), fc.integer(), (level, seed) => {
        const lots = drawLots(level, new SeededRandom(seed));
        expect(lots).toBeGreaterThanOrEqual(Math.round(profileLots(level) * 0.5));
        expect(lots).toBeLessThanOrEqual(Math.round(profileLots(level) * 1.5 * 3));
        if (level > 1) expect(profileLots(level)).toBeGreaterThan(profileLots(level - 1));
      }),
    );
  });

  it('requotes within its budget, cancelling crossing orders first and never cancelling a wanted healthy level', () => {
    fc.assert(
      fc.property(
        index,
        fc.integer({ min: -2_000, max: 2_000 }),
        fc.integer({ min: 1, max: 30 }),
        (at, move, budget) => {
          const old = planLevels(at, null);
          const resting: Resting[] = old.map((l, i) => ({
            orderId: String(i),
            side: l.side,
            price: l.price,
            qty: profileLots(l.level),
          }));
          const planned = planLevels(at + move, null);
          const plan = planRequote(resting, planned, budget);
          const bestBid = planned[0]!.price;
          const bestAsk = planned[1]!.price;
          const crossing = resting.filter((o) => (o.side === 1 ? o.price >= bestAsk : o.price <= bestBid));
          expect(plan.cancel.slice(0, crossing.length).sort()).toEqual(crossing.map((o) => o.orderId).sort());
          expect(plan.cancel.length + plan.place.length).toBeLessThanOrEqual(Math.max(budget, crossing.length));
          const wanted = new Set(planned.map((l) => `${l.side}:${l.price}`));
          for (const id of plan.cancel)
            expect(wanted.has(`${resting[Number(id)]!.side}:${resting[Number(id)]!.price}`)).toBe(false);
          for (const level of plan.place)
            expect(resting.some((o) => o.side === level.side && o.price === level.price)).toBe(false);
        },
      ),
    );
  });

  it('refills a level eaten below a quarter of its profile', () => {
    const planned = planLevels(6_700_000, null);
    const touch = planned[0]!;
    const plan = planRequote([{ orderId: 'x', side: touch.side, price: touch.price, qty: 1 }], planned, 4);
    expect(plan.cancel).toEqual(['x']);
    expect(plan.place.some((l) => l.side === touch.side && l.price === touch.price)).toBe(true);
  });

  it('takes back toward flat beyond its position limit', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(1 as const, 2 as const), (seed, side) => {
        const take = planTake(
          6_700_000,
          6_700_500,
          { side, qty: TAKER_POSITION_LIMIT_LOTS + 1 },
          new SeededRandom(seed),
        );
        expect(take.side).toBe(side === 1 ? 2 : 1);
        expect(take.qty).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
