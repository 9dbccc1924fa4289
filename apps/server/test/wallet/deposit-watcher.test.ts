import { getAddress } from 'viem';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alarms, chainDeposits, chainWatch, type Pool } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { WalletAlerts } from '../../src/app/wallet/alerts.ts';
import { DepositWatcher } from '../../src/app/wallet/deposit-watcher.ts';
import { systemClock } from '../../src/clock.ts';
import { ChainWatchReader } from '../../src/services/chain/reader.ts';
import { startTestChain, usdt, type TestChain } from './helpers/test-chain.ts';
import { expectTestLedgerInvariants, TestLedger } from './helpers/test-ledger.ts';
import { insertUsers } from './helpers/users.ts';

let chain: TestChain;
let database: TestDatabase;
let pool: Pool;
let ledger: TestLedger;

const CONFIRMATIONS = 2;
const DUST_MINIMUM = 10_000; // 0.01 USDT

function watcher(): DepositWatcher {
  return new DepositWatcher({
    pool,
    reader: new ChainWatchReader(chain.reader),
    ledger,
    alerts: new WalletAlerts(pool, systemClock, () => undefined),
    clock: systemClock,
    tokenAddress: chain.token,
    confirmations: CONFIRMATIONS,
    dustMinimum: DUST_MINIMUM,
    maxBlocksPerRead: 7,
  });
}

async function depositRows() {
  return chainDeposits.listAllDeposits(pool);
}

beforeAll(async () => {
  chain = await startTestChain();
  database = await createTestDatabase();
  pool = database.pool;
});

afterAll(async () => {
  await database?.drop();
  await chain?.stop();
});

beforeEach(async () => {
  ledger = new TestLedger();
  // Every test starts watching from the current head, with nothing recorded.
  await pool.query('TRUNCATE chain_deposits, chain_blocks, chain_cursors, chain_alerts');
  await chainWatch.writeCursor(pool, 'deposits', (await chain.head()) + 1, new Date());
});

