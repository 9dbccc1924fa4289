/** What the chaos run checks after each restart, against PostgreSQL, the chain and the running server. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { checkLedgerHealth } from '@tickline/db';
import type { Ledgerbook } from './book.ts';
import { CHAOS_MARKETS } from './load.ts';
import { checkMarketHolds } from './hold-checks.ts';
import { checkOrderControls } from './order-controls-load.ts';
import { CLIENT_ORDER_ID_PREFIX } from './signed-load.ts';
import { checkWalletDatabase, walletBacklog, type WalletRows } from './wallet-checks.ts';

export type { Ledgerbook };

/** The embedded cluster's URL, from the port in its lock file (line 4). */
export function embeddedUrl(dataDir: string): string {
  const lines = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
  return `postgres://postgres:tickline-local@127.0.0.1:${lines[3]}/postgres`;
}

/**
 * Waits, at most `timeoutMs`, until the wallet's work after a restart is done (deposits credited, withdrawal steps
 * finished, approved withdrawals confirmed); answers what was still outstanding then (0: nothing).
 */
export async function awaitWallet(url: string, book: Ledgerbook, timeoutMs: number): Promise<number> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const backlog = await walletBacklog(client, book);
      if (backlog === 0 || Date.now() > deadline) return backlog;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await client.end();
  }
}

/** Everything stored, read in one snapshot: the operations acknowledged, the wallet's rows, the ledger's health. */
export async function checkDatabase(url: string, book: Ledgerbook): Promise<[string[], WalletRows]> {
  const violations: string[] = [];
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const orders = await client.query<{ id: string; user_id: string; status: string; symbol: string }>(
      'SELECT id::text, user_id::text, status, symbol FROM orders WHERE id = ANY($1::bigint[])',
      [[...book.orders.keys()]],
    );
    const stored = new Map(orders.rows.map((row) => [Number(row.id), row]));
    for (const [id, userId] of book.orders) {
      const row = stored.get(id);
      const symbol = book.orderSymbols.get(id);
      if (!row || Number(row.user_id) !== userId) violations.push(`acknowledged order ${id} missing`);
      else if (symbol !== undefined && row.symbol !== symbol)
        violations.push(`acknowledged order ${id} of ${symbol} stored in ${row.symbol}`);
      else if (book.cancels.has(id) && row.status !== 'cancelled')
        violations.push(`acknowledged cancel of order ${id} not applied (${row.status})`);
    }
    const bets = await client.query<{ id: string; user_id: string }>(
      'SELECT id::text, user_id::text FROM option_orders WHERE id = ANY($1::bigint[])',
      [[...book.bets.keys()]],
    );
    const storedBets = new Map(bets.rows.map((row) => [Number(row.id), Number(row.user_id)]));
    for (const [id, userId] of book.bets)
      if (storedBets.get(id) !== userId) violations.push(`acknowledged bet ${id} missing`);
    const transfers = await client.query<{ key: string; n: string }>(
      `SELECT user_id || ':' || sell || ':' || sell_amount AS key, count(*)::text AS n
         FROM wallet_transfers GROUP BY 1`,
    );
    const counted = new Map(transfers.rows.map((row) => [row.key, Number(row.n)]));
    for (const key of book.transfers)
      if (counted.get(key) !== 1) violations.push(`acknowledged transfer ${key} stored ${counted.get(key) ?? 0} times`);
    for (const [key, n] of counted) {
      if (book.transfers.has(key)) continue;
      if (!book.unknownTransfers.has(key)) violations.push(`transfer ${key} stored but never sent`);
      else if (n > 1) violations.push(`unacknowledged transfer ${key} stored ${n} times`);
    }
    violations.push(...(await checkSignedOrders(client, book)));
    violations.push(...(await checkMarkets(client)));
    violations.push(...(await checkMarketHolds(client)));
    violations.push(...(await checkOrderControls(client, book)));
    const health = await checkLedgerHealth(client);
    if (health.balanceTotal !== 0) violations.push(`ledger sums to ${health.balanceTotal}, not 0`);
    for (const account of health.mismatchedAccounts)
      violations.push(`balance of ${account.id} is ${account.balance}, its postings sum to ${account.postingSum}`);
    for (const account of health.negativeUserAccounts)
      violations.push(`user account ${account.id} is negative (${account.balance})`);
    const [walletViolations, rows] = await checkWalletDatabase(client, book);
    await client.query('COMMIT');
    return [[...violations, ...walletViolations], rows];
  } finally {
    await client.end();
  }
}

/**
 * Per market (#34): every open order and position is in a market the platform runs, and each user's position in a
 * market is the sum of their fills there (bought minus sold), whatever happened in the other markets.
 */
