// Request and answer shapes of the futures trading API (/api/v1), as the server answers them today
// (apps/server/src/http/{order,position,user,market}.ts, app/trading/views.ts). Field names follow the seeds' call
// table (seed 000 §7). Money goes out as JSON numbers formatted from integers: USDT up to 6 decimals, prices 2,
// BTC sizes 4. Every answer is wrapped in the Envelope.

import { z } from 'zod';

/** 1 long (buy), 2 short (sell). */
export const positionSideSchema = z.union([z.literal(1), z.literal(2)]);

/** 1 LIMIT, 2 MARKET, 3 STOP LIMIT, 4 STOP MARKET, 5 LIQUIDATION. */
export const orderPathSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);

/** Order history `position`: 1 BUY, 2 SELL, 3 LIQUIDATION, 4 CLOSE. */
export const historyPositionSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const registerOrderAnswerSchema = z.object({
  /** The order's number. */
  no: z.number(),
});

/** GET /postion/lookup row (one-way mode: at most one). An unset take-profit or stop-loss is 0. */
export const positionRowSchema = z.object({
  /** The market (#34), e.g. BTCUSDT. */
  symbol: z.string(),
  position: positionSideSchema,
  volume: z.number(),
  averagePrice: z.number(),
  liquidationPrice: z.number(),
  margin: z.number(),
  leverage: z.number(),
  takeProfit: z.number(),
  stopLoss: z.number(),
  /**
   * Auto-deleveraging queue position as Binance's adlQuantile: 0–4, 4 the first fifth to be deleveraged when a
   * liquidation's loss exceeds the insurance fund (0 also for a position in loss). Absent before the first mark.
   */
  adlQuantile: z.number().int().min(0).max(4).optional(),
});

/**
 * A trigger order's fields on its open-order row (#32 item 3), absent on plain orders (the seeds' screens are
 * unchanged): the trigger as placed, and `triggered` once it fired (its limit then rests like any other).
 */
function openOrderTriggerFields() {
  return {
    /** 3 stop-limit (fires a limit), 4 stop-market (fires a market); plain orders omit it. */
    orderPath: orderPathSchema.optional(),
    triggerType: z.enum(['stop', 'takeProfit', 'trailingStop']).optional(),
    triggerBy: z.enum(['mark', 'last']).optional(),
    /** The price that fires it; a trailing stop's follows its best price (0 until activated). */
    triggerPrice: z.number().optional(),
    /** Trailing stop: basis points (100 = 1 %). */
    callbackRate: z.number().optional(),
    /** Trailing stop: 0 when none. */
    activationPrice: z.number().optional(),
    triggered: z.boolean().optional(),
  };
}

/** GET /order/waitLookup → data.orders: the unfilled part of a resting order. */
export const openOrderRowSchema = z.object({
  no: z.number(),
  /** The market (#34), e.g. BTCUSDT. */
  symbol: z.string(),
  position: positionSideSchema,
  volume: z.number(),
  price: z.number(),
  leverage: z.number(),
  /** ISO 8601. */
  insertDate: z.string(),
  /** Only reduces the position (#34); optional as a client may replay rows stored before the field existed. */
  reduceOnly: z.boolean().optional(),
  ...openOrderTriggerFields(),
});

export const openOrdersAnswerSchema = z.object({
  orders: z.array(openOrderRowSchema),
});

/** GET /order/history → data.orders (the 20 most recent). */
export const futuresHistoryRowSchema = z.object({
  no: z.number(),
  /** The market (#34), e.g. BTCUSDT. */
  symbol: z.string(),
  insertDate: z.string(),
  orderPath: orderPathSchema,
  position: historyPositionSchema,
  price: z.number(),
  /** 0 when not closed. */
  closePrice: z.number(),
  volume: z.number(),
  openOrderFee: z.number(),
  closeOrderFee: z.number(),
  realizedProfit: z.number(),
  /**
   * 'filled': a fill, close or liquidation. 'cancelled' (only in /order/history): a limit order cancelled before it
   * filled, by the user or by a close or TP/SL; `volume` is the part that did not fill, fees and profit 0.
   */
  status: z.enum(['filled', 'cancelled']).optional(),
});

