/**
 * Mark price (PRODUCT.md §2): the median of
 *   1. index × (1 + funding rate × time left in the interval / interval)   — the funding basis,
 *   2. index + moving average of (mid price − index) over the last minute   — needs our order book,
 *   3. the last traded price                                                — needs our trades.
 * Only the available inputs take part: with the index alone the mark is input 1; with two inputs it is their
 * mean (the median of two). All integers (price ticks); roundings half-to-even, as no side is favoured.
 */
import { divide, multiplyDivide, type PriceTicks } from '@tickline/money';
import { medianInteger } from './units.ts';

const PPM = 1_000_000;

export function fundingBasisPrice(
  index: PriceTicks,
  fundingRatePpm: number,
  timeLeftMs: number,
  intervalMs: number,
): PriceTicks {
  return index + multiplyDivide(index * fundingRatePpm, Math.max(0, timeLeftMs), PPM * intervalMs, 'halfEven');
}

export interface MarkPriceInputs {
  index: PriceTicks;
  fundingRatePpm: number;
  timeLeftMs: number;
  intervalMs: number;
  /** Average (mid − index) over the last minute, in ticks; null without an order book. */
  movingBasis: PriceTicks | null;
  lastTradePrice: PriceTicks | null;
}

export function markPrice(inputs: MarkPriceInputs): PriceTicks {
  const candidates = [fundingBasisPrice(inputs.index, inputs.fundingRatePpm, inputs.timeLeftMs, inputs.intervalMs)];
  if (inputs.movingBasis !== null) candidates.push(inputs.index + inputs.movingBasis);
  if (inputs.lastTradePrice !== null) candidates.push(inputs.lastTradePrice);
  return medianInteger(candidates)!;
}

/** Moving average of the basis (mid − index) over a time window, kept in half-ticks so a mid of x.5 stays exact. */
export class MovingBasis {
  private readonly samples: Array<{ timeMs: number; basisHalfTicks: number }> = [];
  private sumHalfTicks = 0;

  constructor(private readonly windowMs = 60_000) {}

  add(timeMs: number, bestBid: PriceTicks, bestAsk: PriceTicks, index: PriceTicks): void {
    const basisHalfTicks = bestBid + bestAsk - 2 * index;
    this.samples.push({ timeMs, basisHalfTicks });
    this.sumHalfTicks += basisHalfTicks;
    this.expire(timeMs);
  }

  /** The average in ticks, or null without samples in the window. */
  value(nowMs: number): PriceTicks | null {
    this.expire(nowMs);
    if (this.samples.length === 0) return null;
    return divide(this.sumHalfTicks, 2 * this.samples.length, 'halfEven');
  }

  private expire(nowMs: number): void {
    while (this.samples.length > 0 && this.samples[0]!.timeMs <= nowMs - this.windowMs) {
      this.sumHalfTicks -= this.samples.shift()!.basisHalfTicks;
    }
  }
}