async function checkMarkets(client: pg.Client): Promise<string[]> {
  const violations: string[] = [];
  const strays = await client.query<{ what: string; id: string; symbol: string }>(
    `SELECT 'order' AS what, id::text, symbol FROM orders WHERE status = 'open' AND symbol <> ALL($1::text[])
     UNION ALL SELECT 'position', user_id::text, symbol FROM positions WHERE symbol <> ALL($1::text[])`,
    [CHAOS_MARKETS.map((market) => market.symbol)],
  );
  for (const row of strays.rows) violations.push(`${row.what} ${row.id} in ${row.symbol}, a market not run`);
  // Side 1 buys: the taker of a buy and the maker of a sell gain the quantity, the others lose it.
  const mismatched = await client.query<{ user_id: string; symbol: string; held: string; filled: string }>(
    `WITH fills AS (
       SELECT taker_user_id AS user_id, symbol, CASE taker_side WHEN 1 THEN qty ELSE -qty END AS signed FROM trades
       UNION ALL
       SELECT maker_user_id, symbol, CASE taker_side WHEN 1 THEN -qty ELSE qty END FROM trades
     ), filled AS (SELECT user_id, symbol, sum(signed) AS qty FROM fills GROUP BY 1, 2),
     held AS (SELECT user_id, symbol, CASE side WHEN 1 THEN qty ELSE -qty END AS qty FROM positions)
     SELECT coalesce(h.user_id, f.user_id)::text AS user_id, coalesce(h.symbol, f.symbol) AS symbol,
            coalesce(h.qty, 0)::text AS held, coalesce(f.qty, 0)::text AS filled
       FROM held h FULL JOIN filled f ON h.user_id = f.user_id AND h.symbol = f.symbol
      WHERE coalesce(h.qty, 0) <> coalesce(f.qty, 0)`,
  );
  for (const row of mismatched.rows)
    violations.push(`user ${row.user_id} holds ${row.held} lots of ${row.symbol}, its fills sum to ${row.filled}`);
  return violations;
}

/** Open orders and positions per market, for the run's report. */
export async function marketFigures(url: string): Promise<string> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ symbol: string; open: string; positions: string; trades: string }>(
      `SELECT m.symbol,
              (SELECT count(*) FROM orders o WHERE o.symbol = m.symbol AND o.status = 'open')::text AS open,
              (SELECT count(*) FROM positions p WHERE p.symbol = m.symbol)::text AS positions,
              (SELECT count(*) FROM trades t WHERE t.symbol = m.symbol)::text AS trades
         FROM unnest($1::text[]) AS m(symbol)`,
      [CHAOS_MARKETS.map((market) => market.symbol)],
    );
    return rows
      .map((row) => `${row.symbol} ${row.open} open, ${row.positions} positions, ${row.trades} trades`)
      .join('; ');
  } finally {
    await client.end();
  }
}

/**
 * Signed orders by their client order id: an acknowledged one stored exactly once, as the order it was answered with
 * and for its user; one cut off by a kill or answered with an open outcome stored at most once; a refused one, or an
 * id never sent, never stored. (Acknowledged ones are also among the orders checked above, with their cancels.)
 */
async function checkSignedOrders(client: pg.Client, book: Ledgerbook): Promise<string[]> {
  const violations: string[] = [];
  const stored = await client.query<{ client_order_id: string; ids: string[]; user_ids: string[] }>(
    `SELECT client_order_id, array_agg(id::text) AS ids, array_agg(user_id::text) AS user_ids
       FROM orders WHERE starts_with(client_order_id, $1) GROUP BY client_order_id`,
    [CLIENT_ORDER_ID_PREFIX],
  );
  const byId = new Map(stored.rows.map((row) => [row.client_order_id, row]));
  for (const [clientOrderId, sent] of book.signedOrders) {
    const row = byId.get(clientOrderId);
    const n = row?.ids.length ?? 0;
    if (row?.user_ids.some((userId) => Number(userId) !== sent.userId))
      violations.push(`signed order ${clientOrderId} stored for another user (${row.user_ids.join(', ')})`);
    if (sent.outcome === 'acknowledged') {
      if (n !== 1) violations.push(`acknowledged signed order ${clientOrderId} stored ${n} times`);
      else if (Number(row!.ids[0]) !== sent.no)
        violations.push(`acknowledged signed order ${clientOrderId} is order ${row!.ids[0]}, answered ${sent.no}`);
    } else if (sent.outcome === 'refused' && n > 0)
      violations.push(`refused signed order ${clientOrderId} stored ${n} times`);
    else if (n > 1) violations.push(`unacknowledged signed order ${clientOrderId} stored ${n} times`);
  }
  for (const clientOrderId of byId.keys())
    if (!book.signedOrders.has(clientOrderId)) violations.push(`signed order ${clientOrderId} stored but never sent`);
  return violations;
}

/**
 * Market data and the user stream resume: a depth snapshot of every market (each restored), then the user's event
 * after one of its orders.
 */
export async function checkWebsocket(
  port: number,
  token: string,
  placeOrder: () => Promise<unknown>,
): Promise<string[]> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const seen = new Set<string>();
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const waitFor = (type: string) =>
      new Promise<boolean>((resolve) => {
        if (seen.has(type)) return resolve(true);
        const timer = setTimeout(() => resolve(false), 10_000);
        socket.on('message', (data) => {
          if (seen.has(type)) {
            clearTimeout(timer);
            resolve(true);
          }
          void data;
        });
      });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; symbol?: string };
      seen.add(message.type);
      if (message.type === 'depth') seen.add(`depth:${message.symbol}`);
    });
    for (const { symbol } of CHAOS_MARKETS)
      socket.send(JSON.stringify({ type: 'subscribe', symbol, streamType: 'depth' }));
    socket.send(JSON.stringify({ type: 'auth', token }));
    const problems: string[] = [];
    for (const { symbol } of CHAOS_MARKETS)
      if (!(await waitFor(`depth:${symbol}`)))
        problems.push(`no ${symbol} depth snapshot on the websocket after restart`);
    if (!(await waitFor('auth'))) problems.push('websocket auth not answered after restart');
    await placeOrder();
    if (!(await waitFor('user'))) problems.push('no user event on the websocket after restart');
    return problems;
  } catch (error) {
    return [`websocket failed after restart: ${String(error)}`];
  } finally {
    socket.terminate();
  }
}
