import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableFutures, liveOutcome, payoutOf, ROUND_MS, roundClock } from './round.ts';

// The server's rules as it serves them by default (GET /server/config).
const CUTOFF_MS = 5_000;
const PAYOUT_BPS = 9_500;

const MINUTE = Date.UTC(2026, 10, 24, 9, 30);

describe('roundClock', () => {
  it('counts 60 down to 1 within a minute and closes entry for the last 5 s', () => {
    expect(roundClock(MINUTE, CUTOFF_MS)).toMatchObject({
      roundStartMs: MINUTE,
      secondsLeft: 60,
      closed: false,
      elapsedBps: 0,
    });
    expect(roundClock(MINUTE + 800, CUTOFF_MS)).toMatchObject({ secondsLeft: 60, closed: false });
    expect(roundClock(MINUTE + 54_999, CUTOFF_MS)).toMatchObject({ secondsLeft: 6, closed: false });
    expect(roundClock(MINUTE + 55_000, CUTOFF_MS)).toMatchObject({ secondsLeft: 5, closed: true });
    expect(roundClock(MINUTE + 59_999, CUTOFF_MS)).toMatchObject({
      secondsLeft: 1,
      closed: true,
      expireAtMs: MINUTE + ROUND_MS,
    });
  });

  it('closes at the server’s cut-off, whatever it is', () => {
    expect(roundClock(MINUTE + 50_000, 10_000)).toMatchObject({ closed: true });
    expect(roundClock(MINUTE + 49_999, 10_000)).toMatchObject({ closed: false });
  });

  it('always lies inside its round, closed exactly in the cutoff', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (now) => {
        const clock = roundClock(now, CUTOFF_MS);
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
  it('pays stake × 1.95 at 9,500 bps, winnings rounded down, and follows the server’s rate', () => {
    expect(payoutOf(10_000_000, 8_000)).toBe(18_000_000);
    expect(payoutOf(10_000_000, PAYOUT_BPS)).toBe(19_500_000);
    expect(payoutOf(1, PAYOUT_BPS)).toBe(1);
    expect(payoutOf(3, PAYOUT_BPS)).toBe(5);
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
    expect(liveOutcome({ betType: 1, openPrice: 100, stake: 1_000 }, 101, PAYOUT_BPS)).toEqual({
      state: 'winning',
      pnl: 950,
    });
    expect(liveOutcome({ betType: 1, openPrice: 100, stake: 1_000 }, 99, PAYOUT_BPS)).toEqual({
      state: 'losing',
      pnl: -1_000,
    });
    expect(liveOutcome({ betType: 2, openPrice: 100, stake: 1_000 }, 99, PAYOUT_BPS)).toEqual({
      state: 'winning',
      pnl: 950,
    });
    expect(liveOutcome({ betType: 2, openPrice: 100, stake: 1_000 }, 100, PAYOUT_BPS)).toEqual({
      state: 'even',
      pnl: 0,
    });
  });
  it('a long and a short on the same price never both win', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 9 }), fc.integer({ min: 1, max: 10 ** 9 }), (open, index) => {
        const long = liveOutcome({ betType: 1, openPrice: open, stake: 100 }, index, PAYOUT_BPS).state;
        const short = liveOutcome({ betType: 2, openPrice: open, stake: 100 }, index, PAYOUT_BPS).state;
        expect(long === 'winning' && short === 'winning').toBe(false);
        expect(long === 'even').toBe(short === 'even');
      }),
    );
  });
});
