import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldStatements, runStatements, sqlLiteral, type Statement } from '../src/stores/statements.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// The sequencer folds its batch's statements into one simple-protocol message, values written into the text (#30):
// every value must come back from PostgreSQL exactly as given, whatever it holds.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const TRICKY = ["'", "''", "\\'", '\\', "'); DROP TABLE orders; --", '$1', '$$', ';COMMIT;', "E'x'", 'ünï ✓', 'a\nb'];

describe('statement values as literals', () => {
  it('reads back any text exactly, whatever standard_conforming_strings is (fast-check)', async () => {
    const client = await database.pool.connect();
    try {
      for (const conforming of ['on', 'off']) {
        await client.query(`SET standard_conforming_strings = ${conforming}`);
        const readBack = async (texts: string[]) => {
          const list = texts.map((text) => `${sqlLiteral(text)}::text`).join(', ');
          const { rows } = await client.query<{ texts: string[] }>(`SELECT ARRAY[${list}]::text[] AS texts`);
          return rows[0]!.texts;
        };
        expect(await readBack(TRICKY)).toEqual(TRICKY);
        await fc.assert(
          fc.asyncProperty(
            fc.array(
              fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\0')),
              { minLength: 1 },
            ),
            async (texts) => {
              expect(await readBack(texts)).toEqual(texts);
            },
          ),
          { numRuns: 50 },
        );
      }
    } finally {
      await client.query('RESET standard_conforming_strings');
      client.release();
    }
  });

  it('writes integers, NULL and booleans as such and refuses anything that cannot be written safely', async () => {
    const values = [Number.MIN_SAFE_INTEGER, 0, Number.MAX_SAFE_INTEGER, null, true, false];
    const { rows } = await database.pool.query<Record<string, unknown>>(
      `SELECT ${values.map((value, index) => `${sqlLiteral(value)} AS v${index}`).join(', ')}`,
    );
    expect(values.map((_, index) => rows[0]![`v${index}`])).toEqual(values);
    for (const unsafe of [1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity])
      expect(() => sqlLiteral(unsafe)).toThrow(/not a safe integer/);
    expect(() => sqlLiteral('a\0b')).toThrow(/NUL/);
    expect(() => sqlLiteral({} as unknown as string)).toThrow(/not a statement value/);
  });
});

describe('folded statements', () => {
  const insert = (values: Statement['values']): Statement => ({
    text: 'INSERT INTO house_balances (id, balance) SELECT * FROM unnest($1::text[], $2::bigint[])',
    values,
  });

  it('puts each value in its own place ($10 is not $1 then 0) and never reads a value as a parameter', () => {
    const values = Array.from({ length: 10 }, (_, index) => index + 1);
    expect(foldStatements([{ text: 'SELECT $1, $10, $2', values }])).toBe('SELECT 1, 10, 2');
    expect(foldStatements([{ text: 'SELECT $1, $2', values: ['$2', 'x'] }])).toBe("SELECT '$2', 'x'");
    expect(() => foldStatements([{ text: 'SELECT $2', values: [1] }])).toThrow(/no value for \$2/);
  });

  it('stores what the same statements store run one by one, and a failing one stops the rest of the message', async () => {
    await runStatements(database.pool, [insert(['{"house:a"}', '{5}'])]);
    await database.pool.query(foldStatements([insert(['{"house:b\'"}', '{6}']), insert(['{"house:c"}', '{7}'])]));
    const update: Statement = {
      text: 'UPDATE house_balances SET balance = balance + 1 WHERE id = ANY($1::text[])',
      values: ['{"house:a","house:missing"}'],
      expect: { rows: 2, what: 'house rows' },
    };
    // The update misses a row: the statement after it in the same message (an insert) never runs.
    await expect(database.pool.query(foldStatements([update, insert(['{"house:d"}', '{8}'])]))).rejects.toThrow(
      /1 of 2 house rows are not stored/,
    );
    await expect(runStatements(database.pool, [update])).rejects.toThrow(/1 of 2 house rows are not stored/);
    const { rows } = await database.pool.query('SELECT id, balance FROM house_balances ORDER BY id');
    expect(rows).toEqual([
      { id: 'house:a', balance: 5 },
      { id: "house:b'", balance: 6 },
      { id: 'house:c', balance: 7 },
    ]);
  });
});
