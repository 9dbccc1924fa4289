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
export const fetchWithdrawals = (status: number) =>
  apiData<{ withdrawals: QueueWithdrawal[] }>('GET', `/admin/withdrawals?status=${status}`);
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
