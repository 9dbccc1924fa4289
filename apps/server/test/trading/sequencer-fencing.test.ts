import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { Account, Exchange } from '@tickline/engine';
import { Sequencer, SequencerUnavailableError } from '../../src/services/sequencer/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { ManualClock } from './helpers/sequencer.ts';

const USDT = 1_000_000;
const fund = (userId: number) => ({ type: 'fund', userId, wallet: 'spot', amount: USDT, reason: 't' }) as const;

let database: TestDatabase;
let started: Array<Sequencer<Exchange>>;
let errors: string[];

beforeEach(async () => {
  database = await createTestDatabase();
  started = [];
  errors = [];
});
afterEach(async () => {
  for (const sequencer of started) await sequencer.stop();
  await database.drop();
});

async function start(): Promise<Sequencer<Exchange>> {
  const sequencer = await Sequencer.start({
    pool: database.pool,
    createEngine: (snapshot) => Exchange.fromSnapshot(snapshot),
    clock: new ManualClock(),
    onError: (error, context) => errors.push(`${context}: ${String(error)}`),
  });
  started.push(sequencer);
  return sequencer;
}

async function storedBalance(account: string): Promise<number> {
  const { rows } = await database.pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [
    account,
  ]);
  return rows[0]?.balance ?? 0;
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sequencer: one writer per database', () => {
  it('halts and refuses every command once its writer lock connection dies; another sequencer can then take over', async () => {
    const first = await start();
    expect((await first.submit(fund(1))).ok).toBe(true);

    // The connection holding the advisory lock dies (a network cut, an operator terminating it).
    const { rows } = await database.pool.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_locks
       WHERE locktype = 'advisory' AND objid = 7345002 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    expect(rows).toEqual([{ terminated: true }]);
    await waitFor(() => errors.some((error) => error.startsWith('sequencer halted')));

    await expect(first.submit(fund(2))).rejects.toThrow(SequencerUnavailableError);
    await expect(first.submit(fund(2))).rejects.toThrow(/trading is halted: its database writer lock was lost/);
    await expect(first.read((engine) => engine.accountBalance(Account.spot(1)))).rejects.toThrow(/halted/);
    expect(await storedBalance(Account.spot(2))).toBe(0);

    // The lock is free: a new sequencer (another server, or this one restarted) restores and carries on.
    const second = await start();
    expect((await second.submit(fund(2))).ok).toBe(true);
    expect(await storedBalance(Account.spot(1))).toBe(USDT);
    expect(await storedBalance(Account.spot(2))).toBe(USDT);
    await expectLedgerInvariants(database.pool);
  });

  it('does not commit a batch over another writer’s batch (the batch id fences it) and halts', async () => {
    const sequencer = await start();
    expect((await sequencer.submit(fund(1))).ok).toBe(true);
    // Another writer moved the database on behind this sequencer's back (it could only do so without the lock).
    await database.pool.query('UPDATE sequencer_state SET last_batch_id = last_batch_id + 1');

    await expect(sequencer.submit(fund(3))).rejects.toThrow(SequencerUnavailableError);
    expect(await storedBalance(Account.spot(3))).toBe(0);
    expect(errors.some((error) => error.includes('another sequencer wrote'))).toBe(true);
    // Halted for good: it does not rebuild itself over the other writer's state and carry on.
    await expect(sequencer.submit(fund(4))).rejects.toThrow(/trading is halted: another sequencer has written/);
    expect(await storedBalance(Account.spot(4))).toBe(0);
    expect(await storedBalance(Account.spot(1))).toBe(USDT);
  });

  it('once stopped, no longer hears its former lock connection (the pool owns it again)', async () => {
    const sequencer = await start();
    expect((await sequencer.submit(fund(1))).ok).toBe(true);
    await sequencer.stop();
    // The released connection sits idle in the pool; the database cuts off every connection of the pool, as a
    // shutdown does (from a connection of its own, so that the pool's are all idle).
    const pooled = database.pool.totalCount;
    const outsider = new pg.Client({ connectionString: database.url });
    await outsider.connect();
    const { rows } = await outsider.query<{ terminated: number }>(
      `SELECT count(*)::int AS terminated FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()) AS cut`,
    );
    await outsider.end();
    expect(rows[0]!.terminated).toBe(pooled);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(errors).toEqual([]);
  });
});
