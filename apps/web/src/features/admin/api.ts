import { call, callData } from '../../api/client.ts';
import type { AdminFreezeTarget } from '@tickline/protocol';

// The operator API (/api/v1/admin/*), as the console calls it; the answers' types come from the route table.

export const fetchKyc = () => callData('adminKyc', { query: { status: 3 } });
export const decideKyc = (userNo: number, approveStatus: 1 | 2, reason: string) =>
  call('adminDecideKyc', { body: { userNo, approveStatus, reason } });
export const fetchWithdrawals = (status: number) => callData('adminWithdrawals', { query: { status } });
export const approveWithdrawal = (no: number) => call('adminApproveWithdrawal', { body: { no } });
export const refuseWithdrawal = (no: number, reason: string) => call('adminRefuseWithdrawal', { body: { no, reason } });
export const fetchSettlementApplications = (status: number) =>
  callData('adminSettlementApplications', { query: { status } });
export const approveSettlement = (no: number) => call('adminApproveSettlement', { body: { no } });
export const refuseSettlement = (no: number, reason: string) => call('adminRefuseSettlement', { body: { no, reason } });
export const fetchHealth = () => callData('adminLedgerHealth');
export const fetchAudit = (action: string) => callData('adminAudit', { query: { action } });
export const fetchFeedback = () => callData('adminFeedback', { query: { page: 1 } });

/** The KYC image needs the operator's token: fetched as a blob and shown from an object URL. */
export async function fetchImage(path: string, token: string): Promise<string | null> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return null;
  return URL.createObjectURL(await response.blob());
}

// ---- Users (#16 item 4) ----

export const searchUsers = (q: string, page: number) => callData('adminUsers', { query: { q, page } });
export const fetchUserDetail = (no: number) => callData('adminUserDetail', { query: { no } });
export const changeFreeze = (freeze: boolean, userNo: number, target: AdminFreezeTarget, reason: string) =>
  call(freeze ? 'adminFreeze' : 'adminUnfreeze', { body: { userNo, ...target, reason } });
export const revokeSessions = (userNo: number) => call('adminRevokeSessions', { body: { userNo } });

// ---- Market and risk (#16 item 5) ----

export const fetchRounds = (page: number) => callData('adminRounds', { query: { page } });
export const fetchRevenue = (days: number) => callData('adminRevenue', { query: { days } });
export const fetchInsurance = (days: number) => callData('adminInsurance', { query: { days } });
export const fetchRiskPositions = () => callData('adminRiskPositions');

// ---- Partner level and fee rate (#20's operator calls) ----

export const setPartnerLevel = (userNo: number, level: number) => call('adminSetLevel', { body: { userNo, level } });
export const setPartnerFee = (userNo: number, nowFee: number) => call('adminSetFee', { body: { userNo, nowFee } });
