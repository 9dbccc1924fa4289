/**
 * The chaos run's wallet checks after each restart: deposits (every acknowledged faucet send credited exactly once
 * once final, none credited twice, none credited that is not on chain, the ledger's deposit postings matching the
 * credits) and withdrawals (every acknowledged request stored once and held, a cancelled or refused one released, an
 * approved one paid out in the ledger and sent on chain exactly once, nothing cut off by a kill half-applied).
 */
import type pg from 'pg';
import { createPublicClient, erc20Abi, getAddress, http, parseEventLogs, type Address, type Hex } from 'viem';
import type { Ledgerbook } from './book.ts';

/** The platform's chain as its server announced it: `Chain: <url> (chain <id>), USDT at <address>`. */
export interface Chain {
  client: ReturnType<typeof createPublicClient>;
  token: Address;
}

export function chainOf(serverLog: string): Chain {
  const announced = [...serverLog.matchAll(/Chain: (http\S+) \(chain \d+\), USDT at (0x[0-9a-fA-F]{40})/g)].at(-1);
  if (!announced) throw new Error('the server did not say where its chain is');
  return { client: createPublicClient({ transport: http(announced[1]) }), token: getAddress(announced[2]!) };
}

/** Micro-USDT to the token's 18-decimal units. */
const tokenUnits = (micro: number) => BigInt(micro) * 10n ** 12n;
const WITHDRAWAL_FEE = 5_000_000;

interface DepositRow {
  tx_hash: string;
  log_index: number;
  block_hash: string;
  to_address: string;
  user_id: string;
  amount: string;
  amount_units: string;
  kind: string;
  status: number;
  credited_block_hash: string | null;
  credit_count: number;
  reversal_count: number;
}

interface WithdrawalRow {
  no: string;
  user_id: string;
  address: string;
  amount: string;
  fee: string;
  status: number;
  held: boolean;
  released: boolean;
  ledger_sent: boolean;
  tx_hash: string | null;
}

interface Posting {
  ref: string;
  kind: string;
  debit: string;
  credit: string;
  amount: string;
}

export interface WalletRows {
  deposits: DepositRow[];
  withdrawals: WithdrawalRow[];
}

/**
 * What is still moving after a restart: acknowledged deposits not yet credited, deposits confirming, withdrawal
 * ledger steps a crash left undone, approved withdrawals not yet confirmed on chain. Answers how many.
 */
export async function walletBacklog(client: pg.Client, book: Ledgerbook): Promise<number> {
  const acknowledged = [...book.faucet.values()].flatMap((s) => (s.outcome === 'acknowledged' ? [s.txHash!] : []));
  const { rows } = await client.query<{ n: string }>(
    `SELECT (SELECT count(*) FROM unnest($1::text[]) AS t(tx)
              WHERE NOT EXISTS (SELECT 1 FROM chain_deposits d WHERE d.tx_hash = t.tx AND d.status = 2))
          + (SELECT count(*) FROM chain_deposits WHERE kind = 'deposit' AND status = 1)
          + (SELECT count(*) FROM withdrawals
              WHERE NOT held OR (status IN (3, 4) AND NOT released) OR (status = 2 AND NOT ledger_sent)
                 OR (status = 2 AND chain_state <> 'confirmed')) AS n`,
    [acknowledged],
  );
  return Number(rows[0]!.n);
}

/** The ledger and the rows, read in one snapshot (the caller's REPEATABLE READ transaction). */
export async function checkWalletDatabase(client: pg.Client, book: Ledgerbook): Promise<[string[], WalletRows]> {
  const deposits = await client.query<DepositRow>(
    `SELECT tx_hash, log_index, block_hash, to_address, user_id::text, amount::text, amount_units::text, kind, status,
            credited_block_hash, credit_count, reversal_count FROM chain_deposits ORDER BY id`,
  );
  const withdrawals = await client.query<WithdrawalRow>(
    `SELECT no::text, user_id::text, lower(wallet_address) AS address, amount::text, fee::text, status, held, released,
            ledger_sent, tx_hash FROM withdrawals ORDER BY no`,
  );
  const postings = await client.query<Posting>(
    `SELECT ref, kind, debit, credit, amount::text FROM ledger_postings
     WHERE kind IN ('deposit', 'deposit_reversal', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_sent',
                    'withdrawal_fee')`,
  );
  const holds = await client.query<{ id: string; balance: string }>(
    "SELECT id, balance::text FROM ledger_accounts WHERE id LIKE 'user:%:withdrawal_hold' AND balance <> 0",
  );
  const byRef = new Map<string, Posting[]>();
  for (const posting of postings.rows) byRef.set(posting.ref, [...(byRef.get(posting.ref) ?? []), posting]);
  const violations = [
    ...depositViolations(deposits.rows, byRef, book),
    ...withdrawalViolations(withdrawals.rows, byRef, holds.rows, book),
  ];
  return [violations, { deposits: deposits.rows, withdrawals: withdrawals.rows }];
}

