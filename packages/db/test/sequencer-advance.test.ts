import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceSequencerStateAndCommit, loadSequencerState } from '../src/stores/trading_state.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing.ts';

// The fencing update and COMMIT in one round trip (#30): a batch commits only over the batch before it.

describe('advanceSequencerStateAndCommit', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  async function batchWithBalance(batchId: number, spot: number): Promise<boolean> {
    const client = await database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO user_balances (user_id, spot) VALUES ($1, $2)', [batchId, spot]);
      const committed = await advanceSequencerStateAndCommit(client, batchId);
      if (!committed) await client.query('ROLLBACK');
      return committed;
    } finally {
      client.release();
    }
  }

  const storedSpot = async (userId: number) =>
    (await database.pool.query('SELECT spot FROM user_balances WHERE user_id = $1', [userId])).rows[0]?.spot;

  it('commits the transaction and moves the state row from the batch before', async () => {
    expect((await loadSequencerState(database.pool)).lastBatchId).toBe(0);
    expect(await batchWithBalance(1, 5)).toBe(true);
    expect(await batchWithBalance(2, 7)).toBe(true);
    expect((await loadSequencerState(database.pool)).lastBatchId).toBe(2);
    expect(Number(await storedSpot(2))).toBe(7);
  });

  it('commits nothing over another writer’s batch and leaves the state row where it was', async () => {
    // Batch 4 is not the one after the stored batch 2: another writer would have stored batch 3.
    expect(await batchWithBalance(4, 9)).toBe(false);
    expect(await storedSpot(4)).toBeUndefined();
    expect((await loadSequencerState(database.pool)).lastBatchId).toBe(2);
  });

  it('refuses an id that cannot be written into the query', async () => {
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1])
      await expect(advanceSequencerStateAndCommit(database.pool, id)).rejects.toThrow(RangeError);
  });
});
