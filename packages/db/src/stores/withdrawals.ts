import type { Queryable } from '../pool.ts';

/** 1 WAIT, 2 APPROVAL (signed and sent), 3 CANCEL, 4 REFUSE. */
export type WithdrawalStatus = 1 | 2 | 3 | 4;
export type WithdrawalChainState = 'none' | 'pending' | 'confirmed' | 'failed';

export interface WithdrawalRecord {
  no: number;
  userId: number;
  walletAddress: string;
  amount: number;
  fee: number;
  status: WithdrawalStatus;
  held: boolean;
  released: boolean;
  ledgerSent: boolean;
  reason: string | null;
  decidedBy: number | null;
  hotWallet: string | null;
  nonce: number | null;
  rawTx: string | null;
  txHash: string | null;
  broadcastCount: number;
  lastBroadcastAt: Date | null;
  minedBlock: number | null;
  chainState: WithdrawalChainState;
  /** A partner's withdrawal sent in the daily batch (22:00 KST). */
  batch: boolean;
  insertedAt: Date;
}

interface WithdrawalRow {
  no: number;
  user_id: number;
  wallet_address: string;
  amount: number;
  fee: number;
  status: WithdrawalStatus;
  held: boolean;
  released: boolean;
  ledger_sent: boolean;
  reason: string | null;
  decided_by: number | null;
  hot_wallet: string | null;
  nonce: number | null;
  raw_tx: string | null;
  tx_hash: string | null;
  broadcast_count: number;
  last_broadcast_at: Date | null;
  mined_block: number | null;
  chain_state: WithdrawalChainState;
  batch: boolean;
  inserted_at: Date;
}

function fromRow(row: WithdrawalRow): WithdrawalRecord {
  return {
    no: row.no,
    userId: row.user_id,
    walletAddress: row.wallet_address,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    held: row.held,
    released: row.released,
    ledgerSent: row.ledger_sent,
    reason: row.reason,
    decidedBy: row.decided_by,
    hotWallet: row.hot_wallet,
    nonce: row.nonce,
    rawTx: row.raw_tx,
    txHash: row.tx_hash,
    broadcastCount: row.broadcast_count,
    lastBroadcastAt: row.last_broadcast_at,
    minedBlock: row.mined_block,
    chainState: row.chain_state,
    batch: row.batch,
    insertedAt: row.inserted_at,
  };
}

const many = (rows: WithdrawalRow[]) => rows.map(fromRow);

/** Serialises one user's withdrawal registrations until the transaction ends (daily limit checks). */
export async function lockUserWithdrawals(db: Queryable, userId: number): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtext('withdrawals'), $1::int)", [userId]);
}

/** Amounts requested since `since` that are not cancelled or refused (held or about to be). */
export async function requestedSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const result = await db.query<{ total: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS total FROM withdrawals
     WHERE user_id = $1 AND inserted_at > $2 AND status IN (1, 2)`,
    [userId, since],
  );
  return result.rows[0]!.total;
}

/** What the waiting requests will take from the hot wallet once sent: their amounts (fees stay with us), micro-USDT. */
export async function waitingTotal(db: Queryable): Promise<number> {
  const result = await db.query<{ total: number }>(
    'SELECT coalesce(sum(amount), 0)::bigint AS total FROM withdrawals WHERE status = 1 AND held',
  );
  return result.rows[0]!.total;
}

/** A request not yet held: invisible until `markHeld`, deleted if the hold is refused. */
export async function insertWithdrawal(
  db: Queryable,
  row: { userId: number; walletAddress: string; amount: number; fee: number; now: Date; batch?: boolean },
): Promise<number> {
  const result = await db.query<{ no: number }>(
    `INSERT INTO withdrawals (user_id, wallet_address, amount, fee, status, inserted_at, updated_at, batch)
     VALUES ($1, $2, $3, $4, 1, $5, $5, $6) RETURNING no`,
    [row.userId, row.walletAddress, row.amount, row.fee, row.now, row.batch ?? false],
  );
  return result.rows[0]!.no;
}

export async function markHeld(db: Queryable, no: number, now: Date): Promise<void> {
  await db.query('UPDATE withdrawals SET held = true, updated_at = $2 WHERE no = $1', [no, now]);
}

/** Removes a request whose hold the ledger refused (nothing was ever held for it). */
export async function deleteUnheld(db: Queryable, no: number): Promise<void> {
  await db.query('DELETE FROM withdrawals WHERE no = $1 AND held = false', [no]);
}

export async function findWithdrawal(db: Queryable, no: number, forUpdate = false): Promise<WithdrawalRecord | null> {
  const result = await db.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE no = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [no],
  );
  return result.rows[0] ? fromRow(result.rows[0]) : null;
}

/** WAIT → CANCEL or REFUSE; false when it was no longer waiting. */
export async function closeWaiting(
  db: Queryable,
  no: number,
  change: { status: 3 | 4; reason: string | null; decidedBy: number | null; now: Date },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE withdrawals SET status = $2, reason = $3, decided_by = $4, decided_at = $5, updated_at = $5
     WHERE no = $1 AND status = 1 AND held`,
    [no, change.status, change.reason, change.decidedBy, change.now],
  );
  return result.rowCount === 1;
}