export const futuresHistoryAnswerSchema = z.object({
  orders: z.array(futuresHistoryRowSchema),
});

/** A resting order's view on the user stream, with its path and status. */
export const userOrderEventSchema = openOrderRowSchema.extend({
  orderPath: orderPathSchema,
  status: z.union([z.literal('open'), z.literal('filled'), z.literal('cancelled')]),
});

/** GET /market/futures: the header strip's figures in one answer (the ticker stream carries the same). */
export const futuresMarketAnswerSchema = z.object({
  symbol: z.string(),
  lastPrice: z.number(),
  /** 1.25 = +1.25 %. */
  priceChangePercent: z.number(),
  markPrice: z.number(),
  indexPrice: z.number(),
  /** Fraction: 0.0001 = 0.01 %. */
  fundingRate: z.number(),
  /** Next funding settlement, epoch ms. */
  fundingTime: z.number(),
  highPrice: z.number(),
  lowPrice: z.number(),
  /** BTC traded in the last 24 h. */
  volume: z.number(),
  /** Server time of the figures, epoch ms. */
  time: z.number(),
});

/** GET /market/fundingRate: one settled funding of the market. */
export const fundingRateRowSchema = z.object({
  symbol: z.string(),
  /** The settlement, epoch ms. */
  fundingTime: z.number(),
  /** Fraction: 0.0001 = 0.01 %; positive when longs paid shorts. */
  fundingRate: z.number(),
  /** The mark price the settlement was paid at. */
  markPrice: z.number(),
});

/** GET /market/depth */
export const depthAnswerSchema = z.object({
  symbol: z.string(),
  ts: z.number(),
  a: z.array(z.tuple([z.number(), z.number()])),
  b: z.array(z.tuple([z.number(), z.number()])),
});

/** Seed 001 §3 pagination of the history calls. */
export const pageInfoSchema = z.object({
  curPage: z.number(),
  endPage: z.number(),
  existNextPage: z.boolean(),
  existPrevPage: z.boolean(),
});

/** GET /order/lookup?page=n → data (the futures history tab of /trade/history). */
export const futuresHistoryPageSchema = z.object({
  orders: z.array(futuresHistoryRowSchema),
  pageInfo: pageInfoSchema,
});

/** Option bet type: 1 long (higher), 2 short (lower). */
export const optionBetTypeSchema = z.union([z.literal(1), z.literal(2)]);

/** 0 wait, 1 higher, 2 lower, 3 equal (refunded; also a round without a price). */
export const optionResultCodeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** A row of /optionOrder/top, /optionOrder/waitLookup and /optionOrder/lookup, and the `optionOrder` user event. */
export const optionOrderRowSchema = z.object({
  no: z.number(),
  insertDate: z.string(),
  /** 1 = BTCUSDT. */
  symbol: z.number(),
  /** Stake in USDT. */
  volume: z.number(),
  openPrice: z.number(),
  /** 0 until settled (and for a round without a price). */
  resultPrice: z.number(),
  betType: optionBetTypeSchema,
  result: optionResultCodeSchema,
  /** Winnings (positive), the stake lost (negative) or 0 (refunded); 0 while waiting. */
  settleFee: z.number(),
  expireDate: z.string(),
  refunded: z.boolean(),
  /** The round's start in ms since the epoch: the key of its audit (`/optionRound/audit?round=`). */
  roundStart: z.number(),
});

/** One price source's quote inside an index tick. */
export const roundSourceQuoteSchema = z.object({
  source: z.string(),
  price: z.number(),
  /** When the source quoted it, ms since the epoch. */
  quotedAt: z.number(),
});