function depositViolations(rows: DepositRow[], byRef: Map<string, Posting[]>, book: Ledgerbook): string[] {
  const violations: string[] = [];
  const byTx = new Map<string, DepositRow[]>();
  for (const row of rows) byTx.set(row.tx_hash, [...(byTx.get(row.tx_hash) ?? []), row]);
  for (const [amount, send] of book.faucet) {
    if (send.outcome !== 'acknowledged') continue;
    const found = byTx.get(send.txHash!) ?? [];
    const row = found[0];
    if (found.length !== 1 || !row)
      violations.push(`acknowledged deposit ${send.txHash} recorded ${found.length} times`);
    else if (Number(row.user_id) !== send.userId || Number(row.amount) !== amount)
      violations.push(`acknowledged deposit ${send.txHash} recorded for user ${row.user_id}, ${row.amount} micro-USDT`);
    else if (row.status !== 2 || row.credited_block_hash !== row.block_hash || row.credit_count !== 1)
      violations.push(
        `acknowledged deposit ${send.txHash} not credited (status ${row.status}, ${row.credit_count} credits)`,
      );
  }
  const creditRefs = new Set<string>();
  for (const row of rows) {
    const name = `deposit ${row.tx_hash}#${row.log_index}`;
    const send = book.faucet.get(Number(row.amount));
    if (row.kind !== 'deposit') violations.push(`${name} recorded as ${row.kind}`);
    if (!send || send.userId !== Number(row.user_id) || send.outcome === 'refused')
      violations.push(`${name} of ${row.amount} micro-USDT to user ${row.user_id} was never asked of the faucet`);
    else if (send.outcome === 'acknowledged' && send.txHash !== row.tx_hash)
      violations.push(`${name} repeats the faucet send ${send.txHash}`);
    if (row.credit_count > 1) violations.push(`${name} credited ${row.credit_count} times`);
    if (row.reversal_count > 0)
      violations.push(`${name} reversed ${row.reversal_count} times (its block left the chain)`);
    if (row.credited_block_hash === null) continue;
    const ref = `deposit:${row.tx_hash}:${row.log_index}:${row.credited_block_hash}`;
    creditRefs.add(ref);
    const credits = (byRef.get(ref) ?? []).filter((p) => p.kind === 'deposit');
    const right = credits.filter(
      (p) => p.debit === 'chain:clearing' && p.credit === `user:${row.user_id}:spot` && p.amount === row.amount,
    );
    if (credits.length !== 1 || right.length !== 1)
      violations.push(`${name} credited: ${credits.length} ledger credits, ${right.length} of them right`);
  }
  for (const [ref, postings] of byRef) {
    if (!ref.startsWith('deposit:')) continue;
    if (postings.some((p) => p.kind === 'deposit_reversal')) violations.push(`ledger reversed deposit ${ref}`);
    else if (!creditRefs.has(ref)) violations.push(`ledger credit ${ref} has no credited deposit`);
  }
  return violations;
}

/** The ledger postings one withdrawal's state calls for: [kind, debit, credit, amount]. */
function expectedPostings(row: WithdrawalRow): Array<[string, string, string, string]> {
  const user = (purpose: string) => `user:${row.user_id}:${purpose}`;
  const total = String(Number(row.amount) + Number(row.fee));
  const expected: Array<[string, string, string, string]> = [
    ['withdrawal_hold', user('spot'), user('withdrawal_hold'), total],
  ];
  if (row.status === 3 || row.status === 4)
    expected.push(['withdrawal_release', user('withdrawal_hold'), user('spot'), total]);
  if (row.status === 2)
    expected.push(
      ['withdrawal_sent', user('withdrawal_hold'), 'chain:clearing', row.amount],
      ['withdrawal_fee', user('withdrawal_hold'), 'house:fee_revenue', row.fee],
    );
  return expected;
}

