/**
 * ARCHITECTURE.md invariant 3: an acknowledged order, bet or transfer survives `kill -9` of the server.
 * The real server process (src/main.ts) runs on a test database; a stream of requests is cut by SIGKILL; after a
 * restart everything acknowledged is there, nothing is half-there, and the ledger invariants hold.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@tickline/db';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { USDT_SCALE, toNumber } from '@tickline/money';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';

const USDT = 1_000_000;

let database: TestDatabase;
let dataDir: string;
let port: number;
let server: ServerProcess | null = null;

function startServer(): ServerProcess {
  return startServerProcess(port, { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tickline-crash-'));
  port = await findFreePort();
});

afterAll(async () => {
  await server?.killAll();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('kill -9 during a stream of orders, bets and transfers', () => {
  it('keeps every acknowledged one after a restart, nothing half-written, invariants intact', async () => {
    server = startServer();
    const call = server.call;
    let token = await server.waitUntilReady();
    const userId = (await call<{ no: number }>('GET', '/user/info', token)).data!.no;

    // Each transfer has a unique amount (1 USDT + i micro-USDT) so it can be found again.
    const acknowledgedTransfers: number[] = [];
    const acknowledgedOrders: number[] = [];
    let acknowledgedBets = 0;
    let submittedTransfers = 0;
    let submittedBets = 0;
    let stop = false;
    let sequence = 0;

    const streamTransfers = async () => {
      while (!stop) {
        const amountMicro = USDT + ++sequence;
        submittedTransfers++;
        try {
          const answer = await call('POST', '/transfer/registerFutures', token, {
            to: 'usdtm',
            amount: (amountMicro / USDT).toFixed(6),
          });
          if (answer.code === 0) acknowledgedTransfers.push(amountMicro);
        } catch {
          return; // the server is gone
        }
      }
    };
    const streamOrders = async () => {
      while (!stop) {
        try {
          const answer = await call<{ no: number | null }>('POST', '/order/registerOrder', token, {
            leverage: 1,
            volume: '0.001',
            type: 2,
            priceType: 1,
            position: 1,
            orderPath: 1,
            price: '1000.00',
          });
          if (answer.code === 0 && answer.data?.no) acknowledgedOrders.push(answer.data.no);
        } catch {
          return;
        }
      }
    };
    const streamBets = async () => {
      while (!stop) {
        submittedBets++;
        try {
          const answer = await call('POST', '/optionOrder/register', token, { symbol: 1, betType: 1, volume: 1 });
          if (answer.code === 0) acknowledgedBets++;
        } catch {
          return;
        }
      }
    };

    const streams = [
      streamTransfers(),
      streamTransfers(),
      streamTransfers(),
      streamOrders(),
      streamOrders(),
      streamBets(),
    ];
    // Let the stream run, then kill the server while requests are in flight.
    const killAt = Date.now() + 15_000;
    const enough = () =>
      acknowledgedTransfers.length >= 150 && acknowledgedOrders.length >= 50 && acknowledgedBets >= 5;
    while (!enough() && Date.now() < killAt) await new Promise((r) => setTimeout(r, 20));
    await server.killHard();
    stop = true;
    await Promise.all(streams);
    // The stream really carried all three kinds (bets need the market feed's first index price).
    expect(acknowledgedTransfers.length).toBeGreaterThan(0);
    expect(acknowledgedOrders.length).toBeGreaterThan(0);
    expect(acknowledgedBets).toBeGreaterThan(0);

    server = startServer();
    token = await server.waitUntilReady();

    // Every acknowledged transfer is stored; every stored one was submitted; each has both ledger legs.
    const stored = await database.pool.query<{ sell_amount: number }>(
      `SELECT sell_amount FROM wallet_transfers WHERE user_id = $1`,
      [userId],
    );
    const storedAmounts = new Set(stored.rows.map((row) => row.sell_amount));
    for (const amount of acknowledgedTransfers) expect(storedAmounts.has(amount), `transfer of ${amount}`).toBe(true);
    expect(stored.rows.length).toBeLessThanOrEqual(submittedTransfers);
    const legs = await database.pool.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ledger_postings WHERE kind = 'wallet_transfer' AND debit = $1`,
      [`user:${userId}:spot`],
    );
    expect(legs.rows[0]!.count).toBe(stored.rows.length);

    const orders = await database.pool.query<{ id: number }>('SELECT id FROM orders WHERE user_id = $1', [userId]);
    const storedOrders = new Set(orders.rows.map((row) => row.id));
    for (const no of acknowledgedOrders) expect(storedOrders.has(no), `order ${no}`).toBe(true);

    const bets = await database.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM option_orders WHERE user_id = $1',
      [userId],
    );
    expect(bets.rows[0]!.count).toBeGreaterThanOrEqual(acknowledgedBets);
    expect(bets.rows[0]!.count).toBeLessThanOrEqual(submittedBets);

    await expectLedgerInvariants(database.pool);
    // The restarted engine agrees with the database: nothing lost, nothing created (bets may have settled since).
    const balance = await server.call<{ bsc: number; usdtm: number }>('GET', '/user/balance', token);
    const spot = await database.pool.query<{ balance: number }>('SELECT balance FROM ledger_accounts WHERE id = $1', [
      `user:${userId}:spot`,
    ]);
    expect(balance.data!.bsc).toBe(toNumber(spot.rows[0]!.balance, USDT_SCALE));
  }, 120_000);
});
