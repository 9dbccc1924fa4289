import type { Queryable } from '../pool.ts';

/** 'topup' and 'sweep' are in flight (at most one per address); 'failed' waits for an operator. */
export type SweepStatus = 'topup' | 'sweep' | 'done' | 'failed';

/** Token units and wei travel as decimal text (up to 78 digits): bigint in the caller. */
export interface SweepRecord {
  id: number;
  depositAddress: string;
  userId: number;
  addressIndex: number;
  tokenAddress: string;
  hotWallet: string;
  amountUnits: string;
  gasPrice: string;
  status: SweepStatus;
  topupValue: string | null;
  topupNonce: number | null;
  topupRawTx: string | null;
  topupTxHash: string | null;
  topupBlock: number | null;
  sweepNonce: number | null;
  sweepRawTx: string | null;
  sweepTxHash: string | null;
  sweepBlock: number | null;
  broadcastCount: number;
  lastBroadcastAt: Date | null;
  failure: string | null;
}

interface SweepRow {
  id: number;
  deposit_address: string;
  user_id: number;
  address_index: number;
  token_address: string;
  hot_wallet: string;
  amount_units: string;
  gas_price: string;
  status: SweepStatus;
  topup_value: string | null;
  topup_nonce: number | null;
  topup_raw_tx: string | null;
  topup_tx_hash: string | null;
  topup_block: number | null;
  sweep_nonce: number | null;
  sweep_raw_tx: string | null;
  sweep_tx_hash: string | null;
  sweep_block: number | null;
  broadcast_count: number;
  last_broadcast_at: Date | null;
  failure: string | null;
}

const COLUMNS = `id, deposit_address, user_id, address_index, token_address, hot_wallet, amount_units::text AS amount_units,
  gas_price::text AS gas_price, status, topup_value::text AS topup_value, topup_nonce, topup_raw_tx, topup_tx_hash,
  topup_block, sweep_nonce, sweep_raw_tx, sweep_tx_hash, sweep_block, broadcast_count, last_broadcast_at, failure`;

function fromRow(row: SweepRow): SweepRecord {
  return {
    id: row.id,
    depositAddress: row.deposit_address,
    userId: row.user_id,
    addressIndex: row.address_index,
    tokenAddress: row.token_address,
    hotWallet: row.hot_wallet,
    amountUnits: row.amount_units,
    gasPrice: row.gas_price,
    status: row.status,
    topupValue: row.topup_value,
    topupNonce: row.topup_nonce,
    topupRawTx: row.topup_raw_tx,
    topupTxHash: row.topup_tx_hash,
    topupBlock: row.topup_block,
    sweepNonce: row.sweep_nonce,
    sweepRawTx: row.sweep_raw_tx,
    sweepTxHash: row.sweep_tx_hash,
    sweepBlock: row.sweep_block,
    broadcastCount: row.broadcast_count,
    lastBroadcastAt: row.last_broadcast_at,
    failure: row.failure,
  };
}

/** A deposit address with completed deposits of the token that were not swept yet. */
export interface SweepCandidate {
  depositAddress: string;
  userId: number;
  /** The child index of the address under the deposit account (its key's derivation path). */
  addressIndex: number;
  /** Completed deposit units (credited and dust) less every sweep of the address that did not fail. */
  unsweptUnits: string;
}

/** Completed real-token deposits (credited ones and dust: the tokens a sweep moves) per deposit address. */
const COMPLETED_UNITS = `
  SELECT to_address, user_id, sum(amount_units) AS units FROM chain_deposits
  WHERE lower(token_address) = lower($1) AND status = 2 AND kind IN ('deposit', 'dust') GROUP BY to_address, user_id`;

/**
 * Addresses whose completed deposits less their sweeps reach `minUnits`, with no deposit of the token still
 * confirming and no sweep in flight or failed; those with the most waiting first.
 */
export async function sweepCandidates(
  db: Queryable,
  options: { tokenAddress: string; minUnits: string; limit: number },
): Promise<SweepCandidate[]> {
  const result = await db.query<{
    deposit_address: string;
    user_id: number;
    address_index: number;
    unswept_units: string;
  }>(
    `WITH completed AS (${COMPLETED_UNITS}),
     swept AS (SELECT deposit_address, sum(amount_units) AS units FROM deposit_sweeps WHERE status <> 'failed'
               GROUP BY deposit_address)
     SELECT c.to_address AS deposit_address, u.id AS user_id, u.deposit_address_index AS address_index,
       (c.units - coalesce(s.units, 0))::text AS unswept_units
     FROM completed c
     JOIN users u ON u.id = c.user_id
     LEFT JOIN swept s ON s.deposit_address = c.to_address
     WHERE c.units - coalesce(s.units, 0) >= $2::numeric
       AND NOT EXISTS (SELECT 1 FROM chain_deposits d WHERE d.to_address = c.to_address AND d.status = 1
                         AND lower(d.token_address) = lower($1))
       AND NOT EXISTS (SELECT 1 FROM deposit_sweeps f WHERE f.deposit_address = c.to_address
                         AND f.status IN ('topup', 'sweep', 'failed'))
     ORDER BY c.units - coalesce(s.units, 0) DESC, c.to_address
     LIMIT $3`,
    [options.tokenAddress, options.minUnits, options.limit],
  );
  return result.rows.map((row) => ({
    depositAddress: row.deposit_address,
    userId: row.user_id,
    addressIndex: row.address_index,
    unsweptUnits: row.unswept_units,
  }));
}

/**
 * Token units on deposit addresses that no sweep took away: completed deposits less the sweeps that are done or
 * whose transfer is already mined (`movedIds`), per address and never below zero (a deposit reverted after it was
 * swept takes nothing away twice).
 */
