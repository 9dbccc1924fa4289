import { apiData, apiRequest } from '../../api/client.ts';
import type {
  AdminKycUser,
  AdminQueueWithdrawal,
  AdminHotWalletCover,
  AdminHealthCheck,
  AdminAuditRow,
  AdminFeedbackRow,
  AdminPagination,
  AdminUser,
  AdminUserDetail,
  AdminRoundRow,
  AdminRevenueFigures,
  AdminRiskPositions,
  AdminInsuranceFigures,
  AdminFreezeTarget,
} from '@tickline/protocol';

// The operator API (/api/v1/admin/*), as the console calls it; the shapes are in @tickline/protocol (api/admin.ts).
export type KycUser = AdminKycUser;
export type QueueWithdrawal = AdminQueueWithdrawal;
export type HotWalletCover = AdminHotWalletCover;
export type HealthCheck = AdminHealthCheck;
export type AuditRow = AdminAuditRow;
export type FeedbackRow = AdminFeedbackRow;
export type Pagination = AdminPagination;
export type UserDetail = AdminUserDetail;
export type RoundRow = AdminRoundRow;
export type RevenueFigures = AdminRevenueFigures;
export type RiskPositions = AdminRiskPositions;
export type InsuranceFigures = AdminInsuranceFigures;
export type { AdminUser };
export type FreezeTarget = AdminFreezeTarget;

export const fetchKyc = () => apiData<{ users: KycUser[] }>('GET', '/admin/kyc?status=3');
export const decideKyc = (userNo: number, approveStatus: 1 | 2, reason: string) =>
  apiRequest<null>('POST', '/admin/kyc/decide', { body: { userNo, approveStatus, reason } });
export const fetchWithdrawals = (status: number) =>
  apiData<{ withdrawals: QueueWithdrawal[]; hotWallet?: HotWalletCover; fourEyesMin?: number }>(
    'GET',
    `/admin/withdrawals?status=${status}`,
  );
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
