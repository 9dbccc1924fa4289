import { describe, expect, it } from 'vitest';
import {
  ApproveStatus,
  DepositStatus,
  ManagerWithdrawalStatus,
  OptionResult,
  OrderStatus,
  RoundStatus,
  SettlementStatus,
  WithdrawalStatus,
} from '../src/index.ts';
import { managerWithdrawalRowSchema, withdrawSettlementRowSchema } from '../src/api/partners.ts';
import { depositStatusSchema, withdrawalStatusSchema } from '../src/api/wallet.ts';

// The names are for code; the wire keeps the seeds' numbers (seed 000 §3, §4; seed 001 §3, §7).
describe('statuses by name', () => {
  it('keep the seeds’ values on the wire', () => {
    expect(WithdrawalStatus).toEqual({ Wait: 1, Approval: 2, Cancel: 3, Refuse: 4 });
    expect(DepositStatus).toEqual({ Confirming: 1, Completed: 2, Reverted: 3 });
    expect(ApproveStatus).toEqual({ Verified: 1, Rejected: 2, Pending: 3 });
    expect(SettlementStatus).toEqual({ Applied: 1, Approved: 2, Cancelled: 3, Refused: 4 });
    expect(OrderStatus).toEqual({ Open: 'open', Filled: 'filled', Cancelled: 'cancelled' });
    expect(RoundStatus).toEqual({ Open: 0, Ended: 1, Settled: 2 });
    expect(OptionResult).toEqual({ Wait: 0, Higher: 1, Lower: 2, Equal: 3 });
    expect(ManagerWithdrawalStatus).toEqual({ InProgress: 1, Completed: 2, Cancelled: 3, Rejected: 4 });
  });

  it('are the only statuses the wallet and partner schemas accept', () => {
    const accepted = (parse: (status: number) => boolean) => [0, 1, 2, 3, 4, 5].filter(parse);
    expect(accepted((status) => depositStatusSchema.safeParse(status).success)).toEqual([1, 2, 3]);
    expect(accepted((status) => withdrawalStatusSchema.safeParse(status).success)).toEqual([1, 2, 3, 4]);
    const settlement = { no: 1, insertDate: '2026-11-26', settlement: 1 };
    expect(accepted((status) => withdrawSettlementRowSchema.safeParse({ ...settlement, status }).success)).toEqual([
      1, 2, 3, 4,
    ]);
    const withdrawal = { no: 1, insertDate: '2026-11-26', walletAddress: '0x', amount: 1 };
    expect(accepted((status) => managerWithdrawalRowSchema.safeParse({ ...withdrawal, status }).success)).toEqual([
      1, 2, 3, 4,
    ]);
  });
});
