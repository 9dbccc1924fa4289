// The calls and queries of the terminal's added tabs. History keys sit under futuresKeys.history, so the user
// stream's history refresh (a fill, a cancel, a position change) reloads them too: live without polling.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FuturesHistoryPage } from '@tickline/protocol';
import { call, callData } from '../../../../api/client.ts';
import { useSession } from '../../../../api/session.ts';
import { futuresKeys } from '../../queries.ts';
import type { SymbolFilter } from '../../markets/symbols.ts';

/** A paged history's `symbol` query (#34): the server pages one market's rows, so a page is a full page. */
const marketQuery = (filter: SymbolFilter) => (filter === 'all' ? {} : { symbol: filter });

export const amendOrder = (body: { no: number; price?: string; volume?: string }) => call('amendOrder', { body });

// Without a clientOrderId /order/lookup answers a page of the fills (the /trade/history futures tab's source).
export const fetchTradesPage = (page: number, filter: SymbolFilter = 'all') =>
  callData('orderHistoryPage', { query: { page, ...marketQuery(filter) } }) as Promise<FuturesHistoryPage>;
export const fetchFundingPage = (page: number, filter: SymbolFilter = 'all') =>
  callData('fundingHistoryPage', { query: { page, ...marketQuery(filter) } });

export const tabKeys = {
  trades: (page: number, filter: SymbolFilter) => [...futuresKeys.history, 'trades', filter, page] as const,
  funding: (page: number, filter: SymbolFilter) => [...futuresKeys.history, 'funding', filter, page] as const,
};

function usePagedQuery<T>(queryKey: readonly (string | number)[], queryFn: () => Promise<T>) {
  const { accessToken } = useSession();
  return useQuery({ queryKey, queryFn, enabled: accessToken !== null, placeholderData: keepPreviousData });
}

export const useTradesPage = (page: number, filter: SymbolFilter) =>
  usePagedQuery(tabKeys.trades(page, filter), () => fetchTradesPage(page, filter));
export const useFundingPage = (page: number, filter: SymbolFilter) =>
  usePagedQuery(tabKeys.funding(page, filter), () => fetchFundingPage(page, filter));
