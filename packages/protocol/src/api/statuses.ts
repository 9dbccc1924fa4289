// Statuses by name, shared by the server and the web client. The values are the seeds' numbers (and texts) on the
// wire, which do not change; code compares against the names (`status === WithdrawalStatus.Wait`), never a bare
// number. Each is a constant object and a type of the same name, as the engine's `OrderPath`.

/** KYC (`approveStatus`): 1 verified, 2 verification required (rejected or not sent), 3 pending. */
export const ApproveStatus = { Verified: 1, Rejected: 2, Pending: 3 } as const;
export type ApproveStatus = (typeof ApproveStatus)[keyof typeof ApproveStatus];

/** A deposit: 1 confirming, 2 completed, 3 reverted (its block left the chain). */
export const DepositStatus = { Confirming: 1, Completed: 2, Reverted: 3 } as const;
export type DepositStatus = (typeof DepositStatus)[keyof typeof DepositStatus];

/** A withdrawal: 1 WAIT, 2 APPROVAL (signed and sent), 3 CANCEL (by the user), 4 REFUSE (by an operator). */
export const WithdrawalStatus = { Wait: 1, Approval: 2, Cancel: 3, Refuse: 4 } as const;
export type WithdrawalStatus = (typeof WithdrawalStatus)[keyof typeof WithdrawalStatus];

/** A partner's batch withdrawal as seed 001 §4 lists it: 1 in progress, 2 completed (final on chain), 3 cancelled,
 * 4 rejected. */
export const ManagerWithdrawalStatus = { InProgress: 1, Completed: 2, Cancelled: 3, Rejected: 4 } as const;
export type ManagerWithdrawalStatus = (typeof ManagerWithdrawalStatus)[keyof typeof ManagerWithdrawalStatus];

/** A partner's settlement application: 1 applied, 2 approved (paid to the spot wallet), 3 cancelled, 4 refused. */
export const SettlementStatus = { Applied: 1, Approved: 2, Cancelled: 3, Refused: 4 } as const;
export type SettlementStatus = (typeof SettlementStatus)[keyof typeof SettlementStatus];

/** A resting futures order on the user stream. */
export const OrderStatus = { Open: 'open', Filled: 'filled', Cancelled: 'cancelled' } as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];

/** A one-minute option round: 0 open (not ended), 1 ended and waiting for settlement, 2 settled. */
export const RoundStatus = { Open: 0, Ended: 1, Settled: 2 } as const;
export type RoundStatus = (typeof RoundStatus)[keyof typeof RoundStatus];

/** An option bet's result: 0 waiting, 1 higher, 2 lower, 3 equal (refunded; also a round without a price). */
export const OptionResult = { Wait: 0, Higher: 1, Lower: 2, Equal: 3 } as const;
export type OptionResult = (typeof OptionResult)[keyof typeof OptionResult];
