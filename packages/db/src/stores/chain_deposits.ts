import type { Queryable } from '../pool.ts';

export type DepositKind = 'deposit' | 'dust' | 'too_large' | 'foreign_token';
/** 1 confirming, 2 completed, 3 reverted. */
export type DepositStatus = 1 | 2 | 3;

/** A Transfer log to a user's deposit address, as read from the chain. */
export interface ObservedDeposit {
  txHash: string;
  logIndex: number;
  blockNumber: number;
  blockHash: string;
  tokenAddress: string;
  fromAddress: string;
  toAddress: string;
  userId: number;
  /** Token units (decimal text: up to 78 digits). */
  amountUnits: string;
  /** Micro-USDT, rounded down (0 for other tokens). */
  amount: number;
  remainderUnits: string;
  kind: DepositKind;
}

export interface DepositRecord extends ObservedDeposit {
  id: number;
  status: DepositStatus;
  creditedBlockHash: string | null;
  insertedAt: Date;
}

interface DepositRow {
  id: number;
  tx_hash: string;
  log_index: number;
  block_number: number;
  block_hash: string;
  token_address: string;
  from_address: string;
  to_address: string;
  user_id: number;
  amount_units: string;
  amount: number;
  remainder_units: string;
  kind: DepositKind;
  status: DepositStatus;
  credited_block_hash: string | null;
  inserted_at: Date;
}

const COLUMNS = `id, tx_hash, log_index, block_number, block_hash, token_address, from_address, to_address, user_id,
  amount_units::text AS amount_units, amount, remainder_units::text AS remainder_units, kind, status,
  credited_block_hash, inserted_at`;

function fromRow(row: DepositRow): DepositRecord {
  return {
    id: row.id,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    blockNumber: row.block_number,
    blockHash: row.block_hash,
    tokenAddress: row.token_address,
    fromAddress: row.from_address,
    toAddress: row.to_address,
    userId: row.user_id,
    amountUnits: row.amount_units,
    amount: row.amount,
    remainderUnits: row.remainder_units,
    kind: row.kind,
    status: row.status,
    creditedBlockHash: row.credited_block_hash,
    insertedAt: row.inserted_at,
  };
}

/**
 * Records logs read from the chain. The same log read again changes nothing; a log seen again in a different block
 * (re-included after a reorganisation) takes the new block and starts confirming again.
 */
export async function recordObservedDeposits(db: Queryable, deposits: readonly ObservedDeposit[], now: Date) {
  if (deposits.length === 0) return;
  await db.query(
    `INSERT INTO chain_deposits (tx_hash, log_index, block_number, block_hash, token_address, from_address,
       to_address, user_id, amount_units, amount, remainder_units, kind, status, inserted_at, updated_at)
     SELECT d.tx_hash, d.log_index, d.block_number, d.block_hash, d.token_address, d.from_address, d.to_address,
       d.user_id, d.amount_units::numeric, d.amount, d.remainder_units::numeric, d.kind, 1, $2, $2
     FROM jsonb_to_recordset($1::jsonb) AS d (tx_hash text, log_index int, block_number bigint, block_hash text,
       token_address text, from_address text, to_address text, user_id bigint, amount_units text, amount bigint,
       remainder_units text, kind text)
     ON CONFLICT (tx_hash, log_index) DO UPDATE
       SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, status = 1, updated_at = $2
       WHERE chain_deposits.block_hash <> EXCLUDED.block_hash`,
    [
      JSON.stringify(
        deposits.map((d) => ({
          tx_hash: d.txHash,
          log_index: d.logIndex,
          block_number: d.blockNumber,
          block_hash: d.blockHash,
          token_address: d.tokenAddress,
          from_address: d.fromAddress,
          to_address: d.toAddress,
          user_id: d.userId,
          amount_units: d.amountUnits,
          amount: d.amount,
          remainder_units: d.remainderUnits,
          kind: d.kind,
        })),
      ),
      now,
    ],
  );
}

