import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../api/session.ts';
import { useUserEvents } from '../../api/useUserEvents.ts';
import { accountKeys } from '../account/queries.ts';
import {
  fetchManagerWithdrawals,
  fetchMembers,
  fetchPartner,
  fetchSettlement,
  fetchSettlementApplications,
  fetchSettlementDays,
  fetchTrading,
  type TradingSearchType,
} from './api.ts';

/** Seed 001 §9 / PRODUCT §7c: the day's estimate is refreshed on the server every 5 minutes; we re-read it as often. */
export const SETTLEMENT_REFRESH_MS = 300_000;

export const partnerKeys = {
  all: ['partners'] as const,
  partner: ['partners', 'partner'] as const,
  members: (page: number, search: string) => ['partners', 'members', page, search] as const,
  settlement: ['partners', 'settlement'] as const,
  days: ['partners', 'days'] as const,
  applications: ['partners', 'applications'] as const,
  withdrawals: ['partners', 'withdrawals'] as const,
  trading: (searchType: string, search: string) => ['partners', 'trading', searchType, search] as const,
};

// Failures are silent (seed 001 §8); 40000 is handled by the API client, which clears the session so the login
// guard sends the user to /login.
function useManagerQuery<T>(queryKey: readonly unknown[], queryFn: () => Promise<T>, refetchInterval?: number) {
  const { accessToken } = useSession();
  return useQuery({
    queryKey,
    queryFn,
    enabled: accessToken !== null,
    refetchInterval,
    placeholderData: keepPreviousData,
  });
}

export const usePartner = () => useManagerQuery(partnerKeys.partner, fetchPartner, SETTLEMENT_REFRESH_MS);
export const useMembers = (page: number, search: string) =>
  useManagerQuery(partnerKeys.members(page, search), () => fetchMembers(page, search));
export const useSettlement = () => useManagerQuery(partnerKeys.settlement, fetchSettlement, SETTLEMENT_REFRESH_MS);
export const useSettlementDays = () => useManagerQuery(partnerKeys.days, fetchSettlementDays);
export const useSettlementApplications = () => useManagerQuery(partnerKeys.applications, fetchSettlementApplications);
export const useManagerWithdrawals = () => useManagerQuery(partnerKeys.withdrawals, fetchManagerWithdrawals);
/** No stream carries the downline's option results: re-read once a round (60 s) as a fallback. */
export const OPTION_ROUND_MS = 60_000;
export const useTrading = (searchType: TradingSearchType, search: string) =>
  useManagerQuery(partnerKeys.trading(searchType, search), () => fetchTrading(searchType, search), OPTION_ROUND_MS);

/**
 * Live updates on the app socket: a balance change reloads the balance and the partner's withdrawals, an alarm (a
 * settlement approval or a withdrawal status change) reloads the settlement figures and both histories, and a
 * reconnect reloads every partner figure (events may have been missed).
 */
export function usePartnerStream(): void {
  const queryClient = useQueryClient();
  const reloadPartners = () => void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  useUserEvents(
    {
      balance: () => {
        void queryClient.invalidateQueries({ queryKey: accountKeys.balance });
        void queryClient.invalidateQueries({ queryKey: partnerKeys.withdrawals });
      },
      alarm: reloadPartners,
    },
    () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.balance });
      reloadPartners();
    },
  );
}