const STATUS_OF: Record<string, number> = { approve: 2, cancel: 3, refuse: 4 };

function withdrawalViolations(
  rows: WithdrawalRow[],
  byRef: Map<string, Posting[]>,
  holds: Array<{ id: string; balance: string }>,
  book: Ledgerbook,
): string[] {
  const violations: string[] = [];
  const byAddress = new Map<string, WithdrawalRow[]>();
  for (const row of rows) byAddress.set(row.address, [...(byAddress.get(row.address) ?? []), row]);
  for (const [address, request] of book.withdrawals) {
    const found = byAddress.get(address) ?? [];
    if (found.length > 1) violations.push(`withdrawal request to ${address} stored ${found.length} times`);
    if (request.outcome === 'acknowledged' && (found.length !== 1 || Number(found[0]!.no) !== request.no))
      violations.push(`acknowledged withdrawal ${request.no} to ${address} missing`);
    if (request.outcome === 'refused' && found.length > 0)
      violations.push(`refused withdrawal request to ${address} stored as ${found[0]!.no}`);
  }
  const owed = new Map<string, number>();
  const rowRefs = new Set<string>();
  for (const row of rows) {
    const name = `withdrawal ${row.no}`;
    const request = book.withdrawals.get(row.address);
    rowRefs.add(`withdrawal:${row.no}`);
    if (!request) violations.push(`${name} to ${row.address} stored but never requested`);
    else if (request.userId !== Number(row.user_id) || request.amount !== Number(row.amount))
      violations.push(`${name} stored for user ${row.user_id} and ${row.amount}, not as requested`);
    if (Number(row.fee) !== WITHDRAWAL_FEE) violations.push(`${name} has fee ${row.fee}`);
    if (!row.held) violations.push(`${name} left without its hold (half-applied)`);
    if ((row.status === 3 || row.status === 4) && !row.released) violations.push(`${name} closed, hold not released`);
    if (row.status === 2 && (!row.ledger_sent || !row.tx_hash)) violations.push(`${name} approved, not paid out`);
    if (row.status === 1 && row.held) {
      const account = `user:${row.user_id}:withdrawal_hold`;
      owed.set(account, (owed.get(account) ?? 0) + Number(row.amount) + Number(row.fee));
    }
    const actual = (byRef.get(`withdrawal:${row.no}`) ?? []).map((p) =>
      [p.kind, p.debit, p.credit, p.amount].join(' '),
    );
    const expected = expectedPostings(row).map((p) => p.join(' '));
    if (actual.sort().join('; ') !== expected.sort().join('; '))
      violations.push(
        `${name} (status ${row.status}) has postings [${actual.join('; ')}], not [${expected.join('; ')}]`,
      );
    const decisions = book.decisions.get(Number(row.no)) ?? [];
    const kindOfStatus = Object.keys(STATUS_OF).find((kind) => STATUS_OF[kind] === row.status);
    if (kindOfStatus && !decisions.some((d) => d.kind === kindOfStatus))
      violations.push(`${name} has status ${row.status}, but no ${kindOfStatus} was ever sent`);
    for (const decision of decisions.filter((d) => d.outcome === 'acknowledged')) {
      if (STATUS_OF[decision.kind] !== row.status)
        violations.push(`acknowledged ${decision.kind} of ${name} not applied (status ${row.status})`);
      else if (decision.kind === 'approve' && decision.txHash !== row.tx_hash)
        violations.push(`${name} approved as ${decision.txHash}, stored as ${row.tx_hash}`);
    }
  }
  for (const ref of byRef.keys())
    if (ref.startsWith('withdrawal:') && !rowRefs.has(ref))
      violations.push(`ledger moved money for ${ref}, not stored`);
  for (const { id, balance } of holds)
    if (!owed.has(id)) violations.push(`${id} holds ${balance} with no withdrawal waiting`);
  for (const [id, amount] of owed) {
    const held = Number(holds.find((h) => h.id === id)?.balance ?? 0);
    if (held !== amount) violations.push(`${id} holds ${held}, its waiting withdrawals ${amount}`);
  }
  return violations;
}

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width)
    results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

