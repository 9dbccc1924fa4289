// The operator console's reads and user controls (#16): KYC queue, ledger health, audit log, feedback inbox, users,
// and the market and risk panel. Operators only (checked before the body is read); keys never call them.
import { z } from 'zod';
import {
  adminAuditRowSchema,
  adminFeedbackRowSchema,
  adminHealthCheckSchema,
  adminInsuranceFiguresSchema,
  adminKycUserSchema,
  adminRevenueFiguresSchema,
  adminRiskPositionsSchema,
  adminRoundRowSchema,
  adminUserDetailSchema,
  adminUserSchema,
} from '../api/admin.ts';
import { pageInfoSchema } from '../api/trading.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, nothing, pageQuery } from './fields.ts';

const MAX_DAYS = 90;
const daysQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,3}$/, { error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .transform(Number)
    .refine((days) => days >= 1 && days <= MAX_DAYS, { error: `days must be a whole number from 1 to ${MAX_DAYS}` })
    .optional()
    .transform((days) => days ?? 30),
});
const freezeBody = z.object({
  userNo: checkedLater('The user number.'),
  trading: checkedLater('true to freeze (or unfreeze) trading.'),
  withdrawals: checkedLater('true to freeze (or unfreeze) withdrawals.'),
  reason: checkedLater('Kept in the audit log.'),
});
const freezeAnswer = z.object({ trading: z.boolean(), withdrawals: z.boolean() });
const page = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), pagination: pageInfoSchema });
const operator = { auth: 'operator', permission: 'none' } as const;

export const adminConsoleRoutes = defineRoutes({
  adminKyc: {
    method: 'GET',
    path: '/admin/kyc',
    ...operator,
    summary: 'Users by KYC status (default 3, waiting).',
    query: z.object({
      status: z
        .string()
        .regex(/^[123]$/, { error: 'status must be 1 (approved), 2 (rejected) or 3 (waiting)' })
        .transform(Number)
        .optional(),
    }),
    data: z.object({ users: z.array(adminKycUserSchema) }),
    errors: [],
  },
  adminKycImage: {
    method: 'GET',
    path: '/admin/kyc/image/:userNo',
    ...operator,
    summary: "A user's identity photo (JPEG or PNG, not an envelope).",
    params: z.object({ userNo: z.string().regex(/^\d{1,12}$/, { error: 'userNo must be a number' }) }),
    data: z.never(),
    produces: 'image/*',
    errors: ['USER_NOT_FOUND'],
  },
  adminDecideKyc: {
    method: 'POST',
    path: '/admin/kyc/decide',
    ...operator,
    summary: "Approves (1) or rejects (2, with a reason) a user's identity photo.",
    body: z.object({
      userNo: checkedLater('The user number.'),
      approveStatus: checkedLater('1 approve, 2 reject.'),
      reason: checkedLater('Shown to the user on rejection.'),
    }),
    data: nothing,
    errors: ['USER_NOT_FOUND', 'REFUSAL_REASON_REQUIRED'],
  },
  adminLedgerHealth: {
    method: 'GET',
    path: '/admin/ledger-health',
    ...operator,
    summary: "The ledger's invariants, each with its figures.",
    data: z.object({ checks: z.array(adminHealthCheckSchema) }),
    errors: [],
  },
  adminAudit: {
    method: 'GET',
    path: '/admin/audit',
    ...operator,
    summary: "Operators' actions, newest first, 50 a page.",
    query: z.object({
      action: z
        .string()
        .regex(/^[a-z][a-z0-9_.-]{0,60}$/, { error: 'action is an action name or its area, e.g. withdrawal' })
        .optional(),
      targetType: z
        .string()
        .regex(/^[a-z-]{1,40}$/, { error: 'targetType is a target kind, e.g. user' })
        .optional(),
      targetId: z.string().max(64).optional(),
      page: z
        .string()
        .regex(/^[1-9]\d{0,5}$/, { error: 'page must be a page number from 1' })
        .transform(Number)
        .optional(),
    }),
    data: page(adminAuditRowSchema),
    errors: [],
  },
  adminFeedback: {
    method: 'GET',
    path: '/admin/feedback',
    ...operator,
    summary: 'The feedback inbox.',
    query: pageQuery,
    data: page(adminFeedbackRowSchema),
    errors: [],
  },
  adminUsers: {
    method: 'GET',
    path: '/admin/users',
    ...operator,
    summary: 'Users matching q (ID, name, phone, code or address).',
    query: pageQuery.extend({ q: z.string().max(100, { error: 'q must be at most 100 characters' }).optional() }),
    data: page(adminUserSchema),
    errors: [],
  },
  adminUserDetail: {
    method: 'GET',
    path: '/admin/users/detail',
    ...operator,
    summary: "A user's balances, position, sessions, freezes and recent history.",
    query: z.object({
      no: z
        .string({ error: 'no must be a user number' })
        .regex(/^[1-9]\d{0,14}$/, { error: 'no must be a user number' }),
    }),
    data: adminUserDetailSchema,
    errors: ['USER_NOT_FOUND'],
  },
  adminFreeze: {
    method: 'POST',
    path: '/admin/users/freeze',
    ...operator,
    summary: "Freezes a user's trading and/or withdrawals, with a reason.",
    body: freezeBody,
    data: freezeAnswer,
    errors: ['USER_NOT_FOUND', 'FREEZE_NOTHING_SELECTED', 'FREEZE_REASON_REQUIRED', 'FREEZE_UNCHANGED'],
  },
  adminUnfreeze: {
    method: 'POST',
    path: '/admin/users/unfreeze',
    ...operator,
    summary: "Lifts a user's trading and/or withdrawal freeze, with a reason.",
    body: freezeBody,
    data: freezeAnswer,
    errors: ['USER_NOT_FOUND', 'FREEZE_NOTHING_SELECTED', 'FREEZE_REASON_REQUIRED', 'FREEZE_UNCHANGED'],
  },
  adminRevokeSessions: {
    method: 'POST',
    path: '/admin/users/revoke-sessions',
    ...operator,
    summary: 'Ends every session of a user.',
    body: z.object({ userNo: checkedLater('The user number.') }),
    data: z.object({ revoked: z.number() }),
    errors: ['USER_NOT_FOUND'],
  },
  adminRounds: {
    method: 'GET',
    path: '/admin/market/rounds',
    ...operator,
    summary: 'Option rounds, newest first, with their stakes and payouts.',
    query: pageQuery,
    data: page(adminRoundRowSchema),
    errors: [],
  },
  adminRevenue: {
    method: 'GET',
    path: '/admin/market/revenue',
    ...operator,
    summary: "The exchange's revenue per day over the last days (default 30).",
    query: daysQuery,
    data: z.object({
      days: z.array(adminRevenueFiguresSchema.extend({ day: z.string() })),
      total: adminRevenueFiguresSchema,
    }),
    errors: [],
  },
  adminInsurance: {
    method: 'GET',
    path: '/admin/market/insurance',
    ...operator,
    summary: 'The insurance fund and option pool, with their flows per day.',
    query: daysQuery,
    data: adminInsuranceFiguresSchema,
    errors: [],
  },
  adminRiskPositions: {
    method: 'GET',
    path: '/admin/market/positions',
    ...operator,
    summary: 'Open interest and the positions nearest liquidation.',
    data: adminRiskPositionsSchema,
    errors: [],
  },
});
