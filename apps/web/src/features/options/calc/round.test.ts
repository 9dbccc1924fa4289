import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableFutures, CUTOFF_MS, liveOutcome, payoutOf, ROUND_MS, roundClock } from './round.ts';

const MINUTE = Date.UTC(2026, 10, 24, 9, 30);

describe('roundClock', () => {
  it('counts 60 down to 1 within a minute and closes entry for the last 5 s', () => {
    expect(roundClock(MINUTE)).toMatchObject({ roundStartMs: MINUTE, secondsLeft: 60, closed: false, elapsedBps: 0 });
    expect(roundClock(MINUTE + 800)).toMatchObject({ secondsLeft: 60, closed: false });
    expect(roundClock(MINUTE + 54_999)).toMatchObject({ secondsLeft: 6, closed: false });
    expect(roundClock(MINUTE + 55_000)).toMatchObject({ secondsLeft: 5, closed: true });
    expect(roundClock(MINUTE + 59_999)).toMatchObject({ secondsLeft: 1, closed: true, expireAtMs: MINUTE + ROUND_MS });
  });

  it('always lies inside its round, closed exactly in the cutoff', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (now) => {
        const clock = roundClock(now);
        expect(clock.roundStartMs).toBeLessThanOrEqual(now);
        expect(now).toBeLessThan(clock.expireAtMs);
        expect(clock.secondsLeft).toBeGreaterThanOrEqual(1);
        expect(clock.secondsLeft).toBeLessThanOrEqual(60);
        expect(clock.closed).toBe(clock.expireAtMs - now <= CUTOFF_MS);
        expect(clock.elapsedBps).toBeGreaterThanOrEqual(0);
        expect(clock.elapsedBps).toBeLessThan(10_000);
      }),
    );
  });
});

describe('payoutOf', () => {
  it('pays stake × 1.95, winnings rounded down', () => {
    expect(payoutOf(10_000_000)).toBe(19_500_000);
    expect(payoutOf(1)).toBe(1);
    expect(payoutOf(3)).toBe(5);
  });
});

describe('availableFutures (seed 001 §5)', () => {
  const balance = { usdtm: 1_000, using: 100, longWaiting: 50, shortWaiting: 80 };
  it('takes the side of the position, or the larger waiting amount without one', () => {
    expect(availableFutures(balance, 1)).toBe(850);
    expect(availableFutures(balance, 2)).toBe(820);
    expect(availableFutures(balance, null)).toBe(820);
  });
  it('is never negative', () => {
    expect(availableFutures({ usdtm: 10, using: 20, longWaiting: 0, shortWaiting: 0 }, null)).toBe(0);
  });
});

describe('liveOutcome', () => {
  it('wins a long above its open price and a short below, refunds at equal', () => {
    expect(liveOutcome({ betType: 1, openPrice: 100, stake: 1_000 }, 101)).toEqual({ state: 'winning', pnl: 950 });
    expect(liveOutcome({ betType: 1, openPrice: 100, stake: 1_000 }, 99)).toEqual({ state: 'losing', pnl: -1_000 });
    expect(liveOutcome({ betType: 2, openPrice: 100, stake: 1_000 }, 99)).toEqual({ state: 'winning', pnl: 950 });
    expect(liveOutcome({ betType: 2, openPrice: 100, stake: 1_000 }, 100)).toEqual({ state: 'even', pnl: 0 });
  });
  it('a long and a short on the same price never both win', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 9 }), (open, index) => {
        const long = liveOutcome({ betType: 1, openPrice: open, stake: 100 }, index).state;
        const short = liveOutcome({ betType: 2, openPrice: open, stake: 100 }, index).state;
        expect(long === 'winning' && short === 'winning').toBe(false);
        expect(long === 'even').toBe(short === 'even');
      }),
    );
  });
});