/**
 * The chain against the rows: every credited deposit's log is on the chain in the credited block, to the user's
 * deposit address, for the amount; every address a withdrawal was requested to holds exactly the amount of its
 * approved withdrawal (the addresses are fresh: one approved transfer or none), and an approved one's transaction
 * is mined.
 */
export async function checkWalletChain(chain: Chain, rows: WalletRows, book: Ledgerbook): Promise<string[]> {
  const { client, token } = chain;
  const violations: string[] = [];
  const receipt = (hash: string) => client.getTransactionReceipt({ hash: hash as Hex }).catch(() => null);
  const credited = rows.deposits.filter((row) => row.credited_block_hash !== null);
  await inParallel(credited, 16, async (row) => {
    const mined = await receipt(row.tx_hash);
    const logs = mined ? parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: mined.logs }) : [];
    const log = logs.find((l) => l.logIndex === row.log_index);
    if (!mined || mined.blockHash !== row.credited_block_hash)
      violations.push(`credited deposit ${row.tx_hash} is not on the chain in block ${row.credited_block_hash}`);
    else if (
      !log ||
      log.address.toLowerCase() !== token.toLowerCase() ||
      log.args.to.toLowerCase() !== row.to_address.toLowerCase() ||
      log.args.value !== BigInt(row.amount_units)
    )
      violations.push(`credited deposit ${row.tx_hash}#${row.log_index} is not that transfer on the chain`);
  });
  const acknowledged = [...book.faucet].filter(([, send]) => send.outcome === 'acknowledged');
  await inParallel(acknowledged, 16, async ([amount, send]) => {
    const mined = await receipt(send.txHash!);
    const logs = mined ? parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs: mined.logs }) : [];
    const paid = logs.some(
      (l) => l.args.to.toLowerCase() === send.to?.toLowerCase() && l.args.value === tokenUnits(amount),
    );
    if (!mined || !paid) violations.push(`acknowledged deposit ${send.txHash} is not on the chain`);
  });
  const approved = new Map(rows.withdrawals.filter((row) => row.status === 2).map((row) => [row.address, row]));
  await inParallel([...book.withdrawals.keys()], 16, async (address) => {
    const row = approved.get(address);
    const balance = await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address as Address],
    });
    const expected = row ? tokenUnits(Number(row.amount)) : 0n;
    if (balance !== expected)
      violations.push(`${address} holds ${balance} token units, its approved withdrawals ${expected}`);
    if (row && (await receipt(row.tx_hash!))?.status !== 'success')
      violations.push(`approved withdrawal ${row.no} (${row.tx_hash}) is not mined`);
  });
  return violations;
}

interface Viewer {
  userId: number;
  token: string;
}

/**
 * What the users see: `/deposit/lookup` shows each of their acknowledged deposits once, completed; `/withdraw/lookup`
 * each of their acknowledged withdrawals once, in the state stored (both lists are the newest 100).
 */
export async function checkLookups(
  call: <T>(url: string, token: string) => Promise<T>,
  viewers: readonly Viewer[],
  rows: WalletRows,
  book: Ledgerbook,
): Promise<string[]> {
  const violations: string[] = [];
  const statusOf = new Map(rows.withdrawals.map((row) => [Number(row.no), row.status]));
  for (const { userId, token } of viewers) {
    const { deposits } = await call<{ deposits: Array<{ txHash: string; status: number }> }>('/deposit/lookup', token);
    for (const send of book.faucet.values()) {
      if (send.userId !== userId || send.outcome !== 'acknowledged') continue;
      const shown = deposits.filter((d) => d.txHash === send.txHash);
      if (shown.length !== 1 || shown[0]!.status !== 2)
        violations.push(`user ${userId} sees deposit ${send.txHash} ${shown.length} times (${shown[0]?.status})`);
    }
    const { withdraws } = await call<{ withdraws: Array<{ no: number; status: number }> }>('/withdraw/lookup', token);
    const oldestShown = withdraws.length < 100 ? 0 : Math.min(...withdraws.map((w) => w.no));
    for (const request of book.withdrawals.values()) {
      if (request.userId !== userId || request.outcome !== 'acknowledged' || request.no! < oldestShown) continue;
      const shown = withdraws.filter((w) => w.no === request.no);
      if (shown.length !== 1 || shown[0]!.status !== statusOf.get(request.no!))
        violations.push(`user ${userId} sees withdrawal ${request.no} ${shown.length} times (${shown[0]?.status})`);
    }
  }
  return violations;
}