export async function markReleased(db: Queryable, no: number, now: Date): Promise<void> {
  await db.query('UPDATE withdrawals SET released = true, updated_at = $2 WHERE no = $1', [no, now]);
}

export async function markLedgerSent(db: Queryable, no: number, now: Date): Promise<void> {
  await db.query('UPDATE withdrawals SET ledger_sent = true, updated_at = $2 WHERE no = $1', [no, now]);
}

/** Takes the hot wallet's next nonce, starting from `chainNonce` the first time. */
export async function allocateNonce(db: Queryable, hotWallet: string, chainNonce: number): Promise<number> {
  await db.query(
    'INSERT INTO hot_wallet_nonces (address, next_nonce) VALUES ($1, $2) ON CONFLICT (address) DO NOTHING',
    [hotWallet, chainNonce],
  );
  const result = await db.query<{ nonce: number }>(
    'UPDATE hot_wallet_nonces SET next_nonce = next_nonce + 1 WHERE address = $1 RETURNING next_nonce - 1 AS nonce',
    [hotWallet],
  );
  return result.rows[0]!.nonce;
}

/** WAIT → APPROVAL with the signed transaction, stored before anything is broadcast. */
export async function storeSigned(
  db: Queryable,
  no: number,
  signed: { hotWallet: string; nonce: number; rawTx: string; txHash: string; decidedBy: number | null; now: Date },
): Promise<void> {
  await db.query(
    `UPDATE withdrawals SET status = 2, hot_wallet = $2, nonce = $3, raw_tx = $4, tx_hash = $5, decided_by = $6,
       decided_at = $7, chain_state = 'pending', updated_at = $7
     WHERE no = $1 AND status = 1`,
    [no, signed.hotWallet, signed.nonce, signed.rawTx, signed.txHash, signed.decidedBy, signed.now],
  );
}

export async function recordBroadcast(db: Queryable, no: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE withdrawals SET broadcast_count = broadcast_count + 1, last_broadcast_at = $2, updated_at = $2
     WHERE no = $1`,
    [no, now],
  );
}

export async function setChainState(
  db: Queryable,
  no: number,
  state: WithdrawalChainState,
  minedBlock: number | null,
  now: Date,
): Promise<void> {
  await db.query('UPDATE withdrawals SET chain_state = $2, mined_block = $3, updated_at = $4 WHERE no = $1', [
    no,
    state,
    minedBlock,
    now,
  ]);
}

/** The user's requests (held ones), newest first. */
export async function listUserWithdrawals(db: Queryable, userId: number, limit: number) {
  const result = await db.query<WithdrawalRow>(
    'SELECT * FROM withdrawals WHERE user_id = $1 AND held ORDER BY inserted_at DESC, no DESC LIMIT $2',
    [userId, limit],
  );
  return many(result.rows);
}

/** Held requests in a status, oldest first (the operators' queue). */
export async function listByStatus(db: Queryable, status: WithdrawalStatus, limit: number) {
  const result = await db.query<WithdrawalRow>(
    'SELECT * FROM withdrawals WHERE status = $1 AND held ORDER BY no LIMIT $2',
    [status, limit],
  );
  return many(result.rows);
}

/** Signed transactions not yet final on chain, by hot wallet nonce. */
export async function listInFlight(db: Queryable) {
  const result = await db.query<WithdrawalRow>(
    "SELECT * FROM withdrawals WHERE status = 2 AND chain_state = 'pending' ORDER BY hot_wallet, nonce",
  );
  return many(result.rows);
}

/** Rows a crash may have left between a database step and its ledger step. */
export async function listUnsettled(db: Queryable) {
  const result = await db.query<WithdrawalRow>(
    `SELECT * FROM withdrawals
     WHERE NOT held OR (status IN (3, 4) AND NOT released) OR (status = 2 AND NOT ledger_sent) ORDER BY no`,
  );
  return many(result.rows);
}

/** A partner's batch withdrawals (held ones), newest first. */
export async function listUserBatchWithdrawals(db: Queryable, userId: number, limit: number) {
  const result = await db.query<WithdrawalRow>(
    'SELECT * FROM withdrawals WHERE user_id = $1 AND held AND batch ORDER BY inserted_at DESC, no DESC LIMIT $2',
    [userId, limit],
  );
  return many(result.rows);
}

/** Waiting batch withdrawals, oldest first: what the 22:00 KST batch sends. */
export async function listWaitingBatch(db: Queryable) {
  const result = await db.query<WithdrawalRow>(
    'SELECT * FROM withdrawals WHERE status = 1 AND held AND batch ORDER BY no',
  );
  return many(result.rows);
}
