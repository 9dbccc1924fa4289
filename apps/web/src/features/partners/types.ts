// Answer shapes of the partner calls (seed 001 §3/§7), shared with the server in packages/protocol. Money arrives as
// JSON numbers and is only read exactly (lib/decimal.ts), never computed with floating point.
export type { ManagerOptionOrder, ManagerTradingAnswer } from '@tickline/protocol';

/** Tier lists, one per level below the caller; seed 001 §3 names them. */
export const TIER_LISTS = ['superUsers', 'megaUsers', 'starUsers', 'premiumUsers', 'influencerUsers'] as const;
export type TierList = (typeof TIER_LISTS)[number];

/** POST /manager/distributePercent item; nowFee is what the screen shows (the server computes its own). */
export interface DistributePercentItem {
  no: number;
  nowFee: string;
  parentsDistributePercent: number;
}
