import { apiData, apiRequest } from '../../api/client.ts';

// The operator API (/api/v1/admin/*), as the console reads it. Amounts are USDT numbers made from micro-USDT.

export interface KycUser {
  userNo: number;
  userid: string;
  name: string;
  phone: string;
  image: string | null;
  insertDate: string;
}
export interface QueueWithdrawal {
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
  insertDate: string;
}
export interface HealthCheck {
  name: string;
  ok: boolean;
  detail: Record<string, unknown>;
}
export interface AuditRow {
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
export interface FeedbackRow {
  id?: number;
  title: string;
  body: string;
  userNo: number | null;
  insertDate?: string;
}

export const fetchKyc = () => apiData<{ users: KycUser[] }>('GET', '/admin/kyc?status=3');
export const decideKyc = (userNo: number, approveStatus: 1 | 2, reason: string) =>
  apiRequest<null>('POST', '/admin/kyc/decide', { body: { userNo, approveStatus, reason } });
/** The hot wallet beside the queue: its token balance against what the waiting requests will take. */
export interface HotWalletCover {
  balance: number | null;
  waitingTotal: number;
  covered: boolean;
}
export const fetchWithdrawals = (status: number) =>
  apiData<{ withdrawals: QueueWithdrawal[]; hotWallet?: HotWalletCover }>('GET', `/admin/withdrawals?status=${status}`);
export const approveWithdrawal = (no: number) =>
  apiRequest<unknown>('POST', '/admin/withdrawals/approve', { body: { no } });
export const refuseWithdrawal = (no: number, reason: string) =>
  apiRequest<null>('POST', '/admin/withdrawals/refuse', { body: { no, reason } });
export const fetchSettlementApplications = (status: number) =>
  apiData<{ withdrawals: QueueWithdrawal[] }>('GET', `/admin/settlement-withdrawals?status=${status}`);
export const approveSettlement = (no: number) =>
  apiRequest<null>('POST', '/admin/settlement-withdrawals/approve', { body: { no } });
export const refuseSettlement = (no: number, reason: string) =>
  apiRequest<null>('POST', '/admin/settlement-withdrawals/refuse', { body: { no, reason } });
export const fetchHealth = () => apiData<{ checks: HealthCheck[] }>('GET', '/admin/ledger-health');
export const fetchAudit = (action: string) =>
  apiData<{ list: AuditRow[] }>('GET', `/admin/audit${action ? `?action=${encodeURIComponent(action)}` : ''}`);
export const fetchFeedback = () => apiData<{ list: FeedbackRow[] }>('GET', '/admin/feedback?page=1');

/** The KYC image needs the operator's token: fetched as a blob and shown from an object URL. */
export async function fetchImage(path: string, token: string): Promise<string | null> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return null;
  return URL.createObjectURL(await response.blob());
}

// ---- Users (#16 item 4) ----

export interface Pagination {
  curPage: number;
  endPage: number;
  existNextPage: boolean;
  existPrevPage: boolean;
}
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
export interface UserDetail {
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
  withdrawals: QueueWithdrawal[];
  sessions: Array<{ id: string; device: string; address: string; createdAt: string; lastUsedAt: string }>;
  upline: Array<{ userNo: number; userid: string; name: string; level: number; referralCode: string }>;
}
export type FreezeTarget = { trading?: boolean; withdrawals?: boolean };

export const searchUsers = (q: string, page: number) =>
  apiData<{ list: AdminUser[]; pagination: Pagination }>('GET', `/admin/users?q=${encodeURIComponent(q)}&page=${page}`);
export const fetchUserDetail = (no: number) => apiData<UserDetail>('GET', `/admin/users/detail?no=${no}`);
export const changeFreeze = (freeze: boolean, userNo: number, target: FreezeTarget, reason: string) =>
  apiRequest<{ trading: boolean; withdrawals: boolean }>('POST', `/admin/users/${freeze ? 'freeze' : 'unfreeze'}`, {
    body: { userNo, ...target, reason },
  });
export const revokeSessions = (userNo: number) =>
  apiRequest<{ revoked: number }>('POST', '/admin/users/revoke-sessions', { body: { userNo } });

// ---- Market and risk (#16 item 5) ----

interface RoundTick {
  price: number;
  at: string;
  sources: number;
}
export interface RoundRow {
  roundStart: number;
  roundStartDate: string;
  resultPrice: number | null;
  settledAt: string;
  ticksRecorded: boolean;
  open: RoundTick | null;
  close: RoundTick | null;
  bets: number;
  refundedBets: number;
  stakes: number;
  stakesLost: number;
  winningsPaid: number;
  housePnl: number;
}
export interface RevenueFigures {
  futuresFees: number;
  optionHousePnl: number;
  withdrawalFees: number;
  total: number;
}
export interface RiskPositions {
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
export interface InsuranceFigures {
  balance: number;
  optionPool: number;
  days: Array<{ day: string; paidIn: number; paidOut: number; refilled: number; net: number }>;
}

export const fetchRounds = (page: number) =>
  apiData<{ list: RoundRow[]; pagination: Pagination }>('GET', `/admin/market/rounds?page=${page}`);
export const fetchRevenue = (days: number) =>
  apiData<{ days: Array<RevenueFigures & { day: string }>; total: RevenueFigures }>(
    'GET',
    `/admin/market/revenue?days=${days}`,
  );
export const fetchInsurance = (days: number) =>
  apiData<InsuranceFigures>('GET', `/admin/market/insurance?days=${days}`);
export const fetchRiskPositions = () => apiData<RiskPositions>('GET', '/admin/market/positions');

// ---- Partner level and fee rate (#20's operator calls) ----

export const setPartnerLevel = (userNo: number, level: number) =>
  apiRequest<null>('POST', '/admin/users/level', { body: { userNo, level } });
export const setPartnerFee = (userNo: number, nowFee: number) =>
  apiRequest<null>('POST', '/admin/users/fee', { body: { userNo, nowFee } });
