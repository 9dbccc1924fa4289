// The calls and queries of the terminal's added tabs. History keys sit under futuresKeys.history, so the user
// stream's history refresh (a fill, a cancel, a position change) reloads them too: live without polling.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FuturesHistoryPage } from '@tickline/protocol';
import { call, callData } from '../../../../api/client.ts';
import { useSession } from '../../../../api/session.ts';
import { futuresKeys } from '../../queries.ts';

export const amendOrder = (body: { no: number; price?: string; volume?: string }) => call('amendOrder', { body });

// Without a clientOrderId /order/lookup answers a page of the fills (the /trade/history futures tab's source).
export const fetchTradesPage = (page: number) =>
  callData('orderHistoryPage', { query: { page } }) as Promise<FuturesHistoryPage>;
export const fetchFundingPage = (page: number) => callData('fundingHistoryPage', { query: { page } });

export const tabKeys = {
  trades: (page: number) => [...futuresKeys.history, 'trades', page] as const,
  funding: (page: number) => [...futuresKeys.history, 'funding', page] as const,
};

function usePagedQuery<T>(queryKey: readonly (string | number)[], queryFn: () => Promise<T>) {
  const { accessToken } = useSession();
  return useQuery({ queryKey, queryFn, enabled: accessToken !== null, placeholderData: keepPreviousData });
}

export const useTradesPage = (page: number) => usePagedQuery(tabKeys.trades(page), () => fetchTradesPage(page));
export const useFundingPage = (page: number) => usePagedQuery(tabKeys.funding(page), () => fetchFundingPage(page));
