import { apiData, apiRequest } from '../../api/client.ts';
import type {
  DistributePercentItem,
  ManagerTradingAnswer,
  ManagerWithdrawalRow,
  MemberRow,
  MembersPage,
  Pagination,
  PartnerAnswer,
  SettlementApplicationRow,
  SettlementDayRow,
  SettlementSummary,
} from './types.ts';

// Seed 001 §7: the partner calls with the seeds' paths and field names. Search and paging parameters are ours
// (the seed shows none); see docs/decisions.md "Partner screens".

export const fetchPartner = () => apiData<PartnerAnswer>('GET', '/manager/partner');

export const distributePercent = (parentsDistributePercents: DistributePercentItem[]) =>
  apiRequest<null>('POST', '/manager/distributePercent', { body: { parentsDistributePercents } });

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

const SINGLE_PAGE: Pagination = { curPage: 1, endPage: 1, existNextPage: false, existPrevPage: false };

/** The seed says "data list of members": a bare list is one page; a paged answer carries its pagination. */
export async function fetchMembers(page: number, search: string): Promise<MembersPage> {
  const data = await apiData<MemberRow[] | MembersPage>('GET', `/manager/members${query({ page, search })}`);
  if (Array.isArray(data)) return { members: data, pagination: SINGLE_PAGE };
  return { members: data.members, pagination: data.pagination ?? SINGLE_PAGE };
}

export const fetchSettlement = () => apiData<SettlementSummary>('GET', '/manager/settlement');
export const fetchSettlementDays = () => apiData<SettlementDayRow[]>('GET', '/manager/settlementLookup');
export const fetchSettlementApplications = () =>
  apiData<SettlementApplicationRow[]>('GET', '/manager/withdrawSettlementLookup');
export const registerWithdrawSettlement = (settlement: string) =>
  apiRequest<null>('POST', '/manager/registerWithdrawSettlement', { body: { settlement } });

export const fetchManagerWithdrawals = () => apiData<ManagerWithdrawalRow[]>('GET', '/withdraw/withdrawManagerLookup');
export const registerWithdrawManager = (amount: string, walletAddress: string) =>
  apiRequest<null>('POST', '/withdraw/registerWithdrawManager', { body: { amount, walletAddress } });

export type TradingSearchType = 'name' | 'id';
export const fetchTrading = (searchType: TradingSearchType, search: string, page: number) =>
  apiData<ManagerTradingAnswer>('GET', `/manager/trading${query({ searchType, search, page })}`);
