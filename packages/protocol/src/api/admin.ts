// The operator API (/api/v1/admin/*): what the console reads. Amounts are USDT numbers made from micro-USDT.
import type { PageInfo } from './trading.ts';

export interface AdminKycUser {
  userNo: number;
  userid: string;
  name: string;
  phone: string;
  image: string | null;
  insertDate: string;
}

export interface AdminQueueWithdrawal {
  no: number;
  userId?: number;
  userNo?: number;
  userid?: string;
  name?: string;
  amount: number;
  fee?: number;
  walletAddress?: string;
  status: number;
  txHash?: string | null;
  chainState?: string;
  /** Blocks on top of the one that mined it (sent withdrawals). */
  confirmations?: number | null;
  /** The viewing operator's own request: another operator must decide it (9006). */
  own?: boolean;
  /** Waiting at or above the four-eyes amount with no approval yet: approving now is the first of two. */
  firstOfTwo?: boolean;
  insertDate: string;
}

/** The hot wallet beside the queue: its token balance against what the waiting requests will take. */
export interface AdminHotWalletCover {
  balance: number | null;
  waitingTotal: number;
  covered: boolean;
}

export interface AdminHealthCheck {
  name: string;
  ok: boolean;
  detail: Record<string, unknown>;
}

export interface AdminAuditRow {
  id: number;
  operatorUserid: string | null;
  action: string;
  targetType: string;
  targetId: string;
  previous: unknown;
  next: unknown;
  reason: string | null;
  clientAddress: string | null;
  createdAt: string;
}

export interface AdminFeedbackRow {
  id?: number;
  title: string;
  body: string;
  userNo: number | null;
  insertDate?: string;
}

/** The operator lists page as every history does. */
export type AdminPagination = PageInfo;

export interface AdminUser {
  userNo: number;
  userid: string;
  name: string;
  phone: string;
  level: number;
  referralCode: string;
  bscAddress: string;
  approveStatus: number;
  tradingFrozen: boolean;
  withdrawalsFrozen: boolean;
  insertDate: string;
}

export interface AdminUserDetail {
  user: AdminUser & { kycImage: string | null; withdrawalsBlockedUntil: string | null; totpEnabled: boolean };
  freeze: {
    trading: boolean;
    tradingSince: string | null;
    withdrawals: boolean;
    withdrawalsSince: string | null;
    reason: string | null;
  };
  balance: { bsc: number; usdtm: number; balance: number; usingRequiredAmount: number };
  positions: Array<{
    position: number;
    volume: number;
    averagePrice: number;
    liquidationPrice: number;
    margin: number;
    leverage: number;
  }>;
  orders: Array<{ no: number; position: number; volume: number; price: number; leverage: number; insertDate: string }>;
  optionOrders: Array<{ no: number; betType: number; volume: number; openPrice: number; insertDate: string }>;
  deposits: Array<{ no: number; insertDate: string; amount: number; kind: string; status: number; txHash: string }>;
  withdrawals: AdminQueueWithdrawal[];
  sessions: Array<{ id: string; device: string; address: string; createdAt: string; lastUsedAt: string }>;
  upline: Array<{ userNo: number; userid: string; name: string; level: number; referralCode: string }>;
}

export interface AdminRoundTick {
  price: number;
  at: string;
  sources: number;
}

export interface AdminRoundRow {
  roundStart: number;
  roundStartDate: string;
  resultPrice: number | null;
  settledAt: string;
  ticksRecorded: boolean;
  open: AdminRoundTick | null;
  close: AdminRoundTick | null;
  bets: number;
  refundedBets: number;
  stakes: number;
  stakesLost: number;
  winningsPaid: number;
  housePnl: number;
}

export interface AdminRevenueFigures {
  futuresFees: number;
  optionHousePnl: number;
  withdrawalFees: number;
  total: number;
}

export interface AdminRiskPositions {
  markPrice: number | null;
  indexPrice: number | null;
  openInterest: {
    positions: number;
    longs: number;
    shorts: number;
    longVolume: number;
    shortVolume: number;
    notional: number | null;
  };
  largest: Array<{
    userNo: number;
    userid: string | null;
    position: number;
    volume: number;
    entryPrice: number;
    liquidationPrice: number;
    leverage: number;
    margin: number;
    notional: number;
    unrealizedPnl: number | null;
    liquidationDistancePercent: number | null;
  }>;
}

export interface AdminInsuranceFigures {
  balance: number;
  optionPool: number;
  days: Array<{ day: string; paidIn: number; paidOut: number; refilled: number; net: number }>;
}

export type AdminFreezeTarget = { trading?: boolean; withdrawals?: boolean };
