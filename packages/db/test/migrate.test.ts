import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';
import { migrate } from '../src/migrate.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await database.drop();
});

describe('migrate', () => {
  it('applies pending files in name order once, and a failing file rolls back whole', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tickline-migrations-'));
    await writeFile(path.join(folder, '20260101000000_first.sql'), 'CREATE TABLE first_table (id int PRIMARY KEY);');
    await writeFile(path.join(folder, '20260102000000_second.sql'), 'INSERT INTO first_table VALUES (1);');
    expect(await migrate(database.pool, folder)).toEqual(['20260101000000_first.sql', '20260102000000_second.sql']);
    expect(await migrate(database.pool, folder)).toEqual([]);

    await writeFile(
      path.join(folder, '20260103000000_broken.sql'),
      'INSERT INTO first_table VALUES (2); SELECT * FROM missing_table;',
    );
    await expect(migrate(database.pool, folder)).rejects.toThrow(/20260103000000_broken.sql/);
    const rows = await database.pool.query('SELECT id FROM first_table ORDER BY id');
    expect(rows.rows).toEqual([{ id: 1 }]);
  });
});
