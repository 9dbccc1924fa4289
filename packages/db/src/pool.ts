import pg from 'pg';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

// PostgreSQL BIGINT (int8) arrives as a string by default. Money columns hold integers in a named minor
// unit that stay within Number.MAX_SAFE_INTEGER; parse them as numbers and refuse anything larger.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} exceeds the safe integer range`);
  return value;
});

export function createPool(connectionString: string, max = 10): Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** Runs `work` inside one transaction; commits on success, rolls back on any error. */
export async function inTransaction<T>(pool: Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
