// Answer shapes of the partner calls as seed 001 §3/§7 name them. Money arrives as JSON numbers or decimal text
// (Numeric) and is only read exactly (lib/decimal.ts), never computed with floating point.
import type { Numeric } from '../../api/types.ts';

/** One partner: the caller (GET /manager/partner data) or a row of one of its tier lists. */
export interface PartnerRow {
  no: number;
  level: number;
  name: string;
  /** Fee rate in percent. */
  nowFee: Numeric;
  memberCount: number;
  phone: string;
  todaySettlement: Numeric;
  weekSettlement: Numeric;
  totalSettlement: Numeric;
  /** Percent of the parent's nowFee this partner receives (0–100). */
  parentsDistributePercent: Numeric;
}

/** Tier lists, one per level below the caller; seed 001 §3 names them. */
export const TIER_LISTS = ['superUsers', 'megaUsers', 'starUsers', 'premiumUsers', 'influencerUsers'] as const;
export type TierList = (typeof TIER_LISTS)[number];

export type PartnerAnswer = PartnerRow & Partial<Record<TierList, PartnerRow[]>>;

/** POST /manager/distributePercent */
export interface DistributePercentItem {
  no: number;
  nowFee: string;
  parentsDistributePercent: number;
}

/** Seed 001 §3 Pagination. */
export interface Pagination {
  curPage: number;
  endPage: number;
  existNextPage: boolean;
  existPrevPage: boolean;
}

/** GET /manager/members row. */
export interface MemberRow {
  no: number;
  name: string;
  referralCode: string;
  email: string;
  usdtm: Numeric;
  bsc: Numeric;
  usdt: Numeric;
  insertDate: string;
  updateDate: string | null;
}

export interface MembersPage {
  members: MemberRow[];
  pagination: Pagination;
}

/** GET /manager/settlement */
export interface SettlementSummary {
  settlement: Numeric;
  withdrawSettlement: Numeric;
  belowUserCompleteDeposits: Numeric;
  belowUserCompleteWithdraws: Numeric;
  belowUserBalance: Numeric;
  receive: Numeric;
  todaySettlement: Numeric;
}

/** GET /manager/settlementLookup row: one KST day. */
export interface SettlementDayRow {
  day: string;
  nowFee: Numeric;
  settlement: Numeric;
}

/** GET /manager/withdrawSettlementLookup row. */
export interface SettlementApplicationRow {
  no?: number;
  insertDate: string;
  status: number;
  settlement: Numeric;
}

/** GET /withdraw/withdrawManagerLookup row: 1 in progress, 2 completed, 3 cancelled, 4 rejected. */
export interface ManagerWithdrawalRow {
  no?: number;
  insertDate: string;
  status: number;
  walletAddress: string;
  amount: Numeric;
}

/** GET /manager/trading option order row (seed 001 §3: the option order plus userid and userName). */
export interface ManagerOptionOrder {
  no: number;
  insertDate: string;
  userid: string | number;
  userName: string;
  symbol: number | string;
  volume: Numeric;
  openPrice: Numeric;
  resultPrice: Numeric | null;
  betType: number;
  result: number;
  settleFee: Numeric;
}

export interface ManagerTradingAnswer {
  totalUserRevenue: Numeric;
  totalUserLoss: Numeric;
  totalUserPNL: Numeric;
  optionOrders: ManagerOptionOrder[];
  pagination?: Pagination;
}
