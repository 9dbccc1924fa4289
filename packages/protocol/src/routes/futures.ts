// Futures order entry, positions and history (seed 000 §7, seed 001 §7).
import { z } from 'zod';
import { Errors } from '../errors/index.ts';
import {
  futuresHistoryAnswerSchema,
  futuresHistoryPageSchema,
  openOrdersAnswerSchema,
  positionRowSchema,
  registerOrderAnswerSchema,
} from '../api/trading.ts';
import { clientOrderLookupSchema } from '../api/programs.ts';
import { defineRoutes } from './define.ts';
import { checkedLater, marketFilter, marketSymbol, nothing, pageQuery, positiveInteger } from './fields.ts';
import { ORDER_CONTROL_ERRORS, orderControlFields } from './order-control-fields.ts';

// Numbers may arrive as JSON numbers or decimal text; the use cases parse them exactly (never as floats).
const decimal = checkedLater('A decimal as a JSON number or text, parsed exactly.');
const code = z.number({ error: 'must be a number' }).optional();
const ordering = { per: 'user', name: 'order' } as const;
const engineRefusals = [
  'MARKET_UNKNOWN_SYMBOL',
  'TRADING_FROZEN',
  'NO_MARK_PRICE',
  'ENGINE_OUTCOME_UNKNOWN',
  'SERVICE_BUSY',
] as const;
const withClientOrderId = ['CLIENT_ORDER_ID_INVALID', ...engineRefusals] as const;

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,36}$/;

/**
 * The caller's own order id (#29): the same id from the same user places nothing more and answers the first order's
 * outcome, so a retry after 1010 is safe. Anything but 1 to 36 of [A-Za-z0-9_-] answers CLIENT_ORDER_ID_INVALID.
 */
export const clientOrderIdSchema = z
  .custom<string>((value) => typeof value === 'string' && CLIENT_ORDER_ID.test(value), {
    error: 'clientOrderId must be 1 to 36 letters, digits, _ or -',
    params: { failure: Errors.CLIENT_ORDER_ID_INVALID },
  })
  .optional()
  .meta({
    type: 'string',
    pattern: CLIENT_ORDER_ID.source,
    description: "The caller's own id for the order, 1 to 36 of A-Z a-z 0-9 _ -; a repeat places nothing more.",
  });

/** One of `values` (documented as an enum); anything else answers `failure`. */
function choice<const T extends string>(values: readonly T[], failure: (typeof Errors)[keyof typeof Errors]) {
  return z
    .custom<T>((value) => typeof value === 'string' && (values as readonly string[]).includes(value), {
      error: `must be one of ${values.join(', ')}`,
      params: { failure },
    })
    .optional()
    .meta({ type: 'string', enum: [...values] });
}

/**
 * A trigger order's fields on registerOrder (#32 item 3; Binance's types map onto them, docs/decisions.md): with
 * `triggerType` the order waits until `triggerBy`'s price reaches `triggerPrice`, then is placed as its orderPath
 * says (1 limit at `price`, 2 market). A trailing stop (market only) has `callbackRate` and `activationPrice` instead.
 */
const triggerFields = {
  triggerType: choice(['stop', 'takeProfit', 'trailingStop'], Errors.INVALID_TRIGGER),
  triggerBy: choice(['mark', 'last'], Errors.INVALID_TRIGGER),
  triggerPrice: checkedLater('The price that fires a stop or take-profit (USDT, 0.01 steps), as a number or text.'),
  callbackRate: z
    .custom<number>((value) => typeof value === 'number' && Number.isSafeInteger(value), {
      error: 'callbackRate must be a whole number of basis points from 10 to 1000',
      params: { failure: Errors.INVALID_CALLBACK_RATE },
    })
    .optional()
    .meta({ type: 'integer', minimum: 10, maximum: 1000, description: 'Trailing stop: basis points (100 = 1 %).' }),
  activationPrice: checkedLater('Trailing stop: it starts following the price once this price is reached.'),
};

