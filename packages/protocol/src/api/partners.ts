// The partner back office calls of seed 001 §3 and §7, field names as the seed writes them. Amounts are JSON numbers
// in USDT made from micro-USDT; rates (`nowFee`) are percentages with up to 2 decimals.

import { z } from 'zod';
import { ManagerWithdrawalStatus, OptionResult, SettlementStatus } from './statuses.ts';

/** A partner in a tier list of GET /manager/partner. */
export const tierPartnerSchema = z.object({
  no: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  level: z.number(),
  nowFee: z.number(),
  parentsDistributePercent: z.number(),
  memberCount: z.number(),
  todaySettlement: z.number(),
  weekSettlement: z.number(),
  totalSettlement: z.number(),
});

/** GET /manager/partner → data. */
export const managerPartnerAnswerSchema = z.object({
  no: z.number(),
  level: z.number(),
  name: z.string(),
  phone: z.string(),
  nowFee: z.number(),
  parentsDistributePercent: z.number(),
  memberCount: z.number(),
  todaySettlement: z.number(),
  weekSettlement: z.number(),
  totalSettlement: z.number(),
  superUsers: z.array(tierPartnerSchema),
  megaUsers: z.array(tierPartnerSchema),
  starUsers: z.array(tierPartnerSchema),
  premiumUsers: z.array(tierPartnerSchema),
  influencerUsers: z.array(tierPartnerSchema),
});

/** POST /manager/distributePercent body. */
export const distributePercentRequestSchema = z.object({
  parentsDistributePercents: z.array(
    z.object({
      no: z.number(),
      nowFee: z.number().optional(),
      parentsDistributePercent: z.number(),
    }),
  ),
});

/** A row of GET /manager/members?search=&page= → data.members (with data.pagination, 20 a page). */
export const managerMemberSchema = z.object({
  no: z.number(),
  name: z.string(),
  referralCode: z.string(),
  email: z.string(),
  usdtm: z.number(),
  bsc: z.number(),
  usdt: z.number(),
  insertDate: z.string(),
  updateDate: z.string(),
});

/** GET /manager/settlement → data. */
export const managerSettlementAnswerSchema = z.object({
  settlement: z.number(),
  withdrawSettlement: z.number(),
  belowUserCompleteDeposits: z.number(),
  belowUserCompleteWithdraws: z.number(),
  belowUserBalance: z.number(),
  receive: z.number(),
  todaySettlement: z.number(),
});

/** A row of GET /manager/settlementLookup → data. */
export const settlementLookupRowSchema = z.object({
  day: z.string(),
  nowFee: z.number(),
  settlement: z.number(),
});

/** A row of GET /manager/withdrawSettlementLookup → data; status 1 applied, 2 paid, 3 cancelled, 4 refused. */
export const withdrawSettlementRowSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  status: z.literal(Object.values(SettlementStatus)),
  settlement: z.number(),
});

/** An option order of the downline in GET /manager/trading. */
export const managerOptionOrderSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  userid: z.string(),
  userName: z.string(),
  uid: z.number(),
  symbol: z.number(),
  volume: z.number(),
  openPrice: z.number(),
  resultPrice: z.number(),
  betType: z.union([z.literal(1), z.literal(2)]),
  result: z.literal(Object.values(OptionResult)),
  settleFee: z.number(),
});

/** GET /manager/trading → data. */
export const managerTradingAnswerSchema = z.object({
  totalUserRevenue: z.number(),
  totalUserLoss: z.number(),
  totalUserPNL: z.number(),
  optionOrders: z.array(managerOptionOrderSchema),
});

/** A member behind a settled day in GET /manager/settlementDay. */
export const settlementDayMemberSchema = z.object({
  no: z.number(),
  name: z.string(),
  email: z.string(),
  optionLost: z.number(),
  optionWon: z.number(),
  fees: z.number(),
  futuresLoss: z.number(),
  futuresProfit: z.number(),
  revenue: z.number(),
  /** The caller's rate minus the highest rate below it on this member's chain, in percent. */
  rateDifference: z.number(),
  contribution: z.number(),
});

/** GET /manager/settlementDay?day=YYYY-MM-DD → data (ours; the seed shows no drill-down). */
export const settlementDayAnswerSchema = z.object({
  day: z.string(),
  nowFee: z.number(),
  settlement: z.number(),
  share: z.number(),
  carryIn: z.number(),
  members: z.array(settlementDayMemberSchema),
});

/** A row of GET /withdraw/withdrawManagerLookup: 1 in progress, 2 completed, 3 cancelled, 4 rejected. */
export const managerWithdrawalRowSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  status: z.literal(Object.values(ManagerWithdrawalStatus)),
  walletAddress: z.string(),
  amount: z.number(),
});

export type TierPartner = z.infer<typeof tierPartnerSchema>;
export type ManagerPartnerAnswer = z.infer<typeof managerPartnerAnswerSchema>;
export type DistributePercentRequest = z.infer<typeof distributePercentRequestSchema>;
export type ManagerMember = z.infer<typeof managerMemberSchema>;
export type ManagerSettlementAnswer = z.infer<typeof managerSettlementAnswerSchema>;
export type SettlementLookupRow = z.infer<typeof settlementLookupRowSchema>;
export type WithdrawSettlementRow = z.infer<typeof withdrawSettlementRowSchema>;
export type ManagerOptionOrder = z.infer<typeof managerOptionOrderSchema>;
export type ManagerTradingAnswer = z.infer<typeof managerTradingAnswerSchema>;
export type SettlementDayMember = z.infer<typeof settlementDayMemberSchema>;
export type SettlementDayAnswer = z.infer<typeof settlementDayAnswerSchema>;
export type ManagerWithdrawalRow = z.infer<typeof managerWithdrawalRowSchema>;
