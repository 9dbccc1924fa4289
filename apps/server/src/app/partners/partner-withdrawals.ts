import { withdrawals, type Pool } from '@tickline/db';
import { toNumber, USDT_SCALE } from '@tickline/money';
import type { Wallet } from '../wallet/runtime.ts';
import { requirePartner } from './access.ts';
import type { ReferralTree } from './tree.ts';
import { ManagerWithdrawalStatus, WithdrawalStatus } from '@tickline/protocol';

const LIST_LIMIT = 100;

/**
 * Seed 001 §4 manager withdrawal status: 1 in progress, 2 completed, 3 cancelled, 4 rejected. A batch withdrawal
 * is completed once its transaction is final on chain; approved and not yet final it is still in progress.
 */
export function managerWithdrawalStatus(row: withdrawals.WithdrawalRecord): ManagerWithdrawalStatus {
  if (row.status === WithdrawalStatus.Approval) {
    return row.chainState === 'confirmed' ? ManagerWithdrawalStatus.Completed : ManagerWithdrawalStatus.InProgress;
  }
  if (row.status === WithdrawalStatus.Cancel) return ManagerWithdrawalStatus.Cancelled;
  return row.status === WithdrawalStatus.Refuse ? ManagerWithdrawalStatus.Rejected : ManagerWithdrawalStatus.InProgress;
}

/** POST /withdraw/registerWithdrawManager: a partner's withdrawal from the spot wallet, sent in the 22:00 KST batch. */
export function registerPartnerWithdrawal(
  wallet: Wallet,
  tree: ReferralTree,
  userId: number,
  input: { amount?: unknown; walletAddress?: unknown },
) {
  const me = requirePartner(tree, userId);
  return wallet.withdrawals.register(
    me.id,
    { walletAddress: input.walletAddress, amount: input.amount },
    { batch: true },
  );
}

/** GET /withdraw/withdrawManagerLookup: the partner's batch withdrawals, newest first. */
export async function partnerWithdrawals(pool: Pool, tree: ReferralTree, userId: number) {
  const me = requirePartner(tree, userId);
  return (await withdrawals.listUserBatchWithdrawals(pool, me.id, LIST_LIMIT)).map((row) => ({
    no: row.no,
    insertDate: row.insertedAt.toISOString(),
    status: managerWithdrawalStatus(row),
    walletAddress: row.walletAddress,
    amount: toNumber(row.amount, USDT_SCALE),
  }));
}
