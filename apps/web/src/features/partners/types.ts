// Answer shapes of the partner calls (seed 001 §3/§7), shared with the server in packages/protocol. Money arrives as
// JSON numbers and is only read exactly (lib/decimal.ts), never computed with floating point.
import type {
  ManagerMember,
  ManagerPartnerAnswer,
  ManagerSettlementAnswer,
  PageInfo,
  SettlementDayAnswer,
  SettlementLookupRow,
  TierPartner,
  WithdrawSettlementRow,
} from '@tickline/protocol';

export type { ManagerOptionOrder, ManagerTradingAnswer } from '@tickline/protocol';

/** One partner: the caller or a row of one of its tier lists. */
export type PartnerRow = TierPartner;
export type PartnerAnswer = ManagerPartnerAnswer;
export type Pagination = PageInfo;
export type MemberRow = ManagerMember;
export type SettlementSummary = ManagerSettlementAnswer;
export type SettlementDayRow = SettlementLookupRow;
export type SettlementApplicationRow = WithdrawSettlementRow;

/** Tier lists, one per level below the caller; seed 001 §3 names them. */
export const TIER_LISTS = ['superUsers', 'megaUsers', 'starUsers', 'premiumUsers', 'influencerUsers'] as const;
export type TierList = (typeof TIER_LISTS)[number];

/** POST /manager/distributePercent item; nowFee is what the screen shows (the server computes its own). */
export interface DistributePercentItem {
  no: number;
  nowFee: string;
  parentsDistributePercent: number;
}

/** GET /manager/members?search=&page= → data. */
export interface MembersPage {
  members: MemberRow[];
  pagination: Pagination;
}

/** GET /withdraw/withdrawManagerLookup row (the protocol has no type for it): 1 in progress, 2 completed, 3 cancelled,
 * 4 rejected. */
export interface ManagerWithdrawalRow {
  no: number;
  insertDate: string;
  status: number;
  walletAddress: string;
  amount: number;
}

/** GET /manager/settlementDay?day= → data: the members behind a day's figure. */
export type SettlementDayDetail = SettlementDayAnswer;
