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
  // Nor may a checked-out client: its query in flight is rejected anyway, and whoever holds a client for longer
  // (the sequencer's lock) adds a listener of its own that acts on the loss.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * Ends the pool and waits until its connections have closed (at most `timeoutMs`). `pool.end()` resolves as soon as
 * each connection has been told to end, before PostgreSQL has seen it go: a database stopped right after cuts those
 * connections off (57P01) instead.
 */
export async function closePool(pool: Pool, timeoutMs = 5_000): Promise<void> {
  const open = pool.totalCount;
  let closed = 0;
  let timer: NodeJS.Timeout | undefined;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (++closed === open) resolve();
    });
    timer = setTimeout(resolve, timeoutMs);
  });
  await pool.end();
  await allClosed;
  clearTimeout(timer);
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
