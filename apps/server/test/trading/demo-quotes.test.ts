import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS_PER_SIDE, planLadder, planTake, stepTicks } from '../../src/app/demo/quotes.ts';
import { SeededRandom } from '../../src/services/market/prng.ts';

// #28 item 6: the demo maker's ladder always has the last trade inside its spread, never crosses itself, and the
// taker leans toward the index.
describe('demo quotes', () => {
  const prices = fc.integer({ min: 100_000, max: 50_000_000 }); // 1,000.00 to 500,000.00 USDT

  it('puts the last trade between best bid and best ask, whatever the index did', () => {
    fc.assert(
      fc.property(prices, fc.integer({ min: -300, max: 300 }), fc.integer(), (index, moveBps, seed) => {
        const last = Math.max(1, Math.round(index * (1 + moveBps / 10_000)));
        const quotes = planLadder(index, last, new SeededRandom(seed));
        const bids = quotes.filter((q) => q.side === 1).map((q) => q.price);
        const asks = quotes.filter((q) => q.side === 2).map((q) => q.price);
        expect(bids).toHaveLength(LEVELS_PER_SIDE);
        expect(asks).toHaveLength(LEVELS_PER_SIDE);
        expect(Math.max(...bids)).toBeLessThanOrEqual(last);
        expect(Math.min(...asks)).toBeGreaterThanOrEqual(last);
        expect(Math.max(...bids)).toBeLessThan(Math.min(...asks));
        for (const quote of quotes) expect(quote.qty).toBeGreaterThan(0);
      }),
    );
  });

  it('centres on the index when the last trade allows it, and before any trade', () => {
    fc.assert(
      fc.property(prices, fc.integer(), (index, seed) => {
        const step = stepTicks(index);
        for (const last of [null, index, index - step, index + step]) {
          const quotes = planLadder(index, last, new SeededRandom(seed));
          expect(Math.max(...quotes.filter((q) => q.side === 1).map((q) => q.price))).toBe(index - step);
          expect(Math.min(...quotes.filter((q) => q.side === 2).map((q) => q.price))).toBe(index + step);
        }
      }),
    );
  });

  it('sends the taker toward the index most of the time, and back toward flat beyond its limit', () => {
    const random = new SeededRandom(5);
    const index = 6_700_000;
    let towardIndex = 0;
    for (let i = 0; i < 1_000; i += 1) if (planTake(index, index - 5_000, null, random).side === 1) towardIndex += 1;
    expect(towardIndex).toBeGreaterThan(800);
    const long = { side: 1 as const, qty: 200_000 };
    for (let i = 0; i < 100; i += 1) expect(planTake(index, index - 5_000, long, random).side).toBe(2);
  });
});
