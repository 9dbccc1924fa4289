import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  BOOK_LEVELS,
  bookStepsOf,
  chooseStep,
  groupLevels,
  needsDeepDepth,
  ownOrderPrices,
  SEED_BOOK_STEPS,
  spreadTicks,
} from './book.ts';

// The markets' steps as the server's definitions publish them (apps/server/src/domain/market/definitions.ts).
const BTC_STEPS = bookStepsOf(['0.1', '0.01', '0.001', '1', '10', '50', '100'], 2);
const ETH_STEPS = bookStepsOf(['0.01', '0.1', '1', '10', '50'], 2);
const SOL_STEPS = bookStepsOf(['0.01', '0.1', '1', '10'], 2);
/** A BTC step's ticks by its label. */
const ticks = (label: string) => chooseStep(BTC_STEPS, label).ticks;

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
    const a = groupLevels(asks, 'ask', ticks('0.1'));
    expect(a.map((row) => [row.price, row.qty])).toEqual([
      [100_10, 3_5000],
      [100_20, 2500],
    ]);
    const b = groupLevels(bids, 'bid', ticks('0.1'));
    expect(b.map((row) => [row.price, row.qty])).toEqual([[99_90, 3_5000]]);
  });

  it('keeps raw levels at 0.01 and 0.001', () => {
    expect(groupLevels(asks, 'ask', ticks('0.01'))).toHaveLength(4);
    expect(ticks('0.001')).toBe(1);
  });

  it('groups to the coarse steps 1, 10, 50 and 100 at their multiples', () => {
    const book: [number, number][] = [
      [67_003.4, 0.2],
      [67_006.8, 0.3],
      [67_049.99, 0.1],
      [67_050.01, 1],
      [67_120, 2],
    ];
    const at = (label: string) => groupLevels(book, 'ask', ticks(label)).map((row) => [row.price, row.qty]);
    expect(at('1')).toEqual([
      [67_004_00, 2000],
      [67_007_00, 3000],
      [67_050_00, 1000],
      [67_051_00, 1_0000],
      [67_120_00, 2_0000],
    ]);
    expect(at('10')).toEqual([
      [67_010_00, 5000],
      [67_050_00, 1000],
      [67_060_00, 1_0000],
      [67_120_00, 2_0000],
    ]);
    expect(at('50')).toEqual([
      [67_050_00, 6000],
      [67_100_00, 1_0000],
      [67_150_00, 2_0000],
    ]);
    expect(at('100')).toEqual([
      [67_100_00, 1_6000],
      [67_200_00, 2_0000],
    ]);
    const down = groupLevels(
      [
        [67_099.99, 1],
        [67_000, 1],
        [66_999.99, 1],
      ],
      'bid',
      ticks('100'),
    );
    expect(down.map((row) => [row.price, row.qty])).toEqual([
      [67_000_00, 2_0000],
      [66_900_00, 1_0000],
    ]);
  });

  it('reads the deep depth stream from 100 of the market tick up, the default one for the seeds choices', () => {
    const deep = (steps: typeof BTC_STEPS, tick: number) =>
      steps.filter((step) => needsDeepDepth(step, tick)).map((step) => step.label);
    expect(deep(BTC_STEPS, 1)).toEqual(['1', '10', '50', '100']);
    expect(deep(ETH_STEPS, 1)).toEqual(['1', '10', '50']);
    expect(deep(SOL_STEPS, 10)).toEqual(['10']);
  });

  it("takes each market's steps in its order, in ticks, shown with its decimals (3 for the seeds' 0.001)", () => {
    expect(BTC_STEPS.map((step) => [step.label, step.ticks, step.decimals])).toEqual([
      ['0.1', 10, 2],
      ['0.01', 1, 2],
      ['0.001', 1, 3],
      ['1', 100, 2],
      ['10', 1_000, 2],
      ['50', 5_000, 2],
      ['100', 10_000, 2],
    ]);
    expect(ETH_STEPS.map((step) => step.ticks)).toEqual([1, 10, 100, 1_000, 5_000]);
    expect(SOL_STEPS.map((step) => step.label)).toEqual(['0.01', '0.1', '1', '10']);
    expect(bookStepsOf(['0.5'], 1)[0]).toEqual({ label: '0.5', ticks: 50, decimals: 1 });
  });

  it("opens at the remembered step when the market offers it, else at the market's first (its default)", () => {
    expect(chooseStep(BTC_STEPS, null).label).toBe('0.1');
    expect(chooseStep(ETH_STEPS, null).label).toBe('0.01');
    expect(chooseStep(ETH_STEPS, '50').label).toBe('50');
    expect(chooseStep(SOL_STEPS, '100').label).toBe('0.01'); // BTC's 100 is not one of SOL's
    expect(chooseStep(bookStepsOf(SEED_BOOK_STEPS), null).label).toBe('0.1');
  });

  it('total is the real notional of the grouped levels and cumulative runs from the best price', () => {
    const [first, second] = groupLevels(asks, 'ask', ticks('0.01'));
    expect(first!.total).toBe(100_01 * 1_0000);
    expect(second!.cumulative).toBe(3_0000);
    const [grouped] = groupLevels(asks, 'ask', ticks('0.1'));
    expect(grouped!.total).toBe(100_01 * 1_0000 + 100_05 * 2_0000 + 100_10 * 5000);
    expect(grouped!.cumulative).toBe(3_5000);
  });
});

