import { describe, expect, it } from 'vitest';
import { collectPages, csvCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks and defuses formulas, but not negative numbers', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x,y']])).toBe('a,b\r\n1,"x,y"\r\n');
  });

  it('collects every page until the server says there is no next one', async () => {
    const asked: number[] = [];
    const rows = await collectPages(async (page) => {
      asked.push(page);
      return { rows: [page * 10, page * 10 + 1], hasNext: page < 3 };
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(rows).toEqual([10, 11, 20, 21, 30, 31]);
  });
});
