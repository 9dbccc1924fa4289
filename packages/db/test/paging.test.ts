import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFeedback, pageFeedback } from '../src/stores/feedback.ts';
import { pageRows } from '../src/stores/paging.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  for (let index = 1; index <= 23; index += 1)
    await insertFeedback(database.pool, {
      userId: null,
      title: `title ${index}`,
      body: `body ${index}`,
      createdAt: new Date(Date.UTC(2026, 10, 21, 12, index)),
    });
});
afterAll(async () => {
  await database.drop();
});

describe('pageRows, the paged read of every store', () => {
  it('answers a page of rows in the given order with the total count, and an empty page beyond the end', async () => {
    const first = await pageFeedback(database.pool, 1, 10);
    expect(first).toMatchObject({ page: 1, pageSize: 10, totalRows: 23 });
    expect(first.rows.map((row) => row.title)).toEqual(Array.from({ length: 10 }, (_, index) => `title ${23 - index}`));
    expect(first.rows[0]).toEqual({
      id: expect.any(Number),
      userId: null,
      title: 'title 23',
      body: 'body 23',
      createdAt: new Date(Date.UTC(2026, 10, 21, 12, 23)),
    });
    const last = await pageFeedback(database.pool, 3, 10);
    expect(last.rows.map((row) => row.title)).toEqual(['title 3', 'title 2', 'title 1']);
    expect((await pageFeedback(database.pool, 4, 10)).rows).toEqual([]);
  });

  it('numbers the filter parameters before the page ones and counts only matching rows', async () => {
    const page = await pageRows<{ title: string }>(
      database.pool,
      { columns: 'title', table: 'feedback', where: 'title LIKE $1', params: ['title 1%'], orderBy: 'id' },
      2,
      3,
    );
    // title 1, 10..19: eleven rows; the second page of three.
    expect(page.totalRows).toBe(11);
    expect(page.rows.map((row) => row.title)).toEqual(['title 12', 'title 13', 'title 14']);
  });

  it('reads as named statements: on one connection, each text under its own name, again and again', async () => {
    const client = await database.pool.connect();
    try {
      for (let round = 0; round < 3; round += 1) {
        const some = await pageRows<{ title: string }>(
          client,
          { columns: 'title', table: 'feedback', where: 'title LIKE $1', params: ['title 2%'], orderBy: 'id' },
          1,
          2,
        );
        expect(some).toMatchObject({ totalRows: 5, rows: [{ title: 'title 2' }, { title: 'title 20' }] });
        const all = await pageRows<{ body: string }>(
          client,
          { columns: 'body', table: 'feedback', where: '', params: [], orderBy: 'id DESC' },
          1,
          1,
        );
        expect(all).toMatchObject({ totalRows: 23, rows: [{ body: 'body 23' }] });
      }
      // One statement per text, kept by the connection under a name made from it (none made twice).
      const kept = await client.query<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'paged-%'",
      );
      expect(kept.rows.filter((row) => row.statement.includes('title LIKE $1'))).toHaveLength(2);
      expect(kept.rows.filter((row) => row.statement.startsWith('SELECT body FROM feedback'))).toHaveLength(1);
      expect(new Set(kept.rows.map((row) => row.name)).size).toBe(kept.rows.length);
    } finally {
      client.release();
    }
  });
});