export async function unsweptUnits(db: Queryable, tokenAddress: string, movedIds: readonly number[]): Promise<string> {
  const result = await db.query<{ units: string }>(
    `WITH completed AS (${COMPLETED_UNITS}),
     swept AS (SELECT deposit_address, sum(amount_units) AS units FROM deposit_sweeps
               WHERE status = 'done' OR id = ANY($2::bigint[]) GROUP BY deposit_address)
     SELECT coalesce(sum(greatest(c.units - coalesce(s.units, 0), 0)), 0)::text AS units
     FROM completed c LEFT JOIN swept s ON s.deposit_address = c.to_address`,
    [tokenAddress, movedIds],
  );
  return result.rows[0]!.units;
}

/** What a new sweep starts with: the record's own fields, before any transaction, plus the moment. */
export type NewSweep = Pick<
  SweepRecord,
  'depositAddress' | 'userId' | 'addressIndex' | 'tokenAddress' | 'hotWallet' | 'amountUnits' | 'gasPrice'
> & { now: Date };

export type SignedTx = { nonce: number; rawTx: string; txHash: string };

/**
 * A sweep starting with its signed gas top-up (`topup`) or, when the address has gas, its signed token transfer.
 * Answers the id, or null when the address already has a sweep in flight (nothing is written).
 */
export async function insertSweep(
  db: Queryable,
  sweep: NewSweep,
  first: ({ kind: 'topup'; value: string } & SignedTx) | ({ kind: 'sweep' } & SignedTx),
): Promise<number | null> {
  const topup = first.kind === 'topup' ? first : null;
  const transfer = first.kind === 'sweep' ? first : null;
  const result = await db.query<{ id: number }>(
    `INSERT INTO deposit_sweeps (deposit_address, user_id, address_index, token_address, hot_wallet, amount_units,
       gas_price, status, topup_value, topup_nonce, topup_raw_tx, topup_tx_hash, sweep_nonce, sweep_raw_tx,
       sweep_tx_hash, inserted_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9::numeric, $10, $11, $12, $13, $14, $15, $16, $16)
     ON CONFLICT (deposit_address) WHERE status IN ('topup', 'sweep') DO NOTHING
     RETURNING id`,
    [
      sweep.depositAddress,
      sweep.userId,
      sweep.addressIndex,
      sweep.tokenAddress,
      sweep.hotWallet,
      sweep.amountUnits,
      sweep.gasPrice,
      first.kind,
      topup?.value ?? null,
      topup?.nonce ?? null,
      topup?.rawTx ?? null,
      topup?.txHash ?? null,
      transfer?.nonce ?? null,
      transfer?.rawTx ?? null,
      transfer?.txHash ?? null,
      sweep.now,
    ],
  );
  return result.rows[0]?.id ?? null;
}

/** 'topup' → 'sweep' with the signed token transfer, stored before it is broadcast. False if no longer 'topup'. */
export async function storeSweepTransfer(
  db: Queryable,
  id: number,
  signed: SignedTx & { topupBlock: number; now: Date },
): Promise<boolean> {
  const result = await db.query(
    `UPDATE deposit_sweeps SET status = 'sweep', sweep_nonce = $2, sweep_raw_tx = $3, sweep_tx_hash = $4,
       topup_block = $5, last_broadcast_at = NULL, updated_at = $6
     WHERE id = $1 AND status = 'topup'`,
    [id, signed.nonce, signed.rawTx, signed.txHash, signed.topupBlock, signed.now],
  );
  return result.rowCount === 1;
}

export async function recordSweepBroadcast(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE deposit_sweeps SET broadcast_count = broadcast_count + 1, last_broadcast_at = $2, updated_at = $2
     WHERE id = $1`,
    [id, now],
  );
}

/** The block the followed transaction was mined in (not yet final). */
export async function recordMinedBlock(db: Queryable, id: number, block: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE deposit_sweeps SET
       topup_block = CASE WHEN status = 'topup' THEN $2 ELSE topup_block END,
       sweep_block = CASE WHEN status = 'sweep' THEN $2 ELSE sweep_block END,
       updated_at = $3
     WHERE id = $1`,
    [id, block, now],
  );
}

export async function markSweepDone(db: Queryable, id: number, sweepBlock: number, now: Date): Promise<boolean> {
  const result = await db.query(
    `UPDATE deposit_sweeps SET status = 'done', sweep_block = $2, updated_at = $3 WHERE id = $1 AND status = 'sweep'`,
    [id, sweepBlock, now],
  );
  return result.rowCount === 1;
}

export async function markSweepFailed(db: Queryable, id: number, failure: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE deposit_sweeps SET status = 'failed', failure = $2, updated_at = $3
     WHERE id = $1 AND status IN ('topup', 'sweep')`,
    [id, failure, now],
  );
}

/** Sweeps in flight, oldest first. */
export async function listInFlightSweeps(db: Queryable): Promise<SweepRecord[]> {
  const result = await db.query<SweepRow>(
    `SELECT ${COLUMNS} FROM deposit_sweeps WHERE status IN ('topup', 'sweep') ORDER BY id`,
  );
  return result.rows.map(fromRow);
}

/** Every sweep of one address, oldest first. */
export async function listAddressSweeps(db: Queryable, depositAddress: string): Promise<SweepRecord[]> {
  const result = await db.query<SweepRow>(
    `SELECT ${COLUMNS} FROM deposit_sweeps WHERE deposit_address = $1 ORDER BY id`,
    [depositAddress],
  );
  return result.rows.map(fromRow);
}