/** A side as the stream sends it: distinct prices (ticks) and quantities (lots), best first. */
const sideOf = (side: 'ask' | 'bid') =>
  fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 20_000_000 }), fc.integer({ min: 1, max: 1_000_000 })), {
      maxLength: 60,
      selector: ([price]) => price,
    })
    .map((levels) => levels.sort((x, y) => (side === 'ask' ? x[0] - y[0] : y[0] - x[0])));
const asFloats = (levels: [number, number][]) => levels.map(([p, q]) => [p / 100, q / 10_000] as [number, number]);
/** A step in ticks of any market's published choices. */
const precision = fc.constantFrom(...new Set([...BTC_STEPS, ...ETH_STEPS, ...SOL_STEPS].map((step) => step.ticks)));

describe('grouping properties', () => {
  it('no level is lost: every raw level lands in exactly one row, so quantities and notionals add up', () => {
    fc.assert(
      fc.property(fc.constantFrom('ask' as const, 'bid' as const), sideOf('ask'), precision, (side, raw, choice) => {
        const levels = side === 'ask' ? raw : [...raw].reverse();
        const rows = groupLevels(asFloats(levels), side, choice, Infinity);
        const step = choice;
        const round = side === 'ask' ? Math.ceil : Math.floor;
        for (const row of rows) {
          expect(row.price % step).toBe(0);
          const members = levels.filter(([p]) => round(p / step) * step === row.price);
          expect(members.length).toBeGreaterThan(0);
          expect(row.qty).toBe(members.reduce((sum, [, q]) => sum + q, 0));
          expect(row.total).toBe(members.reduce((sum, [p, q]) => sum + p * q, 0));
        }
        expect(rows.reduce((sum, row) => sum + row.qty, 0)).toBe(levels.reduce((sum, [, q]) => sum + q, 0));
        expect(rows.reduce((sum, row) => sum + row.total, 0)).toBe(levels.reduce((sum, [p, q]) => sum + p * q, 0));
        expect(rows[rows.length - 1]?.cumulative ?? 0).toBe(levels.reduce((sum, [, q]) => sum + q, 0));
        // Best first, one row per grouped price.
        for (let i = 1; i < rows.length; i++)
          expect(side === 'ask' ? rows[i]!.price > rows[i - 1]!.price : rows[i]!.price < rows[i - 1]!.price).toBe(true);
      }),
    );
  });

  it('the displayed 10 rows are the best 10 groups, with the same quantities', () => {
    fc.assert(
      fc.property(sideOf('ask'), precision, (levels, choice) => {
        const all = groupLevels(asFloats(levels), 'ask', choice, Infinity);
        const shown = groupLevels(asFloats(levels), 'ask', choice);
        expect(shown).toEqual(all.slice(0, BOOK_LEVELS));
      }),
    );
  });

  it('bids stay at or below asks: a book that does not cross never crosses once grouped', () => {
    fc.assert(
      fc.property(sideOf('ask'), sideOf('bid'), precision, (asks, bids, choice) => {
        const bestAsk = asks[0]?.[0];
        const crossing = bestAsk === undefined ? bids : bids.filter(([p]) => p < bestAsk);
        const a = groupLevels(asFloats(asks), 'ask', choice);
        const b = groupLevels(asFloats(crossing), 'bid', choice);
        const spread = spreadTicks(a, b);
        if (spread !== null) expect(spread).toBeGreaterThanOrEqual(0);
        if (a[0] && b[0]) {
          expect(a[0].price).toBeGreaterThanOrEqual(asks[0]![0]); // never a better ask than exists
          expect(b[0].price).toBeLessThanOrEqual(crossing[0]![0]); // never a better bid than exists
        }
      }),
    );
  });
});

