// The operator API (/api/v1/admin/*): what the console reads. Amounts are USDT numbers made from micro-USDT.

import { z } from 'zod';
import { pageInfoSchema } from './trading.ts';

export const adminKycUserSchema = z.object({
  userNo: z.number(),
  userid: z.string(),
  name: z.string(),
  phone: z.string(),
  image: z.string().nullable(),
  insertDate: z.string(),
});

export const adminQueueWithdrawalSchema = z.object({
  no: z.number(),
  userId: z.number().optional(),
  userNo: z.number().optional(),
  userid: z.string().optional(),
  name: z.string().optional(),
  amount: z.number(),
  fee: z.number().optional(),
  walletAddress: z.string().optional(),
  status: z.number(),
  txHash: z.string().optional().nullable(),
  chainState: z.string().optional(),
  /** Blocks on top of the one that mined it (sent withdrawals). */
  confirmations: z.number().optional().nullable(),
  /** The viewing operator's own request: another operator must decide it (9006). */
  own: z.boolean().optional(),
  /** Waiting at or above the four-eyes amount with no approval yet: approving now is the first of two. */
  firstOfTwo: z.boolean().optional(),
  insertDate: z.string(),
});

/** The hot wallet beside the queue: its token balance against what the waiting requests will take. */
export const adminHotWalletCoverSchema = z.object({
  balance: z.number().nullable(),
  waitingTotal: z.number(),
  covered: z.boolean(),
});

export const adminHealthCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  detail: z.record(z.string(), z.unknown()),
});

export const adminAuditRowSchema = z.object({
  id: z.number(),
  operatorUserid: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  previous: z.unknown(),
  next: z.unknown(),
  reason: z.string().nullable(),
  clientAddress: z.string().nullable(),
  createdAt: z.string(),
});

export const adminFeedbackRowSchema = z.object({
  id: z.number().optional(),
  title: z.string(),
  body: z.string(),
  userNo: z.number().nullable(),
  insertDate: z.string().optional(),
});

export const adminUserSchema = z.object({
  userNo: z.number(),
  userid: z.string(),
  name: z.string(),
  phone: z.string(),
  level: z.number(),
  referralCode: z.string(),
  bscAddress: z.string(),
  approveStatus: z.number(),
  tradingFrozen: z.boolean(),
  withdrawalsFrozen: z.boolean(),
  insertDate: z.string(),
});

export const adminUserDetailSchema = z.object({
  user: adminUserSchema.and(
    z.object({
      kycImage: z.string().nullable(),
      withdrawalsBlockedUntil: z.string().nullable(),
      totpEnabled: z.boolean(),
    }),
  ),
  freeze: z.object({
    trading: z.boolean(),
    tradingSince: z.string().nullable(),
    withdrawals: z.boolean(),
    withdrawalsSince: z.string().nullable(),
    reason: z.string().nullable(),
  }),
  balance: z.object({
    bsc: z.number(),
    usdtm: z.number(),
    balance: z.number(),
    usingRequiredAmount: z.number(),
  }),
  positions: z.array(
    z.object({
      position: z.number(),
      volume: z.number(),
      averagePrice: z.number(),
      liquidationPrice: z.number(),
      margin: z.number(),
      leverage: z.number(),
    }),
  ),
  orders: z.array(
    z.object({
      no: z.number(),
      position: z.number(),
      volume: z.number(),
      price: z.number(),
      leverage: z.number(),
      insertDate: z.string(),
    }),
  ),
  optionOrders: z.array(
    z.object({
      no: z.number(),
      betType: z.number(),
      volume: z.number(),
      openPrice: z.number(),
      insertDate: z.string(),
    }),
  ),
  deposits: z.array(
    z.object({
      no: z.number(),
      insertDate: z.string(),
      amount: z.number(),
      kind: z.string(),
      status: z.number(),
      txHash: z.string(),
    }),
  ),
  withdrawals: z.array(adminQueueWithdrawalSchema),
  sessions: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      address: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
    }),
  ),
  upline: z.array(
    z.object({
      userNo: z.number(),
      userid: z.string(),
      name: z.string(),
      level: z.number(),
      referralCode: z.string(),
    }),
  ),
});

export const adminRoundTickSchema = z.object({
  price: z.number().nullable(),
  at: z.string().nullable(),
  sources: z.number(),
});

export const adminRoundRowSchema = z.object({
  roundStart: z.number(),
  roundStartDate: z.string().nullable(),
  resultPrice: z.number().nullable(),
  settledAt: z.string().nullable(),
  ticksRecorded: z.boolean(),
  open: adminRoundTickSchema.nullable(),
  close: adminRoundTickSchema.nullable(),
  bets: z.number(),
  refundedBets: z.number(),
  stakes: z.number(),
  stakesLost: z.number(),
  winningsPaid: z.number(),
  housePnl: z.number(),
});

export const adminRevenueFiguresSchema = z.object({
  futuresFees: z.number(),
  optionHousePnl: z.number(),
  withdrawalFees: z.number(),
  total: z.number(),
});

export const adminRiskPositionsSchema = z.object({
  markPrice: z.number().nullable(),
  indexPrice: z.number().nullable(),
  openInterest: z.object({
    positions: z.number(),
    longs: z.number(),
    shorts: z.number(),
    longVolume: z.number(),
    shortVolume: z.number(),
    notional: z.number().nullable(),
  }),
  largest: z.array(
    z.object({
      userNo: z.number(),
      userid: z.string().nullable(),
      position: z.number(),
      volume: z.number(),
      entryPrice: z.number().nullable(),
      liquidationPrice: z.number().nullable(),
      leverage: z.number(),
      margin: z.number(),
      notional: z.number(),
      unrealizedPnl: z.number().nullable(),
      liquidationDistancePercent: z.number().nullable(),
    }),
  ),
});

export const adminInsuranceFiguresSchema = z.object({
  balance: z.number(),
  optionPool: z.number(),
  days: z.array(
    z.object({
      day: z.string(),
      paidIn: z.number(),
      paidOut: z.number(),
      refilled: z.number(),
      net: z.number(),
    }),
  ),
});

export const adminFreezeTargetSchema = z.object({
  trading: z.boolean().optional(),
  withdrawals: z.boolean().optional(),
});

/** The operator lists page as every history does. */
export const adminPaginationSchema = pageInfoSchema;

export type AdminKycUser = z.infer<typeof adminKycUserSchema>;
export type AdminQueueWithdrawal = z.infer<typeof adminQueueWithdrawalSchema>;
export type AdminHotWalletCover = z.infer<typeof adminHotWalletCoverSchema>;
export type AdminHealthCheck = z.infer<typeof adminHealthCheckSchema>;
export type AdminAuditRow = z.infer<typeof adminAuditRowSchema>;
export type AdminFeedbackRow = z.infer<typeof adminFeedbackRowSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
export type AdminRoundTick = z.infer<typeof adminRoundTickSchema>;
export type AdminRoundRow = z.infer<typeof adminRoundRowSchema>;
export type AdminRevenueFigures = z.infer<typeof adminRevenueFiguresSchema>;
export type AdminRiskPositions = z.infer<typeof adminRiskPositionsSchema>;
export type AdminInsuranceFigures = z.infer<typeof adminInsuranceFiguresSchema>;
export type AdminFreezeTarget = z.infer<typeof adminFreezeTargetSchema>;
export type AdminPagination = z.infer<typeof adminPaginationSchema>;
