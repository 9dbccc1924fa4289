import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, SESSION_INVALID_CODE } from '../../api/client.ts';
import { clearSession, useSession } from '../../api/session.ts';
import { useUserEvents } from '../../api/useUserEvents.ts';
import { accountKeys } from '../account/queries.ts';
import { fetchDeposits, fetchRecentTransfers, fetchTransfers, fetchWalletConfig, fetchWithdrawals } from './api.ts';

export const walletKeys = {
  config: ['wallet', 'config'] as const,
  deposits: ['wallet', 'deposits'] as const,
  withdrawals: ['wallet', 'withdrawals'] as const,
  transfers: (type: number, recent: boolean) => ['wallet', 'transfers', type, recent] as const,
  allTransfers: ['wallet', 'transfers'] as const,
};

/** Seed 001 §4/§8: code 40000 on a wallet, deposit, withdraw or transfer call clears the token and goes to /login. */
function useWalletQuery<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>) {
  const { accessToken } = useSession();
  const query = useQuery({ queryKey, queryFn, enabled: accessToken !== null });
  const error = query.error;
  useEffect(() => {
    if (error instanceof ApiError && error.code === SESSION_INVALID_CODE) clearSession(); // the guard then redirects
  }, [error]);
  return query;
}

export const useWalletConfig = () =>
  useQuery({ queryKey: walletKeys.config, queryFn: fetchWalletConfig, staleTime: Infinity });
export const useDeposits = () => useWalletQuery(walletKeys.deposits, fetchDeposits);
export const useWithdrawals = () => useWalletQuery(walletKeys.withdrawals, fetchWithdrawals);
export const useTransfers = (type: number, recent: boolean) =>
  useWalletQuery(walletKeys.transfers(type, recent), () =>
    recent ? fetchRecentTransfers(type) : fetchTransfers(type),
  );

export function reloadWallet(queryClient: QueryClient): void {
  for (const queryKey of [accountKeys.balance, walletKeys.deposits, walletKeys.withdrawals, walletKeys.allTransfers])
    void queryClient.invalidateQueries({ queryKey });
}

/**
 * The user stream while a wallet screen is open: a deposit or withdrawal that changed (`wallet`), money that moved
 * (`balance`) or a wallet alarm reloads what the screen shows; a reconnect reloads everything (events may have been
 * missed in the gap). No polling: the chain watcher tells us.
 */
export function useWalletStream(): void {
  const queryClient = useQueryClient();
  useUserEvents(
    {
      wallet: ({ kind }) =>
        void queryClient.invalidateQueries({
          queryKey: kind === 'withdrawal' ? walletKeys.withdrawals : walletKeys.deposits,
        }),
      balance: () => reloadWallet(queryClient),
    },
    () => reloadWallet(queryClient),
  );
}
