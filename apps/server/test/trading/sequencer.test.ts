import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { Account, type Exchange } from '@tickline/engine';
import {
  DUPLICATE_COMMAND,
  SequencerLockedError,
  SequencerUnavailableError,
  type CommittedBatch,
  type Sequencer,
} from '../../src/app/trading/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { startSequencer } from './helpers/sequencer.ts';

const USDT = 1_000_000;

let database: TestDatabase;
let sequencer: Sequencer<Exchange>;

beforeAll(async () => {
  database = await createTestDatabase();
  sequencer = await startSequencer(database.pool);
});
afterAll(async () => {
  await sequencer.stop();
  await database.drop();
});

async function storedBalance(account: string): Promise<number> {
  const { rows } = await database.pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [
    account,
  ]);
  return rows[0]?.balance ?? 0;
}

async function lastBatchId(): Promise<number> {
  const { rows } = await database.pool.query<{ last_batch_id: number }>('SELECT last_batch_id FROM sequencer_state');
  return rows[0]!.last_batch_id;
}

/** Transactions open in the test database other than this query's own (the sequencer's batch writes). */
async function openTransactions(): Promise<number> {
  const { rows } = await database.pool.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
     WHERE datname = current_database() AND xact_start IS NOT NULL AND pid <> pg_backend_pid()`,
  );
  return rows[0]!.count;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sequencer', () => {
  it('answers a command only after its postings, balances and transfer row are committed', async () => {
    const committed: CommittedBatch[] = [];
    const unsubscribe = sequencer.onCommitted((batch) => committed.push(batch));
    const funded = await sequencer.submit({ type: 'fund', userId: 1, wallet: 'spot', amount: 100 * USDT, reason: 't' });
    expect(funded.ok).toBe(true);
    expect(await storedBalance(Account.spot(1))).toBe(100 * USDT);

    const moved = await sequencer.submit({ type: 'transfer', userId: 1, to: 'futures', amount: 40 * USDT });
    expect(moved.ok).toBe(true);
    expect(await storedBalance(Account.spot(1))).toBe(60 * USDT);
    expect(await storedBalance(Account.futures(1))).toBe(40 * USDT);
    const transfers = await database.pool.query(
      'SELECT user_id, type, sell, sell_amount, buy, buy_amount FROM wallet_transfers',
    );
    expect(transfers.rows).toEqual([
      { user_id: 1, type: 2, sell: 'bsc', sell_amount: 40 * USDT, buy: 'usdtm', buy_amount: 40 * USDT },
    ]);
    expect(committed.map((batch) => batch.postings.map((p) => p.kind))).toEqual([
      ['demo_funding'],
      ['wallet_transfer'],
    ]);
    unsubscribe();
    await expectLedgerInvariants(database.pool);
  });

  it('answers a rejection in order without writing anything', async () => {
    const before = await lastBatchId();
    const result = await sequencer.submit({ type: 'transfer', userId: 1, to: 'spot', amount: 1_000 * USDT });
    expect(result).toMatchObject({ ok: false, reason: 'INSUFFICIENT_BALANCE' });
    expect(await lastBatchId()).toBe(before);
    expect(await storedBalance(Account.futures(1))).toBe(40 * USDT);
  });

  it('lets exactly one of 200 concurrent transfers of the whole balance through', async () => {
    await sequencer.submit({ type: 'fund', userId: 2, wallet: 'spot', amount: 500 * USDT, reason: 't' });
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        sequencer.submit({ type: 'transfer', userId: 2, to: 'futures', amount: 500 * USDT }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(
      results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === 'INSUFFICIENT_BALANCE'),
    ).toBe(true);
    expect(await storedBalance(Account.spot(2))).toBe(0);
    expect(await storedBalance(Account.futures(2))).toBe(500 * USDT);
    await expectLedgerInvariants(database.pool);
  });

  it('serves reads in order with the commands, after they are durable', async () => {
    const [, balance] = await Promise.all([
      sequencer.submit({ type: 'fund', userId: 3, wallet: 'futures', amount: 7 * USDT, reason: 't' }),
      sequencer.read((engine) => engine.balances(3)),
    ]);
    expect(balance.futuresTotal).toBe(7 * USDT);
  });

  it('applies a command with an idempotency key at most once, also across batches', async () => {
    const fund = { type: 'fund', userId: 4, wallet: 'spot', amount: 10 * USDT, reason: 'demo' } as const;
    const [first, second] = await Promise.all([
      sequencer.submit(fund, { idempotencyKey: 'demo-fund:4:spot' }),
      sequencer.submit(fund, { idempotencyKey: 'demo-fund:4:spot' }),
    ]);
    const third = await sequencer.submit(fund, { idempotencyKey: 'demo-fund:4:spot' });
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, reason: DUPLICATE_COMMAND });
    expect(third).toMatchObject({ ok: false, reason: DUPLICATE_COMMAND });
    expect(await storedBalance(Account.spot(4))).toBe(10 * USDT);
  });

  it('fails the whole batch when its commit fails and rebuilds the engine from the database', async () => {
    await database.pool.query(`
      CREATE FUNCTION refuse_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated database failure'; END $$;
      CREATE TRIGGER refuse_transfers BEFORE INSERT ON wallet_transfers FOR EACH STATEMENT EXECUTE FUNCTION refuse_transfers();`);
    const errors: string[] = [];
    try {
      const results = await Promise.allSettled([
        sequencer.submit({ type: 'fund', userId: 5, wallet: 'spot', amount: 3 * USDT, reason: 't' }),
        sequencer.submit({ type: 'transfer', userId: 1, to: 'spot', amount: 40 * USDT }),
      ]);
      for (const result of results) {
        expect(result.status).toBe('rejected');
        if (result.status === 'rejected') errors.push((result.reason as Error).constructor.name);
      }
      expect(errors).toEqual([SequencerUnavailableError.name, SequencerUnavailableError.name]);
    } finally {
      await database.pool.query('DROP TRIGGER refuse_transfers ON wallet_transfers; DROP FUNCTION refuse_transfers();');
    }
    // Neither the fund nor the transfer survived, in the database or in memory.
    const balances = await sequencer.read((engine) => [engine.balances(5).spot, engine.balances(1).futuresTotal]);
    expect(balances).toEqual([0, 40 * USDT]);
    expect(await storedBalance(Account.spot(5))).toBe(0);
    const retried = await sequencer.submit({ type: 'transfer', userId: 1, to: 'spot', amount: 40 * USDT });
    expect(retried.ok).toBe(true);
    await expectLedgerInvariants(database.pool);
  });

  it('writes the next batch while one commits, and fails both when the first one fails', async () => {
    const failing = (await lastBatchId()) + 1;
    // The first batch's last statement stalls, then fails: time for the next batch to start its own transaction.
    await database.pool.query(`
      CREATE FUNCTION fail_slowly() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.5); RAISE EXCEPTION 'simulated late failure'; END $$;
      CREATE TRIGGER fail_slowly BEFORE UPDATE ON sequencer_state FOR EACH ROW
        WHEN (NEW.last_batch_id = ${failing}) EXECUTE FUNCTION fail_slowly();`);
    try {
      const first = sequencer.submit({ type: 'fund', userId: 8, wallet: 'spot', amount: 8 * USDT, reason: 't' });
      await waitFor(async () => (await openTransactions()) === 1);
      const second = sequencer.submit({ type: 'fund', userId: 9, wallet: 'spot', amount: 9 * USDT, reason: 't' });
      // The second batch is applied on top of the first and starts writing before the first has committed.
      await waitFor(async () => (await openTransactions()) === 2);
      const results = await Promise.allSettled([first, second]);
      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      for (const result of results)
        if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(SequencerUnavailableError);
    } finally {
      await database.pool.query('DROP TRIGGER fail_slowly ON sequencer_state; DROP FUNCTION fail_slowly();');
    }
    // Neither batch is in the database, and the engine was rebuilt without both.
    expect(await storedBalance(Account.spot(8))).toBe(0);
    expect(await storedBalance(Account.spot(9))).toBe(0);
    const { rows } = await database.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ledger_postings WHERE credit IN ($1, $2)`,
      [Account.spot(8), Account.spot(9)],
    );
    expect(rows[0]!.count).toBe(0);
    expect(await sequencer.read((engine) => [engine.balances(8).spot, engine.balances(9).spot])).toEqual([0, 0]);
    const retried = await sequencer.submit({ type: 'fund', userId: 9, wallet: 'spot', amount: 9 * USDT, reason: 't' });
    expect(retried.ok).toBe(true);
    expect(await storedBalance(Account.spot(9))).toBe(9 * USDT);
    await expectLedgerInvariants(database.pool);
  });

  it('refuses a second sequencer on the same database while one runs', async () => {
    await expect(startSequencer(database.pool)).rejects.toBeInstanceOf(SequencerLockedError);
    // The refused one left nothing behind: the running one still works.
    expect((await sequencer.submit({ type: 'fund', userId: 10, wallet: 'spot', amount: USDT, reason: 't' })).ok).toBe(
      true,
    );
  });

  it('restores a resting order at the leverage it was re-held at after a leverage change', async () => {
    await sequencer.submit({ type: 'fund', userId: 11, wallet: 'futures', amount: 10_000 * USDT, reason: 't' });
    const placed = await sequencer.submit({
      type: 'placeOrder',
      userId: 11,
      side: 1,
      orderPath: 1,
      price: 4_000_000,
      qty: 1_000,
    });
    expect(placed.ok).toBe(true);
    expect((await sequencer.submit({ type: 'setLeverage', userId: 11, leverage: 5 })).ok).toBe(true);
    const before = await sequencer.read((engine) => engine.openOrders(11));
    expect(before).toEqual([expect.objectContaining({ leverage: 5 })]);
    await sequencer.stop();
    sequencer = await startSequencer(database.pool);
    expect(await sequencer.read((engine) => engine.openOrders(11))).toEqual(before);
  });

  it('restores exactly the same state in a new sequencer over the same database', async () => {
    await sequencer.submit({ type: 'setLeverage', userId: 1, leverage: 20 });
    const before = await sequencer.read((engine) => engine.snapshot());
    await sequencer.stop();
    sequencer = await startSequencer(database.pool);
    const after = await sequencer.read((engine) => engine.snapshot());
    const byAccount = (a: readonly [string, number], b: readonly [string, number]) => a[0].localeCompare(b[0]);
    expect({ ...after, balances: [...after.balances].sort(byAccount) }).toEqual({
      ...before,
      balances: [...before.balances].sort(byAccount),
    });
    expect(await sequencer.read((engine) => engine.leverage(1))).toBe(20);
  });
});
