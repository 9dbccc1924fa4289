import { apiData, apiRequest } from '../../api/client.ts';
import type {
  DistributePercentItem,
  ManagerTradingAnswer,
  ManagerWithdrawalRow,
  MembersPage,
  PartnerAnswer,
  SettlementApplicationRow,
  SettlementDayDetail,
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

/** One page (20 rows) of the downline members matching `search` (name, ID, invitation code or email). */
export const fetchMembers = (page: number, search: string) =>
  apiData<MembersPage>('GET', `/manager/members${query({ page, search })}`);

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
/**
 * The server matches `search` against the name, the ID (login email) and the user number at once; the selector's
 * choice goes along as `searchType` for a server that narrows by it.
 */
export const fetchTrading = (searchType: TradingSearchType, search: string) =>
  apiData<ManagerTradingAnswer>('GET', `/manager/trading${query({ searchType, search })}`);

/** The drill-down behind a settled day (our call; the seed shows none). */
export const fetchSettlementDay = (day: string) =>
  apiData<SettlementDayDetail>('GET', `/manager/settlementDay?day=${encodeURIComponent(day)}`);
