import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integerArray, textArray } from '../src/stores/pg-array.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.drop();
});

const same = <T>(value: T) => value;

describe('array literals', () => {
  it('round-trips any text through PostgreSQL unchanged, quotes and backslashes included', async () => {
    const tricky = ['', 'NULL', 'a,b', '{x}', 'say "hi"', 'back\\slash', ' spaced ', 'tab\tnew\nline', 'ünï ✓'];
    const { rows } = await database.pool.query<{ values: string[] }>('SELECT $1::text[] AS values', [
      textArray(tricky, same),
    ]);
    expect(rows[0]!.values).toEqual(tricky);

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\0'))),
        async (texts) => {
          const result = await database.pool.query<{ values: string[] }>('SELECT $1::text[] AS values', [
            textArray(texts, same),
          ]);
          expect(result.rows[0]!.values).toEqual(texts);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('writes integers and NULLs, and refuses a number that is not a safe integer', async () => {
    const values = [0, -1, Number.MAX_SAFE_INTEGER, null, 42];
    const { rows } = await database.pool.query<{ values: Array<string | null> }>('SELECT $1::bigint[] AS values', [
      integerArray(values, same),
    ]);
    expect(rows[0]!.values).toEqual(['0', '-1', String(Number.MAX_SAFE_INTEGER), null, '42']);
    expect(integerArray([], same)).toBe('{}');
    expect(() => integerArray([1.5], same)).toThrow(TypeError);
    expect(() => integerArray([Number.NaN], same)).toThrow(TypeError);
    expect(() => integerArray([2 ** 53], same)).toThrow(TypeError);
  });
});