describe('deposit watcher on a real anvil', () => {
  it('credits a deposit once its block has the confirmations, not before, and only once', async () => {
    const [user] = await insertUsers(pool, 1);
    const watch = watcher();
    const hash = await chain.send(user!.address, usdt(25));

    await watch.tick(); // 1 confirmation
    let [row] = await depositRows();
    expect(row).toMatchObject({ txHash: hash, status: 1, kind: 'deposit', amount: 25_000_000, userId: user!.id });
    expect(ledger.spot(user!.id)).toBe(0);

    await chain.mine(1); // 2 confirmations: final
    const report = await watch.tick();
    expect(report.credited).toBe(1);
    [row] = await depositRows();
    expect(row!.status).toBe(2);
    expect(ledger.spot(user!.id)).toBe(25_000_000);

    await chain.mine(3);
    await watch.tick();
    expect(ledger.spot(user!.id)).toBe(25_000_000);
    expectTestLedgerInvariants(ledger);
  });

  it('reads the same logs twice and credits once', async () => {
    const [user] = await insertUsers(pool, 1);
    const start = (await chain.head()) + 1;
    await chain.send(user!.address, usdt(7));
    await chain.send(user!.address, usdt(8));
    await chain.mine(2);
    await watcher().tick();
    expect(ledger.spot(user!.id)).toBe(15_000_000);

    // The cursor put back (as after a restore from an old backup): the same logs are read again.
    await chainWatch.writeCursor(pool, 'deposits', start, new Date());
    const again = await watcher().tick();
    expect(again.credited).toBe(0);
    expect(await depositRows()).toHaveLength(2);
    expect(ledger.spot(user!.id)).toBe(15_000_000);
    expectTestLedgerInvariants(ledger);
  });

  it('records a token with the same name and symbol from another contract, and never credits it', async () => {
    const [user] = await insertUsers(pool, 1);
    const fake = await chain.deployFake();
    await chain.send(user!.address, usdt(500), fake);
    await chain.mine(3);
    await watcher().tick();
    const [row] = await depositRows();
    expect(row).toMatchObject({
      kind: 'foreign_token',
      tokenAddress: getAddress(fake),
      amountUnits: usdt(500).toString(),
    });
    expect(row!.creditedBlockHash).toBeNull();
    expect(ledger.spot(user!.id)).toBe(0);
    expect(await chainDeposits.listUserDeposits(pool, user!.id, 10)).toEqual([]);
    expectTestLedgerInvariants(ledger);
  });

  it('records dust and absurd amounts without crediting them, and credits 18 decimals rounded down to micro-USDT', async () => {
    const [user] = await insertUsers(pool, 1);
    await chain.send(user!.address, 10n ** 15n); // 0.001 USDT: below the minimum
    await chain.send(user!.address, usdt(3) + 1_234_567n * 10n ** 12n - 1n); // 4.234566999999999999 USDT
    await chain.send(user!.address, usdt(2_000_000_000)); // beyond what one deposit may credit
    await chain.mine(2);
    await watcher().tick();
    const rows = await depositRows();
    expect(rows.map((r) => [r.kind, r.amount, r.remainderUnits])).toEqual([
      ['dust', 1_000, '0'],
      ['deposit', 4_234_566, String(10n ** 12n - 1n)],
      ['too_large', 0, usdt(2_000_000_000).toString()],
    ]);
    expect(ledger.spot(user!.id)).toBe(4_234_566);
    expectTestLedgerInvariants(ledger);
  });

  it('never credits a deposit whose block is reorganised away before it is final', async () => {
    const [user] = await insertUsers(pool, 1);
    const watch = watcher();
    const snapshot = await chain.control.snapshot();
    await chain.send(user!.address, usdt(40));
    await watch.tick();
    expect((await depositRows())[0]!.status).toBe(1);

    await chain.control.revert({ id: snapshot });
    await chain.mine(4); // a longer chain without the deposit
    const report = await watch.tick();
    expect(report.reorgedFrom).not.toBeNull();
    const [row] = await depositRows();
    expect(row!.status).toBe(3);
    expect(row!.creditedBlockHash).toBeNull();
    await chain.mine(5);
    await watch.tick();
    expect(ledger.spot(user!.id)).toBe(0);
    expect(ledger.journal).toEqual([]);
    expectTestLedgerInvariants(ledger);
  });

  it('reverses a credit whose block is reorganised away, with an operator alert and a user alarm', async () => {
    const [user] = await insertUsers(pool, 1);
    const watch = watcher();
    const snapshot = await chain.control.snapshot();
    await chain.send(user!.address, usdt(60));
    await chain.mine(1);
    await watch.tick();
    expect(ledger.spot(user!.id)).toBe(60_000_000);

    await chain.control.revert({ id: snapshot });
    await chain.mine(5);
    const report = await watch.tick();
    expect(report.reversed).toBe(1);
    const [row] = await depositRows();
    expect(row).toMatchObject({ status: 3, creditedBlockHash: null });
    expect(ledger.spot(user!.id)).toBe(0);
    const alerts = await chainWatch.listChainAlerts(pool, 10);
    expect(alerts.map((a) => a.kind)).toEqual(['deposit_reversed']);
    expect((await alarms.listAlarms(pool, user!.id, 5))[0]!.content).toMatch(/reversed/);

    await chain.mine(3);
    await watch.tick();
    expect(ledger.journal.filter((p) => p.key.includes(row!.txHash))).toHaveLength(2); // credit + its reversal
    expectTestLedgerInvariants(ledger);
  });

  it('credits a deposit re-included in another block after a reorganisation, once', async () => {
    const [user] = await insertUsers(pool, 1);
    const watch = watcher();
    const snapshot = await chain.control.snapshot();
    await chain.control.setAutomine(false);
    const hash = await chain.send(user!.address, usdt(9));
    const raw = await chain.control.request({
      method: 'eth_getRawTransactionByHash' as never,
      params: [hash] as never,
    });
    await chain.mine(1);
    await chain.control.setAutomine(true);
    await watch.tick();
    await chain.control.revert({ id: snapshot });
    await chain.mine(2);
    await chain.reader.sendRawTransaction({ serializedTransaction: raw as `0x${string}` }); // same tx, a later block
    await chain.mine(2);
    await watch.tick();
    await chain.mine(2);
    await watch.tick();
    const [row] = await depositRows();
    expect(row).toMatchObject({ txHash: hash, status: 2 });
    expect(ledger.spot(user!.id)).toBe(9_000_000);
    expectTestLedgerInvariants(ledger);
  });
});
