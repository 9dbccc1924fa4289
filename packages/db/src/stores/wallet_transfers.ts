import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows } from './copy.ts';

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

const TRANSFER_COPY_COLUMNS = ['user_id', 'type', 'sell', 'sell_amount', 'buy', 'buy_amount', 'created_at_ms'];

export async function insertWalletTransfers(
  client: PoolClient,
  transfers: readonly WalletTransferRecord[],
): Promise<void> {
  await copyRows(client, 'wallet_transfers', TRANSFER_COPY_COLUMNS, transfers, (t, out) =>
    out.int8(t.userId).int2(t.type).text(t.sell).int8(t.sellAmount).text(t.buy).int8(t.buyAmount).int8(t.createdAtMs),
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
