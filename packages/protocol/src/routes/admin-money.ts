// The operator console's money queues (#16, #20 item 4): user withdrawals, partners' settlement applications, and
// partner levels and fee rates. Operators only (checked before the body is read); keys never call them.
import { z } from 'zod';
import { adminHotWalletCoverSchema, adminQueueWithdrawalSchema } from '../api/admin.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, nothing } from './fields.ts';

const decisionBody = z.object({ no: checkedLater('The request number.'), reason: checkedLater('Shown to the user.') });
const statusQuery = (meaning: string) =>
  z.object({
    status: z
      .string()
      .regex(/^[1-4]$/, { error: `status must be ${meaning}` })
      .transform(Number)
      .optional(),
  });

export const adminMoneyRoutes = defineRoutes({
  adminWithdrawals: {
    method: 'GET',
    path: '/admin/withdrawals',
    auth: 'operator',
    permission: 'none',
    summary: 'The withdrawal queue in one status (default 1, waiting), with the hot wallet against it.',
    query: statusQuery('1 (wait), 2 (approval), 3 (cancel) or 4 (refuse)'),
    data: z.object({
      withdrawals: z.array(adminQueueWithdrawalSchema),
      hotWallet: adminHotWalletCoverSchema.optional(),
      /** Whole USDT from which a withdrawal needs two different operators (0 = off). */
      fourEyesMin: z.number().optional(),
    }),
    errors: ['SERVICE_BUSY'],
  },
  adminApproveWithdrawal: {
    method: 'POST',
    path: '/admin/withdrawals/approve',
    auth: 'operator',
    permission: 'none',
    summary: 'Approves a waiting withdrawal (a second operator when four eyes apply); it is signed and sent.',
    body: decisionBody,
    data: z.object({ txHash: z.string().nullable(), awaitingSecondApproval: z.boolean() }),
    errors: [
      'WITHDRAWAL_NOT_FOUND',
      'WITHDRAWAL_NOT_WAITING',
      'HOT_WALLET_SHORT',
      'FOUR_EYES_SAME_OPERATOR',
      'CHAIN_UNAVAILABLE',
      'SERVICE_BUSY',
    ],
  },
  adminRefuseWithdrawal: {
    method: 'POST',
    path: '/admin/withdrawals/refuse',
    auth: 'operator',
    permission: 'none',
    summary: 'Refuses a waiting withdrawal with a reason; the amount returns to the user.',
    body: decisionBody,
    data: nothing,
    errors: ['WITHDRAWAL_NOT_FOUND', 'WITHDRAWAL_NOT_WAITING', 'REFUSAL_REASON_REQUIRED', 'SERVICE_BUSY'],
  },
  adminSettlementApplications: {
    method: 'GET',
    path: '/admin/settlement-withdrawals',
    auth: 'operator',
    permission: 'none',
    summary: "Partners' settlement applications in one status (default 1, applied).",
    query: statusQuery('1 (applied), 2 (approved), 3 (cancelled) or 4 (refused)'),
    data: z.object({ withdrawals: z.array(adminQueueWithdrawalSchema) }),
    errors: [],
  },
  adminApproveSettlement: {
    method: 'POST',
    path: '/admin/settlement-withdrawals/approve',
    auth: 'operator',
    permission: 'none',
    summary: 'Approves a settlement application: the amount moves to the partner’s spot wallet.',
    body: decisionBody,
    data: nothing,
    errors: ['SETTLEMENT_APPLICATION_NOT_WAITING'],
  },
  adminRefuseSettlement: {
    method: 'POST',
    path: '/admin/settlement-withdrawals/refuse',
    auth: 'operator',
    permission: 'none',
    summary: 'Refuses a settlement application with a reason.',
    body: decisionBody,
    data: nothing,
    errors: ['SETTLEMENT_APPLICATION_NOT_WAITING', 'REFUSAL_REASON_REQUIRED'],
  },
  adminSetLevel: {
    method: 'POST',
    path: '/admin/users/level',
    auth: 'operator',
    permission: 'none',
    summary: "Sets a user's partner level.",
    body: z.object({ userNo: checkedLater('The user number.'), level: checkedLater('1 to 7.') }),
    data: nothing,
    errors: ['USER_NOT_FOUND', 'INVALID_LEVEL'],
  },
  adminSetFee: {
    method: 'POST',
    path: '/admin/users/fee',
    auth: 'operator',
    permission: 'none',
    summary: "Sets a top-level partner's fee rate.",
    body: z.object({ userNo: checkedLater('The user number.'), nowFee: checkedLater('The fee rate.') }),
    data: nothing,
    errors: ['USER_NOT_FOUND', 'INVALID_FEE_RATE', 'FEE_TOP_LEVEL_ONLY'],
  },
});
