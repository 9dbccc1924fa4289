// Answers of the wallet calls (seed 001 §3, §7; PRODUCT.md §5). Amounts are JSON numbers in USDT made from the
// ledger's integers (micro-USDT); clients read them back with a named scale.

import { z } from 'zod';
import { DepositStatus, WithdrawalStatus } from './statuses.ts';

/** GET /wallet/config: what the deposit screen states, and whether the demo faucet exists. */
export const walletConfigAnswerSchema = z.object({
  chainId: z.number(),
  tokenAddress: z.string(),
  /** Blocks a deposit waits before it is credited. */
  confirmations: z.number(),
  faucet: z.boolean(),
});

/** 1 confirming, 2 completed, 3 reverted (its block left the chain). */
export const depositStatusSchema = z.literal(Object.values(DepositStatus));

/** A row of GET /deposit/lookup → data.deposits. */
export const depositRowSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  amount: z.number(),
  fee: z.number(),
  status: depositStatusSchema,
  txHash: z.string(),
  confirmations: z.number(),
});

/** 1 WAIT, 2 APPROVAL (signed and sent), 3 CANCEL, 4 REFUSE. */
export const withdrawalStatusSchema = z.literal(Object.values(WithdrawalStatus));

/** A row of GET /withdraw/lookup → data.withdraws. */
export const withdrawalRowSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  amount: z.number(),
  fee: z.number(),
  walletAddress: z.string(),
  status: withdrawalStatusSchema,
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
});

/** POST /withdraw/register {walletAddress, amount} (whole USDT) → data. */
export const registerWithdrawalAnswerSchema = z.object({
  no: z.number(),
});

/** A row of GET /transfer/lookupForTop and /transfer/lookup → data.transfers; 'bsc' spot, 'usdtm' futures. */
export const transferRowSchema = z.object({
  insertDate: z.string(),
  sell: z.string(),
  sellAmount: z.number(),
  buy: z.string(),
  buyAmount: z.number(),
});

export type WalletConfigAnswer = z.infer<typeof walletConfigAnswerSchema>;
export type DepositRow = z.infer<typeof depositRowSchema>;
export type WithdrawalRow = z.infer<typeof withdrawalRowSchema>;
export type RegisterWithdrawalAnswer = z.infer<typeof registerWithdrawalAnswerSchema>;
export type TransferRow = z.infer<typeof transferRowSchema>;
