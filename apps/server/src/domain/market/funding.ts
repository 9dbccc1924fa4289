/**
 * Premium index and funding rate (PRODUCT.md §3), in integer parts per million (100 ppm = 0.01 %):
 *   premium  = (max(0, impact bid − index) − max(0, index − impact ask)) / index, sampled through the interval
 *   rate     = average premium + clamp(0.01 % − average premium, ±0.05 %), capped at ±0.75 %
 * The impact bid/ask is the average fill price of a market order of `impactNotional` against our book: a thin
 * quote cannot move funding on its own.
 */
import { divide, multiplyDivide, type MicroUsdt, type PriceTicks } from '@tickline/money';
import type { BookLevel, BookSnapshot } from './book.ts';

export const INTEREST_RATE_PPM = 100;
const PREMIUM_CLAMP_PPM = 500;
const FUNDING_RATE_CAP_PPM = 7_500;
const PPM = 1_000_000;

export function fundingRatePpm(averagePremiumPpm: number): number {
  const clampedInterest = clamp(INTEREST_RATE_PPM - averagePremiumPpm, -PREMIUM_CLAMP_PPM, PREMIUM_CLAMP_PPM);
  return clamp(averagePremiumPpm + clampedInterest, -FUNDING_RATE_CAP_PPM, FUNDING_RATE_CAP_PPM);
}

/** Settlements are aligned to multiples of the interval since the epoch (00:00, 08:00, 16:00 UTC for 8 h). */
export function nextFundingTimeMs(nowMs: number, intervalMs: number): number {
  return (Math.floor(nowMs / intervalMs) + 1) * intervalMs;
}

/**
 * Average fill price of buying (asks) or selling (bids) `notional` micro-USDT, rounded against the taker
 * (up for buys, down for sells); null when the book is too thin to fill it.
 */
export function impactPrice(
  levels: readonly BookLevel[],
  notional: MicroUsdt,
  side: 'buy' | 'sell',
): PriceTicks | null {
  let remaining = notional;
  let filledLots = 0;
  let spent = 0;
  for (const level of levels) {
    const levelNotional = level.price * level.qty; // ticks × lots = micro-USDT
    if (levelNotional >= remaining) {
      const lots = divide(remaining, level.price, 'ceil');
      filledLots += lots;
      spent += lots * level.price;
      remaining = 0;
      break;
    }
    filledLots += level.qty;
    spent += levelNotional;
    remaining -= levelNotional;
  }
  if (remaining > 0 || filledLots === 0) return null;
  return divide(spent, filledLots, side === 'buy' ? 'ceil' : 'floor');
}

/** One premium sample in ppm, or null when the book cannot give both impact prices. */
export function premiumSamplePpm(book: BookSnapshot, index: PriceTicks, impactNotional: MicroUsdt): number | null {
  const impactBid = impactPrice(book.bids, impactNotional, 'sell');
  const impactAsk = impactPrice(book.asks, impactNotional, 'buy');
  if (impactBid === null || impactAsk === null || index <= 0) return null;
  const premiumTicks = Math.max(0, impactBid - index) - Math.max(0, index - impactAsk);
  return multiplyDivide(premiumTicks, PPM, index, 'halfEven');
}

export interface FundingSettlement {
  /** The settlement time that closed the interval. */
  fundingTimeMs: number;
  ratePpm: number;
  averagePremiumPpm: number;
}

/**
 * Collects premium samples through one funding interval. `estimatedRatePpm` is what the header shows; when the
 * clock passes the settlement time the interval's final rate is returned once and a new interval starts.
 */
export class FundingTracker {
  private sumPpm = 0;
  private samples = 0;
  private fundingTimeMs: number;

  constructor(
    private readonly intervalMs: number,
    nowMs: number,
  ) {
    this.fundingTimeMs = nextFundingTimeMs(nowMs, intervalMs);
  }

  get nextFundingTimeMs(): number {
    return this.fundingTimeMs;
  }

  get averagePremiumPpm(): number {
    return this.samples === 0 ? 0 : divide(this.sumPpm, this.samples, 'halfEven');
  }

  get estimatedRatePpm(): number {
    return fundingRatePpm(this.averagePremiumPpm);
  }

  /** Closes the interval when `nowMs` reached its settlement time; returns the settled rate then. */
  advance(nowMs: number): FundingSettlement | null {
    if (nowMs < this.fundingTimeMs) return null;
    const settlement = {
      fundingTimeMs: this.fundingTimeMs,
      ratePpm: this.estimatedRatePpm,
      averagePremiumPpm: this.averagePremiumPpm,
    };
    this.sumPpm = 0;
    this.samples = 0;
    this.fundingTimeMs = nextFundingTimeMs(nowMs, this.intervalMs);
    return settlement;
  }

  addSample(premiumPpm: number): void {
    this.sumPpm += premiumPpm;
    this.samples += 1;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