/** An index tick a round opened or closed on: the median of its sources' quotes. */
export const roundTickViewSchema = z.object({
  price: z.number(),
  /** When the index was taken, ms since the epoch. */
  takenAt: z.number(),
  sources: z.array(roundSourceQuoteSchema),
});

/** GET /optionRound/audit?round=<start ms> → data (public): what anyone needs to check a round's result. */
export const optionRoundAuditSchema = z.object({
  roundStart: z.number(),
  roundEnd: z.number(),
  /** 0 open (not ended), 1 ended and waiting for settlement, 2 settled. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The settlement's price (0: the round had no price and every stake was refunded); null until settled. */
  resultPrice: z.number().nullable(),
  settledAt: z.number().nullable(),
  /** The index tick at or before the round's start, and the one at or before its end (the result's price). */
  open: roundTickViewSchema.nullable(),
  close: roundTickViewSchema.nullable(),
  /** False when the round settled without its ticks kept (settled at a restart from the last stored price). */
  ticksKept: z.boolean(),
  betCount: z.number(),
});

/** GET /optionOrder/lookup?page=n → data. */
export const optionHistoryPageSchema = z.object({
  list: z.array(optionOrderRowSchema),
  pagination: pageInfoSchema,
});

/** POST /optionOrder/register {symbol: 1, betType, volume} → data. */
export const registerOptionAnswerSchema = z.object({
  no: z.number(),
});

/** A 1-minute candle; the kline stream pushes the same shape (ws.ts `KlineData`). */
const klineDataSchema = z.object({
  /** Epoch ms of the minute's start; closeTime = openTime + 59,999. */
  openTime: z.number(),
  closeTime: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  /** Traded quantity (BTC). */
  volume: z.number(),
  /** True once the minute is over and the candle final. */
  closed: z.boolean(),
});

/** GET /market/klines row: a 1-minute candle, oldest first; the same shape the kline stream pushes. */
export const klineRowSchema = klineDataSchema;

export type PositionSide = z.infer<typeof positionSideSchema>;
export type OrderPath = z.infer<typeof orderPathSchema>;
export type HistoryPosition = z.infer<typeof historyPositionSchema>;
export type RegisterOrderAnswer = z.infer<typeof registerOrderAnswerSchema>;
export type PositionRow = z.infer<typeof positionRowSchema>;
export type OpenOrderRow = z.infer<typeof openOrderRowSchema>;
export type OpenOrdersAnswer = z.infer<typeof openOrdersAnswerSchema>;
export type FuturesHistoryRow = z.infer<typeof futuresHistoryRowSchema>;
export type FuturesHistoryAnswer = z.infer<typeof futuresHistoryAnswerSchema>;
export type UserOrderEvent = z.infer<typeof userOrderEventSchema>;
export type FuturesMarketAnswer = z.infer<typeof futuresMarketAnswerSchema>;
export type DepthAnswer = z.infer<typeof depthAnswerSchema>;
export type FundingRateRow = z.infer<typeof fundingRateRowSchema>;
export type PageInfo = z.infer<typeof pageInfoSchema>;
export type FuturesHistoryPage = z.infer<typeof futuresHistoryPageSchema>;
export type OptionBetType = z.infer<typeof optionBetTypeSchema>;
export type OptionResultCode = z.infer<typeof optionResultCodeSchema>;
export type OptionOrderRow = z.infer<typeof optionOrderRowSchema>;
export type RoundSourceQuote = z.infer<typeof roundSourceQuoteSchema>;
export type RoundTickView = z.infer<typeof roundTickViewSchema>;
export type OptionRoundAudit = z.infer<typeof optionRoundAuditSchema>;
export type OptionHistoryPage = z.infer<typeof optionHistoryPageSchema>;
export type RegisterOptionAnswer = z.infer<typeof registerOptionAnswerSchema>;
export type KlineRow = z.infer<typeof klineRowSchema>;
