import { describe, expect, it } from 'vitest';
import { PriceRules } from '../../src/domain/market/price-rules.ts';

// The market's price rules without a market service around them: quotes, a book and the time in, prices out.

const HOUR = 60 * 60 * 1000;
/** 100,000.00 USDT with 8 decimals (a source's price), and in ticks (0.01 USDT). */
const PRICE8 = 100_000 * 10 ** 8;
const TICKS = 100_000 * 100;

describe('price rules', () => {
  it('takes the index as the median of the fresh quotes and keeps it while the sources are silent', () => {
    const rules = new PriceRules(8 * HOUR, 0);
    const quotes = [
      { source: 'a', price: PRICE8, updatedAtMs: 900 },
      { source: 'b', price: PRICE8 + 2 * 10 ** 6, updatedAtMs: 950 },
      { source: 'c', price: PRICE8 + 4 * 10 ** 6, updatedAtMs: 990 },
    ];
    expect(rules.observeIndex(quotes, 1_000)).toBe(TICKS + 2);
    expect(rules.index).toEqual({ price: TICKS + 2, updatedAtMs: 1_000 });
    expect(rules.indexQuotedAtMs).toBe(990);
    expect(rules.indexSources.map((quote) => quote.price)).toEqual([TICKS, TICKS + 2, TICKS + 4]);
    expect(rules.observeIndex([], 2_000)).toBeNull();
    expect(rules.index).toEqual({ price: TICKS + 2, updatedAtMs: 1_000 });
  });

  it('marks at the index plus the funding basis with an empty book, and settles funding once per interval', () => {
    const rules = new PriceRules(8 * HOUR, 0);
    rules.observeIndex([{ source: 'a', price: PRICE8, updatedAtMs: 0 }], 0);
    rules.sampleBook({ bids: [], asks: [] }, TICKS, 25_000 * 10 ** 6, 0);
    expect(rules.updateMark(TICKS, null, 0)).toBeGreaterThanOrEqual(TICKS);
    expect(rules.advanceFunding(HOUR)).toBeNull();
    const settlement = rules.advanceFunding(8 * HOUR);
    expect(settlement).toMatchObject({ fundingTimeMs: 8 * HOUR });
    expect(rules.advanceFunding(8 * HOUR + 1)).toBeNull();
    // Just after the settlement time, the rate to settle is the closed interval's.
    expect(rules.fundingRatePpm(8 * HOUR + 1_000)).toBe(settlement!.ratePpm);
    expect(rules.nextFundingTimeMs).toBe(16 * HOUR);
  });
});
