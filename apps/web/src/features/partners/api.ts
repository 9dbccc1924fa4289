import { call, callData } from '../../api/client.ts';
import type { DistributePercentItem } from './types.ts';

// Seed 001 §7: the partner calls by their names in the route table. Search and paging parameters are ours (the seed
// shows none); see docs/decisions.md "Partner screens".

export const fetchPartner = () => callData('partner');

export const distributePercent = (parentsDistributePercents: DistributePercentItem[]) =>
  call('distributePercent', { body: { parentsDistributePercents } });

/** One page (20 rows) of the downline members matching `search` (name, ID, invitation code or email). */
export const fetchMembers = (page: number, search: string) => callData('members', { query: { page, search } });

export const fetchSettlement = () => callData('settlement');
export const fetchSettlementDays = () => callData('settlementDays');
export const fetchSettlementApplications = () => callData('settlementApplications');
export const registerWithdrawSettlement = (settlement: string) =>
  call('registerWithdrawSettlement', { body: { settlement } });

export const fetchManagerWithdrawals = () => callData('partnerWithdrawals');
export const registerWithdrawManager = (amount: string, walletAddress: string) =>
  call('registerPartnerWithdrawal', { body: { amount, walletAddress } });

export type TradingSearchType = 'name' | 'id';
/**
 * The server matches `search` against the name, the ID (login email) and the user number at once; the selector's
 * choice goes along as `searchType` for a server that narrows by it.
 */
export const fetchTrading = (searchType: TradingSearchType, search: string) =>
  callData('downlineTrading', { query: { searchType, search } });

/** The drill-down behind a settled day (our call; the seed shows none). */
export const fetchSettlementDay = (day: string) => callData('settlementDay', { query: { day } });
