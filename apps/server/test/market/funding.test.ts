import { describe, expect, it } from 'vitest';
import {
  FundingTracker,
  fundingRatePpm,
  impactPrice,
  nextFundingTimeMs,
  premiumSamplePpm,
} from '../../src/domain/market/funding.ts';
import { fundingBasisPrice, markPrice, MovingBasis } from '../../src/domain/market/mark-price.ts';

const HOUR_MS = 3_600_000;
const level = (price: number, qty: number) => ({ price, qty });

describe('funding rate', () => {
  it('is the interest rate when the premium is zero or small', () => {
    expect(fundingRatePpm(0)).toBe(100);
    expect(fundingRatePpm(300)).toBe(100);
    expect(fundingRatePpm(-400)).toBe(100);
  });

  it('follows the premium beyond the ±0.05 % clamp', () => {
    expect(fundingRatePpm(1_000)).toBe(500);
    expect(fundingRatePpm(-1_000)).toBe(-500);
  });

  it('is capped at ±0.75 %', () => {
    expect(fundingRatePpm(20_000)).toBe(7_500);
    expect(fundingRatePpm(-20_000)).toBe(-7_500);
  });

  it('settles at multiples of the interval since the epoch', () => {
    const eightHours = 8 * HOUR_MS;
    expect(nextFundingTimeMs(Date.UTC(2026, 0, 1, 7, 59), eightHours)).toBe(Date.UTC(2026, 0, 1, 8));
    expect(nextFundingTimeMs(Date.UTC(2026, 0, 1, 8), eightHours)).toBe(Date.UTC(2026, 0, 1, 16));
    expect(nextFundingTimeMs(90_500, 60_000)).toBe(120_000);
  });
});

describe('premium index', () => {
  const book = {
    // about 500 USDT at the best level of each side, 1,000 USDT behind it
    bids: [level(100_000, 5_000), level(99_900, 10_000)],
    asks: [level(100_100, 5_000), level(100_200, 10_000)],
  };

  it('walks the book to the impact notional, rounding against the taker', () => {
    expect(impactPrice(book.asks, 500 * 1e6, 'buy')).toBe(100_100);
    // 1,000 USDT: 500.5 at 1,001.00 and 499.5 at 1,002.00 → 1,001.4999... rounded up for a buyer
    expect(impactPrice(book.asks, 1_000 * 1e6, 'buy')).toBe(100_150);
    // 500 at 1,000.00 and 500 at 999.00 → 999.4947... rounded down for a seller
    expect(impactPrice(book.bids, 1_000 * 1e6, 'sell')).toBe(99_949);
    expect(impactPrice(book.bids, 10_000 * 1e6, 'sell')).toBeNull();
  });

  it('is zero while the index lies between the impact prices, signed outside', () => {
    expect(premiumSamplePpm(book, 100_050, 500 * 1e6)).toBe(0);
    // impact ask 1,001.00 below an index of 1,002.00: −0.0998 %
    expect(premiumSamplePpm(book, 100_200, 500 * 1e6)).toBe(-998);
    expect(premiumSamplePpm(book, 99_900, 500 * 1e6)).toBe(1_001);
    expect(premiumSamplePpm({ bids: [], asks: book.asks }, 100_000, 500 * 1e6)).toBeNull();
  });

  it('averages the samples of an interval and starts afresh after its settlement', () => {
    const tracker = new FundingTracker(60_000, 0);
    expect(tracker.nextFundingTimeMs).toBe(60_000);
    tracker.addSample(1_000);
    tracker.addSample(2_000);
    expect(tracker.averagePremiumPpm).toBe(1_500);
    expect(tracker.estimatedRatePpm).toBe(1_000);
    expect(tracker.advance(59_999)).toBeNull();
    expect(tracker.advance(60_000)).toEqual({ fundingTimeMs: 60_000, ratePpm: 1_000, averagePremiumPpm: 1_500 });
    expect(tracker.nextFundingTimeMs).toBe(120_000);
    expect(tracker.estimatedRatePpm).toBe(100);
  });
});

describe('mark price', () => {
  const base = { index: 6_700_000, fundingRatePpm: 100, timeLeftMs: 4 * HOUR_MS, intervalMs: 8 * HOUR_MS };

  it('adds the funding still to pay to the index', () => {
    // 67,000 × 0.01 % × 4/8 = 3.35
    expect(fundingBasisPrice(6_700_000, 100, 4 * HOUR_MS, 8 * HOUR_MS)).toBe(6_700_335);
    expect(fundingBasisPrice(6_700_000, -500, 8 * HOUR_MS, 8 * HOUR_MS)).toBe(6_696_650);
  });

  it('falls back to the funding basis with the index alone', () => {
    expect(markPrice({ ...base, movingBasis: null, lastTradePrice: null })).toBe(6_700_335);
  });

  it('takes the mean of two inputs and the median of three', () => {
    expect(markPrice({ ...base, movingBasis: null, lastTradePrice: 6_700_735 })).toBe(6_700_535);
    expect(markPrice({ ...base, movingBasis: 200, lastTradePrice: 6_800_000 })).toBe(6_700_335);
    // A last trade far away cannot move the mark on its own.
    expect(markPrice({ ...base, movingBasis: -50, lastTradePrice: 1 })).toBe(6_699_950);
  });

  it('averages the basis of the last minute only', () => {
    const basis = new MovingBasis(60_000);
    expect(basis.value(0)).toBeNull();
    basis.add(0, 100, 103, 100); // mid 101.5 → +1.5
    basis.add(30_000, 100, 102, 100); // mid 101 → +1
    expect(basis.value(30_000)).toBe(1); // 1.25 → 1 (half-even on half-ticks: 5/4)
    expect(basis.value(60_000)).toBe(1);
    expect(basis.value(90_000)).toBeNull();
  });
});