describe('spread and own orders', () => {
  it('spread is best ask − best bid', () => {
    const asks = groupLevels([[100.5, 1]], 'ask', ticks('0.01'));
    const bids = groupLevels([[100.2, 1]], 'bid', ticks('0.01'));
    expect(spreadTicks(asks, bids)).toBe(30);
    expect(spreadTicks([], bids)).toBeNull();
  });
  it('marks own orders at the grouped price of their side', () => {
    const orders = [
      { position: 1 as const, price: 99.97 },
      { position: 2 as const, price: 100.01 },
    ];
    const marks = ownOrderPrices(orders, ticks('0.1'));
    expect([...marks.bids]).toEqual([99_90]);
    expect([...marks.asks]).toEqual([100_10]);
    const coarse = ownOrderPrices([...orders, { position: 1, price: 67_049.5 }], ticks('100'));
    expect([...coarse.bids]).toEqual([0, 67_000_00]);
    expect([...coarse.asks]).toEqual([200_00]);
  });
  it('an own order lands on the very row its price is grouped into', () => {
    fc.assert(
      fc.property(sideOf('bid'), precision, fc.nat(), (levels, choice, pick) => {
        fc.pre(levels.length > 0);
        const [price] = levels[pick % levels.length]!;
        const rows = groupLevels(asFloats(levels), 'bid', choice, Infinity);
        const own = ownOrderPrices([{ position: 1, price: price / 100 }], choice);
        expect(rows.filter((row) => own.bids.has(row.price))).toHaveLength(1);
      }),
    );
  });
});

describe('coarse groupings of a deep book', () => {
  it('a side spanning ten steps shows ten rows, distinct multiples of the step, asks up and bids down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...[...BTC_STEPS, ...ETH_STEPS].filter((step) => needsDeepDepth(step, 1))),
        fc.constantFrom('ask' as const, 'bid' as const),
        fc.integer({ min: 1_000_000, max: 20_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 11, maxLength: 40 }),
        (choice, side, start, sizes) => {
          const step = choice.ticks;
          // One level strictly inside each of 11 or more consecutive steps (never on a multiple), best first.
          const levels = sizes.map((qty, i): [number, number] => {
            const offset = 1 + ((start + i * 37) % (step - 1));
            const base = Math.floor(start / step) * step;
            return [side === 'ask' ? base + i * step + offset : base - i * step + offset, qty];
          });
          const rows = groupLevels(asFloats(levels), side, step);
          expect(rows).toHaveLength(BOOK_LEVELS);
          expect(new Set(rows.map((row) => row.price)).size).toBe(BOOK_LEVELS);
          rows.forEach((row, i) => {
            const [raw] = levels[i]!;
            expect(row.price % step).toBe(0);
            if (side === 'ask') expect(row.price).toBeGreaterThanOrEqual(raw);
            else expect(row.price).toBeLessThanOrEqual(raw);
            expect(Math.abs(row.price - raw)).toBeLessThan(step);
          });
        },
      ),
    );
  });
});
