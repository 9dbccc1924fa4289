// Order controls (#32 items 1, 2, 4, 5, 7): the registerOrder fields for time in force, reduce-only and TP/SL at
// entry, and the routes to amend an order, move isolated margin and read one's funding history.
import { z } from 'zod';
import { pageInfoSchema } from '../api/trading.ts';
import { Errors } from '../errors/index.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, marketFilter, marketSymbol, pageQuery, positiveInteger } from './fields.ts';
export { ORDER_CONTROL_ERRORS, orderControlFields } from './order-control-fields.ts';

const decimal = checkedLater('A decimal as a JSON number or text, parsed exactly.');
const engineRefusals = ['MARKET_UNKNOWN_SYMBOL', 'TRADING_FROZEN', 'ENGINE_OUTCOME_UNKNOWN', 'SERVICE_BUSY'] as const;

export const amendOrderAnswerSchema = z.object({
  no: z.number(),
  price: z.number(),
  /** The order's new total size (filled part included). */
  volume: z.number(),
  /** True when only the size shrank: the order kept its place in the queue. */
  priorityKept: z.boolean(),
});

export const positionMarginAnswerSchema = z.object({
  /** The position's isolated margin after the change, USDT. */
  margin: z.number(),
  liquidationPrice: z.number(),
});

export const fundingRowSchema = z.object({
  /** The market (#34), e.g. BTCUSDT. */
  symbol: z.string(),
  time: z.string(),
  /** Fraction: 0.0001 = 0.01 %; positive: longs pay shorts. */
  fundingRate: z.number(),
  /** 1 long, 2 short. */
  position: z.union([z.literal(1), z.literal(2)]),
  volume: z.number(),
  markPrice: z.number(),
  /** USDT, signed: negative when paid, positive when received. */
  amount: z.number(),
});

export const fundingPageSchema = z.object({ rows: z.array(fundingRowSchema), pageInfo: pageInfoSchema });

export type AmendOrderAnswer = z.infer<typeof amendOrderAnswerSchema>;
export type PositionMarginAnswer = z.infer<typeof positionMarginAnswerSchema>;
export type FundingRow = z.infer<typeof fundingRowSchema>;

export const orderControlRoutes = defineRoutes({
  amendOrder: {
    method: 'POST',
    path: '/order/amend',
    auth: 'user',
    permission: 'trade',
    summary:
      "Changes a waiting order's price and/or total size, keeping its number; it keeps its queue place only when the " +
      'size alone shrinks.',
    body: z.object({
      no: positiveInteger('no must be an order number', Errors.ORDER_NOT_FOUND),
      price: decimal,
      volume: decimal,
      symbol: marketSymbol,
    }),
    data: amendOrderAnswerSchema,
    message: 'The order has been changed.',
    rateLimit: { per: 'user', name: 'order' },
    errors: [
      'ORDER_NOT_FOUND',
      'ORDER_NOT_AMENDABLE',
      'AMEND_NOTHING_TO_CHANGE',
      'AMEND_QTY_BELOW_FILLED',
      'AMEND_WOULD_CROSS',
      'INVALID_PRICE',
      'INVALID_QUANTITY',
      'QUANTITY_BELOW_MINIMUM',
      'NOTIONAL_BELOW_MINIMUM',
      'QUANTITY_ABOVE_MAXIMUM',
      'INSUFFICIENT_MARGIN',
      'INVALID_TP_SL',
      ...engineRefusals,
    ],
  },
  positionMargin: {
    method: 'POST',
    path: '/position/margin',
    auth: 'user',
    permission: 'trade',
    summary:
      "Adds USDT from the futures wallet to the position's isolated margin, or removes it (down to initial margin).",
    body: z.object({
      amount: decimal,
      type: z
        .custom<'add' | 'remove'>((value) => value === 'add' || value === 'remove', {
          error: "type must be 'add' or 'remove'",
          params: { failure: Errors.VALIDATION_FAILED },
        })
        .meta({ type: 'string', enum: ['add', 'remove'] }),
      symbol: marketSymbol,
    }),
    data: positionMarginAnswerSchema,
    message: 'The position margin has been updated.',
    rateLimit: { per: 'user', name: 'order' },
    errors: [
      'INVALID_MARGIN_AMOUNT',
      'NO_POSITION',
      'MARGIN_ADD_EXCEEDS_AVAILABLE',
      'MARGIN_REMOVE_EXCEEDS_MAXIMUM',
      ...engineRefusals,
    ],
  },
  fundingHistoryPage: {
    method: 'GET',
    path: '/funding/lookup',
    auth: 'user',
    permission: 'read',
    summary: "One page of the caller's funding settlements, newest first: rate, position, mark and amount.",
    query: pageQuery.extend({ symbol: marketFilter }),
    data: fundingPageSchema,
    weight: 5,
    errors: ['MARKET_UNKNOWN_SYMBOL'],
  },
});
