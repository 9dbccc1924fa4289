// Answer shapes of the wallet routes (seed 001 §3: Deposit, Withdraw), amounts as JSON numbers made from integers.
import { toNumber, USDT_SCALE } from '@tickline/money';
import type { chainDeposits, withdrawals } from '@tickline/db';
import { DepositStatus } from '@tickline/protocol';

const usdt = (micro: number) => toNumber(micro, USDT_SCALE);

export function depositView(row: chainDeposits.DepositRecord, head: number | null) {
  return {
    no: row.id,
    insertDate: row.insertedAt.toISOString(),
    amount: usdt(row.amount),
    fee: 0,
    status: row.status,
    txHash: row.txHash,
    confirmations: head === null || row.status === DepositStatus.Reverted ? 0 : Math.max(0, head - row.blockNumber + 1),
  };
}

export function withdrawalView(row: withdrawals.WithdrawalRecord) {
  return {
    no: row.no,
    insertDate: row.insertedAt.toISOString(),
    amount: usdt(row.amount),
    fee: usdt(row.fee),
    walletAddress: row.walletAddress,
    status: row.status,
    txHash: row.txHash,
    reason: row.reason,
  };
}

/** The operators' view adds who asked and where the transaction stands on chain. */
export function operatorWithdrawalView(row: withdrawals.WithdrawalRecord) {
  return {
    ...withdrawalView(row),
    userId: row.userId,
    nonce: row.nonce,
    chainState: row.chainState,
    minedBlock: row.minedBlock,
  };
}
