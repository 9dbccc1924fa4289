import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BinaryCopyWriter, copyRows } from '../src/stores/copy.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await database.pool.query(
    'CREATE TABLE copied (big bigint, mid integer, small smallint, words text, flag boolean, n integer PRIMARY KEY)',
  );
});
afterAll(async () => {
  await database.drop();
});

interface Row {
  big: number | null;
  mid: number | null;
  small: number | null;
  words: string | null;
  flag: boolean | null;
}

const COLUMNS = ['big', 'mid', 'small', 'words', 'flag', 'n'];
let n = 0;
const write = (row: Row, out: BinaryCopyWriter) =>
  out.int8(row.big).int4(row.mid).int2(row.small).text(row.words).bool(row.flag).int4(n++);

const row = fc.record({
  big: fc.option(
    fc.maxSafeInteger().map((value) => value * (value % 2 === 0 ? 1 : -1)),
    { nil: null },
  ),
  mid: fc.option(fc.integer(), { nil: null }),
  small: fc.option(fc.integer({ min: -32_768, max: 32_767 }), { nil: null }),
  words: fc.option(
    fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\0')),
    { nil: null },
  ),
  flag: fc.option(fc.boolean(), { nil: null }),
});

async function roundTrip(rows: Row[]): Promise<Row[]> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('TRUNCATE copied');
    n = 0;
    await copyRows(client, 'copied', COLUMNS, rows, write);
    const stored = await client.query<Row & { big: string | null }>(
      'SELECT big::text AS big, mid, small, words, flag FROM copied ORDER BY n',
    );
    await client.query('ROLLBACK');
    return stored.rows.map((stored) => ({ ...stored, big: stored.big === null ? null : Number(stored.big) }));
  } finally {
    client.release();
  }
}

describe('binary COPY', () => {
  it('stores every value exactly as given: extremes, negatives, NULLs, tabs, newlines, backslashes and any Unicode', async () => {
    const edges: Row[] = [
      { big: Number.MAX_SAFE_INTEGER, mid: 2_147_483_647, small: 32_767, words: 'tab\tnew\nline\\ \r', flag: true },
      { big: Number.MIN_SAFE_INTEGER, mid: -2_147_483_648, small: -32_768, words: '', flag: false },
      { big: -1, mid: -1, small: -1, words: 'ünï ✓ 𝄞', flag: null },
      { big: 0, mid: 0, small: 0, words: null, flag: true },
      { big: 4_294_967_296, mid: null, small: null, words: '\\N', flag: null },
    ];
    expect(await roundTrip(edges)).toEqual(edges);
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 40 }), async (rows) => {
        expect(await roundTrip(rows)).toEqual(rows);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a value that does not fit its column, and a row with too few or too many values, instead of sending it', () => {
    const encode = (value: Partial<Row>) => {
      const out = new BinaryCopyWriter(COLUMNS.length, 1);
      write({ big: 0, mid: 0, small: 0, words: '', flag: true, ...value }, out.row());
      return out.finish();
    };
    expect(encode({}).length).toBeGreaterThan(0);
    expect(() => encode({ small: 32_768 })).toThrow(RangeError);
    expect(() => encode({ mid: 2_147_483_648 })).toThrow(RangeError);
    expect(() => encode({ big: 2 ** 53 })).toThrow(RangeError);
    expect(() => encode({ big: 1.5 })).toThrow(RangeError);
    expect(() => encode({ words: 'a\0b' })).toThrow(TypeError);
    expect(() => new BinaryCopyWriter(2, 1).row().int8(1).finish()).toThrow(/1 values for 2 columns/);
    expect(() => new BinaryCopyWriter(1, 1).row().int8(1).int8(2).row()).toThrow(/2 values for 1 columns/);
  });
});
