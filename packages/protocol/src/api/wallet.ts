// Answers of the wallet calls (seed 001 §3, §7; PRODUCT.md §5). Amounts are JSON numbers in USDT made from the
// ledger's integers (micro-USDT); clients read them back with a named scale.

import type { DepositStatus, WithdrawalStatus } from './statuses.ts';

/** GET /wallet/config: what the deposit screen states, and whether the demo faucet exists. */
export interface WalletConfigAnswer {
  chainId: number;
  tokenAddress: string;
  /** Blocks a deposit waits before it is credited. */
  confirmations: number;
  faucet: boolean;
}

/** A row of GET /deposit/lookup → data.deposits. */
export interface DepositRow {
  no: number;
  insertDate: string;
  amount: number;
  fee: number;
  status: DepositStatus;
  txHash: string;
  confirmations: number;
}

/** A row of GET /withdraw/lookup → data.withdraws. */
export interface WithdrawalRow {
  no: number;
  insertDate: string;
  amount: number;
  fee: number;
  walletAddress: string;
  status: WithdrawalStatus;
  txHash: string | null;
  reason: string | null;
}

/** POST /withdraw/register {walletAddress, amount} (whole USDT) → data. */
export interface RegisterWithdrawalAnswer {
  no: number;
}

/** A row of GET /transfer/lookupForTop and /transfer/lookup → data.transfers; 'bsc' spot, 'usdtm' futures. */
export interface TransferRow {
  insertDate: string;
  sell: string;
  sellAmount: number;
  buy: string;
  buyAmount: number;
}
