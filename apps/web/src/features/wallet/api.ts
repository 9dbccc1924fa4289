import type {
  DepositRow,
  RegisterWithdrawalAnswer,
  TransferRow,
  WalletConfigAnswer,
  WithdrawalRow,
} from '@tickline/protocol';
import { apiData, apiRequest } from '../../api/client.ts';

// Seed 001 §7: the wallet calls with the seed's paths and payloads, plus our chain facts and the demo faucet.

export const fetchWalletConfig = () => apiData<WalletConfigAnswer>('GET', '/wallet/config', { auth: false });
export const fetchDeposits = () => apiData<{ deposits: DepositRow[] }>('GET', '/deposit/lookup');
export const fetchWithdrawals = () => apiData<{ withdraws: WithdrawalRow[] }>('GET', '/withdraw/lookup');
export const fetchRecentTransfers = (type: number) =>
  apiData<{ transfers: TransferRow[] }>('GET', `/transfer/lookupForTop?type=${type}`);
export const fetchTransfers = (type: number) =>
  apiData<{ transfers: TransferRow[] }>('GET', `/transfer/lookup?type=${type}`);

/** `amount` in whole USDT, as the digits-only field holds it. */
/** `otp`: the two-factor code, sent once the server asked for it (code 2040). */
export const registerWithdrawal = (walletAddress: string, amount: string, otp?: string) =>
  apiRequest<RegisterWithdrawalAnswer>('POST', '/withdraw/register', {
    body: { walletAddress, amount, ...(otp === undefined ? {} : { otp }) },
  });
export const cancelWithdrawal = (no: number) => apiRequest<null>('POST', '/withdraw/cancel', { body: { no } });
export const registerTransfer = (to: 'bsc' | 'usdtm', amount: string) =>
  apiRequest<null>('POST', '/transfer/registerFutures', { body: { to, amount } });
export const requestFaucet = (amount: number) => apiRequest<unknown>('POST', '/demo/faucet', { body: { amount } });
