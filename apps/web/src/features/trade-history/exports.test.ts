import { describe, expect, it } from 'vitest';
import type { OptionOrderRow } from '@tickline/protocol';
import { allPages, optionsCsv } from './exports.ts';

const row = (no: number, over: Partial<OptionOrderRow> = {}): OptionOrderRow => ({
  no,
  insertDate: '2026-11-24T09:30:01.000Z',
  symbol: 1,
  volume: 10,
  openPrice: 67000.5,
  resultPrice: 67010,
  betType: 1,
  result: 1,
  settleFee: 9.5,
  expireDate: '2026-11-24T09:31:00.000Z',
  refunded: false,
  roundStart: Date.UTC(2026, 10, 24, 9, 30),
  ...over,
});

describe('trade history exports', () => {
  it('reads every page in order', async () => {
    const pages: Record<number, number[]> = { 1: [1, 2], 2: [3, 4], 3: [5] };
    const asked: number[] = [];
    const rows = await allPages(async (page) => {
      asked.push(page);
      return {
        rows: pages[page]!,
        info: { curPage: page, endPage: 3, existNextPage: page < 3, existPrevPage: page > 1 },
      };
    });
    expect(rows).toEqual([1, 2, 3, 4, 5]);
    expect(asked).toEqual([1, 2, 3]);
  });

  it('writes the options with the seed labels, one line per row', () => {
    const csv = optionsCsv([row(1), row(2, { betType: 2, result: 3, settleFee: 0 }), row(3, { result: 0 })]);
    const lines = csv.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toBe(
      '2026-11-24T09:30:01.000Z,BTCUSDT,HIGHER,10,67000.5,67010,HIGHER,9.5,2026-11-24T09:31:00.000Z',
    );
    expect(lines[2]).toContain(',LOWER,10,67000.5,67010,EQ,0,');
    expect(lines[3]).toContain(',WAIT,');
  });
});
