// One-minute options (seed 001 §7) and the public round audit.
import { z } from 'zod';
import {
  optionHistoryPageSchema,
  optionOrderRowSchema,
  optionRoundAuditSchema,
  registerOptionAnswerSchema,
} from '../api/trading.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, pageQuery } from './fields.ts';
import { clientOrderIdSchema } from './futures.ts';

export const optionRoutes = defineRoutes({
  registerOption: {
    method: 'POST',
    path: '/optionOrder/register',
    auth: 'user',
    permission: 'trade',
    summary: 'Bets a whole USDT stake on the current round closing higher (1) or lower (2); symbol 1 is BTCUSDT.',
    body: z.object({
      symbol: checkedLater('1 (BTCUSDT).'),
      betType: checkedLater('1 higher, 2 lower.'),
      volume: checkedLater('The stake in whole USDT, as a number or text.'),
      clientOrderId: clientOrderIdSchema,
    }),
    data: registerOptionAnswerSchema,
    message: 'Order successfully completed.',
    rateLimit: { per: 'user', name: 'bet' },
    errors: [
      'OPTION_INVALID_BET_TYPE',
      'OPTION_INVALID_STAKE',
      'OPTION_STAKE_ABOVE_MAXIMUM',
      'OPTION_ROUND_LIMIT_REACHED',
      'OPTION_ROUND_CLOSED',
      'OPTION_NO_PRICE',
      'INSUFFICIENT_BALANCE',
      'TRADING_FROZEN',
      'CLIENT_ORDER_ID_INVALID',
      'ENGINE_OUTCOME_UNKNOWN',
      'SERVICE_BUSY',
    ],
  },
  recentOptionOrders: {
    method: 'GET',
    path: '/optionOrder/top',
    auth: 'user',
    permission: 'read',
    summary: "The caller's most recent bets.",
    data: z.array(optionOrderRowSchema),
    errors: [],
  },
  waitingOptionOrders: {
    method: 'GET',
    path: '/optionOrder/waitLookup',
    auth: 'user',
    permission: 'read',
    summary: "The caller's bets waiting for their round's result.",
    data: z.array(optionOrderRowSchema),
    errors: [],
  },
  optionHistoryPage: {
    method: 'GET',
    path: '/optionOrder/lookup',
    auth: 'user',
    permission: 'read',
    summary: "One page of the caller's bets.",
    query: pageQuery,
    weight: 5,
    data: optionHistoryPageSchema,
    errors: [],
  },
  optionRoundAudit: {
    method: 'GET',
    path: '/optionRound/audit',
    auth: 'none',
    permission: 'read',
    summary: "What anyone needs to check a round's result: its index ticks and their sources.",
    query: z.object({
      round: z
        .string()
        .regex(/^\d{1,15}$/, { error: 'round must be the round start in milliseconds since 1970' })
        .transform(Number),
    }),
    data: optionRoundAuditSchema,
    errors: ['OPTION_ROUND_INVALID', 'OPTION_ROUND_NOT_ENDED'],
  },
});
