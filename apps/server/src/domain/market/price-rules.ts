/**
 * The market's price rules, pure: the index (median of the sources' fresh quotes), the funding estimate and its
 * settlements (premium samples of the book against the index), and the mark price (index plus the funding basis,
 * bounded by the moving basis and the last trade). No clock and no I/O: the market service (services/market) feeds it
 * quotes, the book and the time on every tick and serves what it computed.
 */
import type { MicroUsdt, PriceTicks } from '@tickline/money';
import type { BookSnapshot, IndexQuote } from './book.ts';
import { FundingTracker, premiumSamplePpm, type FundingSettlement } from './funding.ts';
import { markPrice, MovingBasis } from './mark-price.ts';
import { medianInteger, price8ToTicks, type Price8 } from './units.ts';

const PREMIUM_SAMPLE_INTERVAL_MS = 5_000;
/** Just after a settlement time, the rate to settle is the one that interval closed with, for this long. */
const FUNDING_SETTLEMENT_GRACE_MS = 30_000;

/** One source's quote as the rules read it. */
export interface SourcePrice {
  source: string;
  price: Price8;
  updatedAtMs: number;
}

export class PriceRules {
  private readonly movingBasis = new MovingBasis(60_000);
  private funding: FundingTracker;
  private lastSettlement: FundingSettlement | null = null;
  private lastPremiumSampleMs = 0;
  private indexState: { price: PriceTicks; updatedAtMs: number } | null = null;
  /** The quotes of the newest fresh index (kept while the sources are silent, like indexQuotedAtMs). */
  private sources: readonly IndexQuote[] = [];
  /** The newest fresh BTCUSDT quote's time, kept while the sources are silent. */
  private quotedAtMs = 0;
  private mark: PriceTicks | null = null;

  constructor(
    private readonly fundingIntervalMs: number,
    nowMs: number,
  ) {
    this.funding = new FundingTracker(fundingIntervalMs, nowMs);
  }

  /** Funding intervals counted from `nowMs` (the market starts). */
  restart(nowMs: number): void {
    this.funding = new FundingTracker(this.fundingIntervalMs, nowMs);
  }

  get index(): { price: PriceTicks; updatedAtMs: number } | null {
    return this.indexState;
  }

  get indexSources(): readonly IndexQuote[] {
    return this.sources;
  }

  get indexQuotedAtMs(): number {
    return this.quotedAtMs;
  }

  get markPrice(): PriceTicks | null {
    return this.mark;
  }

  get estimatedFundingRatePpm(): number {
    return this.funding.estimatedRatePpm;
  }

  get nextFundingTimeMs(): number {
    return this.funding.nextFundingTimeMs;
  }

  /**
   * The index from the sources' fresh quotes (their median, in ticks); none fresh: the index stays as it was and
   * null is answered.
   */
  observeIndex(fresh: readonly SourcePrice[], nowMs: number): PriceTicks | null {
    if (fresh.length === 0) return null;
    for (const quote of fresh) this.quotedAtMs = Math.max(this.quotedAtMs, quote.updatedAtMs);
    this.sources = fresh.map(({ source, price, updatedAtMs }) => ({
      source,
      price: price8ToTicks(price),
      quotedAtMs: updatedAtMs,
    }));
    const price = price8ToTicks(medianInteger(fresh.map((quote) => quote.price))!);
    if (this.indexState?.price !== price) this.indexState = { price, updatedAtMs: nowMs };
    return price;
  }

  /** The interval that ended by `nowMs`, settled with its final rate (once), or null. */
  advanceFunding(nowMs: number): FundingSettlement | null {
    const settlement = this.funding.advance(nowMs);
    if (settlement) this.lastSettlement = settlement;
    return settlement;
  }

  /** The book against the index: the moving basis every tick, a premium sample every 5 s. */
  sampleBook(book: BookSnapshot, index: PriceTicks, impactNotional: MicroUsdt, nowMs: number): void {
    const bestBid = book.bids[0];
    const bestAsk = book.asks[0];
    if (bestBid && bestAsk) this.movingBasis.add(nowMs, bestBid.price, bestAsk.price, index);
    if (nowMs - this.lastPremiumSampleMs < PREMIUM_SAMPLE_INTERVAL_MS) return;
    this.lastPremiumSampleMs = nowMs;
    const sample = premiumSamplePpm(book, index, impactNotional);
    if (sample !== null) this.funding.addSample(sample);
  }

  /** The mark price now, from the index, the funding basis, the moving basis and the last trade. */
  updateMark(index: PriceTicks, lastTradePrice: PriceTicks | null, nowMs: number): PriceTicks {
    this.mark = markPrice({
      index,
      fundingRatePpm: this.funding.estimatedRatePpm,
      timeLeftMs: this.funding.nextFundingTimeMs - nowMs,
      intervalMs: this.fundingIntervalMs,
      movingBasis: this.movingBasis.value(nowMs),
      lastTradePrice,
    });
    return this.mark;
  }

  /**
   * The rate to settle now: the estimate of the running interval, except just after a settlement time, when it is
   * the rate that interval closed with (a settlement job whose timer fires a little after our tick reads the right
   * one).
   */
  fundingRatePpm(nowMs: number): number {
    const last = this.lastSettlement;
    const graceMs = Math.min(FUNDING_SETTLEMENT_GRACE_MS, this.fundingIntervalMs / 2);
    if (last && nowMs - last.fundingTimeMs < graceMs) return last.ratePpm;
    return this.funding.estimatedRatePpm;
  }
}
