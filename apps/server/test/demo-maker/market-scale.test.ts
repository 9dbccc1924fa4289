import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BTC_LADDER,
  drawLots,
  gridOf,
  LEVELS_PER_SIDE,
  planLevels,
  planTake,
  scaleFor,
  type MarketRules,
} from '../../src/demo-maker/ladder.ts';
import { takeInTurns } from '../../src/demo-maker/turns.ts';
import { SeededRandom } from '../../src/services/market/prng.ts';

// Prices from 0.10 USDT to 200,000 USDT (ticks of 0.01), with ticks and lot steps a market may have.
const price = fc.integer({ min: 10, max: 20_000_000 });
const rules: fc.Arbitrary<MarketRules> = fc.record({
  tickTicks: fc.constantFrom(1, 2, 5, 10, 100),
  lotLots: fc.constantFrom(1, 10, 100, 1_000),
  maxLots: fc.integer({ min: 1_000, max: 100_000_000 }),
});

describe('the demo maker in every market (#34)', () => {
  it('quotes BTC on the 0.1 USDT grid with BTC’s sizes above 50,000 and up to 100,000 USDT', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5_000_001, max: 10_000_000 }), (at) => {
        const scale = scaleFor(at, { tickTicks: 1, lotLots: 1, maxLots: 1_000_000 });
        expect(scale.gridTicks).toBe(BTC_LADDER.gridTicks);
        expect(scale.touchLots).toBeGreaterThanOrEqual(BTC_LADDER.touchLots);
        expect(scale.touchLots).toBeLessThanOrEqual(2 * BTC_LADDER.touchLots);
      }),
    );
  });

  it('puts every level on the market’s tick grid and every size on its lot grid, within its largest order', () => {
    fc.assert(
      fc.property(price, rules, fc.integer(), (at, market, seed) => {
        const scale = scaleFor(at, market);
        expect(scale.gridTicks % market.tickTicks).toBe(0);
        const levels = planLevels(at, null, LEVELS_PER_SIDE, scale);
        for (const level of levels) {
          expect(level.price % market.tickTicks).toBe(0);
          expect(level.price % gridOf(level.level, scale.gridTicks)).toBe(0);
        }
        const random = new SeededRandom(seed);
        for (const level of [1, 30, LEVELS_PER_SIDE]) {
          const lots = drawLots(level, random, scale);
          expect(lots % market.lotLots).toBe(0);
          expect(lots).toBeGreaterThanOrEqual(market.lotLots);
          expect(lots).toBeLessThanOrEqual(Math.max(market.lotLots, market.maxLots));
        }
        const take = planTake(at, at + 5 * scale.gridTicks, null, random, scale);
        expect(take.qty % market.lotLots).toBe(0);
        expect(take.qty).toBeLessThanOrEqual(Math.max(market.lotLots, market.maxLots));
      }),
    );
  });

  it('quotes the same notional at the touch in every market', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 20_000_000 }), (at) => {
        const scale = scaleFor(at, { tickTicks: 1, lotLots: 1, maxLots: Number.MAX_SAFE_INTEGER });
        // 0.2 BTC at 100,000 USDT = 20,000 USDT, within one lot's worth of rounding.
        const notionalTicks = scale.touchLots * at;
        expect(notionalTicks).toBeLessThanOrEqual(BTC_LADDER.touchLots * 10_000_000);
        expect(notionalTicks).toBeGreaterThan(BTC_LADDER.touchLots * 10_000_000 - at);
      }),
    );
  });

  it('shares a budget in turns, each queue in its own order, none more than one ahead of another', () => {
    const queues = fc.array(fc.array(fc.integer(), { maxLength: 20 }), { maxLength: 4 });
    fc.assert(
      fc.property(queues, fc.integer({ min: 0, max: 40 }), (lists, budget) => {
        const tagged = lists.map((list, q) => list.map((value, at) => ({ q, at, value })));
        const taken = takeInTurns(tagged, budget);
        const total = lists.reduce((sum, list) => sum + list.length, 0);
        expect(taken).toHaveLength(Math.min(budget, total));
        const counts = tagged.map((_, q) => taken.filter((item) => item.q === q));
        for (const mine of counts) mine.forEach((item, k) => expect(item.at).toBe(k));
        // A queue with items left was never passed over by more than one turn.
        for (const [q, mine] of counts.entries())
          if (mine.length < lists[q]!.length)
            for (const other of counts) expect(other.length).toBeLessThanOrEqual(mine.length + 1);
      }),
    );
  });
});