/** Deposits in blocks above `blockNumber` are no longer on the chain: status 3. Answers the rows changed. */
export async function revertDepositsAbove(db: Queryable, blockNumber: number, now: Date): Promise<DepositRecord[]> {
  const result = await db.query<DepositRow>(
    `UPDATE chain_deposits SET status = 3, updated_at = $2 WHERE block_number > $1 AND status <> 3
     RETURNING ${COLUMNS}`,
    [blockNumber, now],
  );
  return result.rows.map(fromRow);
}

/** Confirming rows in blocks at or below `finalBlock`: ready to be credited (deposits) or closed (the rest). */
export async function depositsReachingFinality(db: Queryable, finalBlock: number): Promise<DepositRecord[]> {
  const result = await db.query<DepositRow>(
    `SELECT ${COLUMNS} FROM chain_deposits WHERE status = 1 AND block_number <= $1 ORDER BY block_number, id`,
    [finalBlock],
  );
  return result.rows.map(fromRow);
}

/** Standing credits whose row was reverted or moved to another block: to be reversed in the ledger. */
export async function creditsToReverse(db: Queryable): Promise<DepositRecord[]> {
  const result = await db.query<DepositRow>(
    `SELECT ${COLUMNS} FROM chain_deposits
     WHERE credited_block_hash IS NOT NULL AND (status = 3 OR credited_block_hash <> block_hash) ORDER BY id`,
  );
  return result.rows.map(fromRow);
}

/** Status 2 once final; `credited` records the block the ledger credit was made for. False if the row moved. */
export async function markDepositCompleted(
  db: Queryable,
  id: number,
  blockHash: string,
  credited: boolean,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    `UPDATE chain_deposits SET status = 2, updated_at = $4,
       credited_block_hash = CASE WHEN $3 THEN $2 ELSE credited_block_hash END,
       credit_count = credit_count + CASE WHEN $3 THEN 1 ELSE 0 END
     WHERE id = $1 AND block_hash = $2 AND status = 1`,
    [id, blockHash, credited, now],
  );
  return result.rowCount === 1;
}

/** Status 2 with a standing credit for each row still confirming in the same block; answers how many changed. */
export async function markDepositsCredited(
  db: Queryable,
  rows: ReadonlyArray<{ id: number; blockHash: string }>,
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.query(
    `UPDATE chain_deposits AS d SET status = 2, credited_block_hash = c.block_hash, credit_count = credit_count + 1,
       updated_at = $3
     FROM unnest($1::bigint[], $2::text[]) AS c (id, block_hash)
     WHERE d.id = c.id AND d.block_hash = c.block_hash AND d.status = 1`,
    [rows.map((row) => row.id), rows.map((row) => row.blockHash), now],
  );
  return result.rowCount ?? 0;
}

export async function markCreditReversed(db: Queryable, id: number, creditedBlockHash: string, now: Date) {
  await db.query(
    `UPDATE chain_deposits SET credited_block_hash = NULL, reversal_count = reversal_count + 1, updated_at = $3
     WHERE id = $1 AND credited_block_hash = $2`,
    [id, creditedBlockHash, now],
  );
}

/** The user's credited-kind deposits of the real token (not dust, not other tokens), newest first. */
export async function listUserDeposits(db: Queryable, userId: number, limit: number): Promise<DepositRecord[]> {
  const result = await db.query<DepositRow>(
    `SELECT ${COLUMNS} FROM chain_deposits WHERE user_id = $1 AND kind = 'deposit'
     ORDER BY inserted_at DESC, id DESC LIMIT $2`,
    [userId, limit],
  );
  return result.rows.map(fromRow);
}

export async function listAllDeposits(db: Queryable): Promise<DepositRecord[]> {
  const result = await db.query<DepositRow>(`SELECT ${COLUMNS} FROM chain_deposits ORDER BY id`);
  return result.rows.map(fromRow);
}

/**
 * Users whose deposits of the real token are still confirming (their confirmations change with every block) or
 * changed at or after `since` (recorded, completed, reverted).
 */
export async function usersWithMovingDeposits(db: Queryable, since: Date): Promise<number[]> {
  const result = await db.query<{ user_id: string }>(
    "SELECT DISTINCT user_id FROM chain_deposits WHERE kind = 'deposit' AND (status = 1 OR updated_at >= $1)",
    [since],
  );
  return result.rows.map((row) => Number(row.user_id));
}
