import { users, withdrawals, type Pool } from '@tickline/db';
import { toNumber, USDT_SCALE } from '@tickline/money';
import type { AdminHotWalletCover, AdminQueueWithdrawal } from '@tickline/protocol';
import { tokenUnitsToMicro } from '../../services/chain/token.ts';
import type { Wallet } from '../wallet/runtime.ts';

/**
 * GET /admin/withdrawals?status=: the queue with each sent withdrawal's confirmations, and beside it the hot wallet's
 * token balance against what the waiting requests will take (#16 item 3), so an operator sees a shortfall coming.
 */
export async function withdrawalQueue(
  pool: Pool,
  wallet: Wallet,
  status: number,
  viewerId: number,
): Promise<{ withdrawals: AdminQueueWithdrawal[]; hotWallet: AdminHotWalletCover; fourEyesMin: number }> {
  const [rows, head, hotUnits, waitingMicro] = await Promise.all([
    wallet.desk.queue(status, viewerId),
    wallet.reader.getBlockNumber({ cacheTime: 1_000 }),
    wallet.hotWalletTokens(),
    withdrawals.waitingTotal(pool),
  ]);
  const hotMicro = tokenUnitsToMicro(hotUnits)?.micro ?? null;
  const userids = await users.useridsByIds(
    pool,
    rows.map((row) => row.userId),
  );
  return {
    withdrawals: rows.map((row) => ({
      ...row,
      userid: userids.get(row.userId),
      confirmations: row.minedBlock === null ? null : Math.max(0, Number(head) - row.minedBlock + 1),
    })),
    hotWallet: {
      // Display figures from the integers (the console shows them as USDT).
      balance: hotMicro === null ? null : toNumber(hotMicro, USDT_SCALE),
      waitingTotal: toNumber(waitingMicro, USDT_SCALE),
      covered: hotMicro !== null && hotMicro >= waitingMicro,
    },
    // USDT, 0 = off: the console explains the four-eyes rule with it.
    fourEyesMin: toNumber(wallet.desk.fourEyesMin, USDT_SCALE),
  };
}