export const futuresRoutes = defineRoutes({
  placeOrder: {
    method: 'POST',
    path: '/order/registerOrder',
    auth: 'user',
    permission: 'trade',
    summary: 'Places a limit or market order at the leverage saved before (type 2; priceType equals orderPath).',
    body: z.object({
      leverage: z.number({ error: 'leverage must be a whole number from 1 to 100' }),
      volume: decimal,
      type: code,
      priceType: code,
      position: z.number({ error: 'position must be 1 (long) or 2 (short)' }),
      orderPath: z.number({ error: 'orderPath must be 1 (limit) or 2 (market)' }),
      price: decimal,
      clientOrderId: clientOrderIdSchema,
      symbol: marketSymbol,
      ...orderControlFields,
      ...triggerFields,
    }),
    data: registerOrderAnswerSchema,
    message: 'Order successfully completed.',
    rateLimit: ordering,
    errors: [
      'INVALID_ORDER_TYPE',
      'INVALID_LEVERAGE',
      'INVALID_QUANTITY',
      'INVALID_PRICE',
      'QUANTITY_BELOW_MINIMUM',
      'NOTIONAL_BELOW_MINIMUM',
      'QUANTITY_ABOVE_MAXIMUM',
      'INSUFFICIENT_MARGIN',
      'NO_LIQUIDITY',
      'TOO_MANY_OPEN_ORDERS',
      'ORDER_WOULD_LIQUIDATE',
      ...ORDER_CONTROL_ERRORS,
      'INVALID_TRIGGER',
      'TRIGGER_WOULD_FIRE_NOW',
      'INVALID_CALLBACK_RATE',
      'NO_LAST_PRICE',
      ...withClientOrderId,
    ],
  },
  cancelOrder: {
    method: 'POST',
    path: '/order/cancel',
    auth: 'user',
    permission: 'trade',
    summary: "Cancels the unfilled part of one of the caller's waiting orders.",
    body: z.object({
      no: positiveInteger('no must be an order number', Errors.ORDER_NOT_FOUND),
      symbol: marketSymbol,
    }),
    data: nothing,
    message: 'The order has been canceled.',
    rateLimit: { per: 'user', name: 'cancel' },
    errors: ['ORDER_NOT_FOUND', 'MARKET_UNKNOWN_SYMBOL', 'ENGINE_OUTCOME_UNKNOWN', 'SERVICE_BUSY'],
  },
  openOrders: {
    method: 'GET',
    path: '/order/waitLookup',
    auth: 'user',
    permission: 'read',
    summary: "The caller's waiting orders, in every market or in `symbol`'s.",
    query: z.object({ symbol: marketFilter }),
    data: openOrdersAnswerSchema,
    errors: ['MARKET_UNKNOWN_SYMBOL'],
  },
  recentOrderHistory: {
    method: 'GET',
    path: '/order/history',
    auth: 'user',
    permission: 'read',
    summary: "The caller's 20 most recent futures orders, in every market or in `symbol`'s.",
    query: z.object({ symbol: marketFilter }),
    data: futuresHistoryAnswerSchema,
    weight: 5,
    errors: ['MARKET_UNKNOWN_SYMBOL'],
  },
  orderHistoryPage: {
    method: 'GET',
    path: '/order/lookup',
    auth: 'user',
    permission: 'read',
    summary:
      "One page of the caller's futures history; with clientOrderId instead, what the order path sent with that id " +
      'did and its order as it is now (#29).',
    query: pageQuery.extend({ clientOrderId: z.string().max(100).optional(), symbol: marketFilter }),
    data: z.union([futuresHistoryPageSchema, clientOrderLookupSchema]),
    weight: 5,
    errors: ['CLIENT_ORDER_ID_INVALID', 'CLIENT_ORDER_NOT_FOUND', 'MARKET_UNKNOWN_SYMBOL'],
  },
  closePosition: {
    method: 'POST',
    path: '/order/closePosition',
    auth: 'user',
    permission: 'trade',
    summary: "Market-closes this much of the caller's position; waiting orders are cancelled first.",
    body: z.object({ volume: decimal, clientOrderId: clientOrderIdSchema, symbol: marketSymbol }),
    data: nothing,
    message: 'The position has been updated.',
    rateLimit: ordering,
    errors: ['INVALID_QUANTITY', 'NO_POSITION', 'CLOSE_EXCEEDS_POSITION', 'NO_LIQUIDITY', ...withClientOrderId],
  },
  updateTpsl: {
    method: 'POST',
    path: '/order/updateTpsl',
    auth: 'user',
    permission: 'trade',
    summary: "Sets or clears (0, null or empty) the position's take-profit and stop-loss.",
    body: z.object({
      takeProfit: decimal,
      stopLoss: decimal,
      clientOrderId: clientOrderIdSchema,
      symbol: marketSymbol,
    }),
    data: nothing,
    message: 'Take Profit and Stop Loss have been updated.',
    rateLimit: ordering,
    errors: ['INVALID_TP_SL', 'NO_POSITION', ...withClientOrderId],
  },
  positions: {
    method: 'GET',
    path: '/postion/lookup',
    auth: 'user',
    permission: 'read',
    summary:
      "The caller's positions (one-way mode: at most one per market), in every market or in `symbol`'s; the path is " +
      'spelled as the seeds spell it.',
    query: z.object({ symbol: marketFilter }),
    data: z.array(positionRowSchema),
    errors: ['MARKET_UNKNOWN_SYMBOL'],
  },
});
