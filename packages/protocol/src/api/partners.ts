// The partner back office calls of seed 001 §3 and §7, field names as the seed writes them. Amounts are JSON numbers
// in USDT made from micro-USDT; rates (`nowFee`) are percentages with up to 2 decimals.

import type { SettlementStatus } from './statuses.ts';

/** A partner in a tier list of GET /manager/partner. */
export interface TierPartner {
  no: number;
  name: string;
  email: string;
  phone: string;
  level: number;
  nowFee: number;
  parentsDistributePercent: number;
  memberCount: number;
  todaySettlement: number;
  weekSettlement: number;
  totalSettlement: number;
}

/** GET /manager/partner → data. */
export interface ManagerPartnerAnswer {
  no: number;
  level: number;
  name: string;
  phone: string;
  nowFee: number;
  parentsDistributePercent: number;
  memberCount: number;
  todaySettlement: number;
  weekSettlement: number;
  totalSettlement: number;
  superUsers: TierPartner[];
  megaUsers: TierPartner[];
  starUsers: TierPartner[];
  premiumUsers: TierPartner[];
  influencerUsers: TierPartner[];
}

/** POST /manager/distributePercent body. */
export interface DistributePercentRequest {
  parentsDistributePercents: Array<{ no: number; nowFee?: number; parentsDistributePercent: number }>;
}

/** A row of GET /manager/members?search=&page= → data.members (with data.pagination, 20 a page). */
export interface ManagerMember {
  no: number;
  name: string;
  referralCode: string;
  email: string;
  usdtm: number;
  bsc: number;
  usdt: number;
  insertDate: string;
  updateDate: string;
}

/** GET /manager/settlement → data. */
export interface ManagerSettlementAnswer {
  settlement: number;
  withdrawSettlement: number;
  belowUserCompleteDeposits: number;
  belowUserCompleteWithdraws: number;
  belowUserBalance: number;
  receive: number;
  todaySettlement: number;
}

/** A row of GET /manager/settlementLookup → data. */
export interface SettlementLookupRow {
  day: string;
  nowFee: number;
  settlement: number;
}

/** A row of GET /manager/withdrawSettlementLookup → data; status 1 applied, 2 paid, 3 cancelled, 4 refused. */
export interface WithdrawSettlementRow {
  no: number;
  insertDate: string;
  status: SettlementStatus;
  settlement: number;
}

/** An option order of the downline in GET /manager/trading. */
export interface ManagerOptionOrder {
  no: number;
  insertDate: string;
  userid: string;
  userName: string;
  uid: number;
  symbol: number;
  volume: number;
  openPrice: number;
  resultPrice: number;
  betType: 1 | 2;
  result: 0 | 1 | 2 | 3;
  settleFee: number;
}

/** GET /manager/trading → data. */
export interface ManagerTradingAnswer {
  totalUserRevenue: number;
  totalUserLoss: number;
  totalUserPNL: number;
  optionOrders: ManagerOptionOrder[];
}

/** A member behind a settled day in GET /manager/settlementDay. */
export interface SettlementDayMember {
  no: number;
  name: string;
  email: string;
  optionLost: number;
  optionWon: number;
  fees: number;
  futuresLoss: number;
  futuresProfit: number;
  revenue: number;
  /** The caller's rate minus the highest rate below it on this member's chain, in percent. */
  rateDifference: number;
  contribution: number;
}

/** GET /manager/settlementDay?day=YYYY-MM-DD → data (ours; the seed shows no drill-down). */
export interface SettlementDayAnswer {
  day: string;
  nowFee: number;
  settlement: number;
  share: number;
  carryIn: number;
  members: SettlementDayMember[];
}
