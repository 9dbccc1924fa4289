import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BOOK_LEVELS, groupLevels, groupTicks, ownOrderPrices, spreadTicks } from './book.ts';

describe('groupLevels', () => {
  const asks: [number, number][] = [
    [100.01, 1],
    [100.05, 2],
    [100.1, 0.5],
    [100.11, 0.25],
  ];
  const bids: [number, number][] = [
    [99.99, 1],
    [99.95, 2],
    [99.9, 0.5],
  ];

  it('rounds asks up and bids down to the precision', () => {
    const a = groupLevels(asks, 'ask', '0.1');
    expect(a.map((row) => [row.price, row.qty])).toEqual([
      [100_10, 3_5000],
      [100_20, 2500],
    ]);
    const b = groupLevels(bids, 'bid', '0.1');
    expect(b.map((row) => [row.price, row.qty])).toEqual([[99_90, 3_5000]]);
  });

  it('keeps raw levels at 0.01 and 0.001', () => {
    expect(groupLevels(asks, 'ask', '0.01')).toHaveLength(4);
    expect(groupTicks('0.001')).toBe(1);
  });

  it('total is price × quantity and cumulative runs from the best price', () => {
    const [first, second] = groupLevels(asks, 'ask', '0.01');
    expect(first!.total).toBe(100_01 * 1_0000);
    expect(second!.cumulative).toBe(3_0000);
  });

  it('never returns more than 10 rows, preserves quantity of kept rows and is sorted best first', () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 1_000_000 }));
    fc.assert(
      fc.property(fc.array(level, { maxLength: 60 }), fc.constantFrom('0.1', '0.01', '0.001'), (raw, precision) => {
        const unique = [...new Map(raw.map(([p, q]) => [p, q])).entries()].sort((x, y) => x[0] - y[0]);
        const levels = unique.map(([p, q]) => [p / 100, q / 10_000] as [number, number]);
        const rows = groupLevels(levels, 'ask', precision as '0.1');
        expect(rows.length).toBeLessThanOrEqual(BOOK_LEVELS);
        for (let i = 1; i < rows.length; i++) expect(rows[i]!.price).toBeGreaterThan(rows[i - 1]!.price);
        const step = groupTicks(precision as '0.1');
        for (const row of rows) {
          expect(row.price % step).toBe(0);
          const members = unique.filter(([p]) => Math.ceil(p / step) * step === row.price);
          expect(row.qty).toBe(members.reduce((sum, [, q]) => sum + q, 0));
        }
      }),
    );
  });
});

describe('spread and own orders', () => {
  it('spread is best ask − best bid', () => {
    const asks = groupLevels([[100.5, 1]], 'ask', '0.01');
    const bids = groupLevels([[100.2, 1]], 'bid', '0.01');
    expect(spreadTicks(asks, bids)).toBe(30);
    expect(spreadTicks([], bids)).toBeNull();
  });
  it('marks own orders at the grouped price of their side', () => {
    const marks = ownOrderPrices(
      [
        { position: 1, price: 99.97 },
        { position: 2, price: 100.01 },
      ],
      '0.1',
    );
    expect([...marks.bids]).toEqual([99_90]);
    expect([...marks.asks]).toEqual([100_10]);
  });
});
