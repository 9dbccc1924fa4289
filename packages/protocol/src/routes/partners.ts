// The partner back office (seed 001 §7 manager calls). Every call needs a partner (level ≥ 2, checked by the use
// case against the database) and shows only the caller's own downline.
import { z } from 'zod';
import {
  managerMemberSchema,
  managerPartnerAnswerSchema,
  managerSettlementAnswerSchema,
  managerTradingAnswerSchema,
  settlementDayAnswerSchema,
  settlementLookupRowSchema,
  withdrawSettlementRowSchema,
} from '../api/partners.ts';
import { pageInfoSchema } from '../api/trading.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, nothing, optionalPage } from './fields.ts';

const search = z.string().max(100, { error: 'search is at most 100 characters' }).optional();

/** A row of GET /withdraw/withdrawManagerLookup: 1 in progress, 2 completed, 3 cancelled, 4 rejected. */
export const managerWithdrawalRowSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  walletAddress: z.string(),
  amount: z.number(),
});

export const partnerRoutes = defineRoutes({
  partner: {
    method: 'GET',
    path: '/manager/partner',
    auth: 'partner',
    permission: 'read',
    summary: 'The caller as a partner, with the partners of each tier below.',
    data: managerPartnerAnswerSchema,
    errors: ['PARTNER_REQUIRED'],
  },
  distributePercent: {
    method: 'POST',
    path: '/manager/distributePercent',
    auth: 'partner',
    permission: 'none',
    summary: "Sets the fee share of the caller's direct downline partners.",
    // The use case reads the whole body ({parentsDistributePercents: [{no, parentsDistributePercent}]}).
    body: z.unknown(),
    data: nothing,
    errors: ['PARTNER_REQUIRED', 'NOT_DIRECT_DOWNLINE', 'INVALID_DISTRIBUTE_PERCENT'],
  },
  members: {
    method: 'GET',
    path: '/manager/members',
    auth: 'partner',
    permission: 'read',
    summary: 'One page (20 rows) of the downline members matching search (name, ID, invitation code or email).',
    query: z.object({ search, page: optionalPage }),
    weight: 5,
    data: z.object({ members: z.array(managerMemberSchema), pagination: pageInfoSchema }),
    errors: ['PARTNER_REQUIRED'],
  },
  settlement: {
    method: 'GET',
    path: '/manager/settlement',
    auth: 'partner',
    permission: 'read',
    summary: "The caller's settlement figures and what may be withdrawn.",
    weight: 5,
    data: managerSettlementAnswerSchema,
    errors: ['PARTNER_REQUIRED'],
  },
  settlementDays: {
    method: 'GET',
    path: '/manager/settlementLookup',
    auth: 'partner',
    permission: 'read',
    summary: "The caller's settled days.",
    weight: 5,
    data: z.array(settlementLookupRowSchema),
    errors: ['PARTNER_REQUIRED'],
  },
  settlementDay: {
    method: 'GET',
    path: '/manager/settlementDay',
    auth: 'partner',
    permission: 'read',
    summary: "The members behind a settled day's figure.",
    query: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be a date as YYYY-MM-DD' }) }),
    weight: 5,
    data: settlementDayAnswerSchema,
    errors: ['PARTNER_REQUIRED'],
  },
  settlementApplications: {
    method: 'GET',
    path: '/manager/withdrawSettlementLookup',
    auth: 'partner',
    permission: 'read',
    summary: "The caller's applications to move settlement to the spot wallet.",
    weight: 5,
    data: z.array(withdrawSettlementRowSchema),
    errors: ['PARTNER_REQUIRED'],
  },
  registerWithdrawSettlement: {
    method: 'POST',
    path: '/manager/registerWithdrawSettlement',
    auth: 'partner',
    permission: 'none',
    summary: 'Applies to move settlement to the spot wallet (an operator approves it).',
    body: z.object({ settlement: checkedLater('USDT, as a number or text.') }),
    data: z.object({ no: z.number() }),
    message: 'Withdrawal request has been completed.',
    errors: ['PARTNER_REQUIRED', 'SETTLEMENT_AMOUNT_INVALID', 'SETTLEMENT_ABOVE_WITHDRAWABLE'],
  },
  downlineTrading: {
    method: 'GET',
    path: '/manager/trading',
    auth: 'partner',
    permission: 'read',
    summary: "The downline's recent bets matching search (name, ID or user number).",
    query: z.object({ search, searchType: checkedLater("'name' or 'id'; the server matches both.") }),
    weight: 5,
    data: managerTradingAnswerSchema,
    errors: ['PARTNER_REQUIRED'],
  },
  registerPartnerWithdrawal: {
    method: 'POST',
    path: '/withdraw/registerWithdrawManager',
    auth: 'partner',
    permission: 'none',
    summary: "A partner's on-chain withdrawal from the spot wallet, sent in the daily batch at 22:00 KST.",
    body: z.object({ amount: checkedLater('Whole USDT.'), walletAddress: checkedLater('A BEP-20 address.') }),
    data: z.object({ no: z.number() }),
    message: 'Withdrawal request has been completed.',
    errors: [
      'PARTNER_REQUIRED',
      'WITHDRAW_ADDRESS_REQUIRED',
      'WITHDRAW_AMOUNT_REQUIRED',
      'WITHDRAW_INVALID_ADDRESS',
      'WITHDRAW_WHOLE_USDT',
      'WITHDRAW_BELOW_MINIMUM',
      'INSUFFICIENT_BALANCE',
      'SERVICE_BUSY',
    ],
  },
  partnerWithdrawals: {
    method: 'GET',
    path: '/withdraw/withdrawManagerLookup',
    auth: 'partner',
    permission: 'read',
    summary: "The partner's batch withdrawals, newest first.",
    weight: 5,
    data: z.array(managerWithdrawalRowSchema),
    errors: ['PARTNER_REQUIRED'],
  },
});
