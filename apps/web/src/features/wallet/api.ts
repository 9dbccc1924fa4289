import { call, callData } from '../../api/client.ts';

// Seed 001 §7: the wallet calls by their names in the route table, plus our chain facts and the demo faucet.

export const fetchWalletConfig = () => callData('walletConfig', { auth: false });
export const fetchDeposits = () => callData('deposits');
export const fetchWithdrawals = () => callData('withdrawals');
export const fetchRecentTransfers = (type: number) => callData('recentTransfers', { query: { type } });
export const fetchTransfers = (type: number) => callData('transfers', { query: { type } });

/** `amount` in whole USDT, as the digits-only field holds it. */
/** `otp`: the two-factor code, sent once the server asked for it (code 2040). */
export const registerWithdrawal = (walletAddress: string, amount: string, otp?: string) =>
  call('registerWithdrawal', { body: { walletAddress, amount, ...(otp === undefined ? {} : { otp }) } });
export const cancelWithdrawal = (no: number) => call('cancelWithdrawal', { body: { no } });
export const registerTransfer = (to: 'bsc' | 'usdtm', amount: string) => call('transfer', { body: { to, amount } });
export const requestFaucet = (amount: number) => call('faucet', { body: { amount } });
