import type { Queryable } from '../pool.ts';

/** The seeds' wallet names: 'bsc' is the spot wallet, 'usdtm' the futures wallet. */
export type WalletCode = 'bsc' | 'usdtm';

export interface WalletTransferRecord {
  userId: number;
  /** 2: spot ↔ futures (the only type so far). */
  type: number;
  sell: WalletCode;
  sellAmount: number;
  buy: WalletCode;
  buyAmount: number;
  createdAtMs: number;
}

export async function insertWalletTransfers(db: Queryable, transfers: readonly WalletTransferRecord[]): Promise<void> {
  if (transfers.length === 0) return;
  await db.query(
    `INSERT INTO wallet_transfers (user_id, type, sell, sell_amount, buy, buy_amount, created_at_ms)
     SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::text[], $4::bigint[], $5::text[], $6::bigint[],
       $7::bigint[])`,
    [
      transfers.map((t) => t.userId),
      transfers.map((t) => t.type),
      transfers.map((t) => t.sell),
      transfers.map((t) => t.sellAmount),
      transfers.map((t) => t.buy),
      transfers.map((t) => t.buyAmount),
      transfers.map((t) => t.createdAtMs),
    ],
  );
}

/** A user's transfers of one type, newest first. */
export async function listWalletTransfers(
  db: Queryable,
  userId: number,
  type: number,
  limit: number,
): Promise<WalletTransferRecord[]> {
  const { rows } = await db.query<WalletTransferRecord>(
    `SELECT user_id AS "userId", type, sell, sell_amount AS "sellAmount", buy, buy_amount AS "buyAmount",
       created_at_ms AS "createdAtMs"
     FROM wallet_transfers WHERE user_id = $1 AND type = $2 ORDER BY id DESC LIMIT $3`,
    [userId, type, limit],
  );
  return rows;
}
