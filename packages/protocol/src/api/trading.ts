// Request and answer shapes of the futures trading API (/api/v1), as the server answers them today
// (apps/server/src/http/{order,position,user,market}.ts, app/trading/views.ts). Field names follow the seeds' call
// table (seed 000 §7). Money goes out as JSON numbers formatted from integers: USDT up to 6 decimals, prices 2,
// BTC sizes 4. Every answer is wrapped in the Envelope.

import type { KlineData } from '../ws.ts';
import type { OptionResult, OrderStatus, RoundStatus } from './statuses.ts';

/** 1 long (buy), 2 short (sell). */
export type PositionSide = 1 | 2;
/** 1 LIMIT, 2 MARKET, 3 STOP LIMIT, 4 STOP MARKET, 5 LIQUIDATION. */
export type OrderPath = 1 | 2 | 3 | 4 | 5;
/** Order history `position`: 1 BUY, 2 SELL, 3 LIQUIDATION, 4 CLOSE. */
export type HistoryPosition = 1 | 2 | 3 | 4;

/** POST /order/registerOrder. `type` is always 2; limit has priceType and orderPath 1, market 2. */
export interface RegisterOrderRequest {
  /** Must equal the user's current leverage (saved with /user/updateLeverage first). */
  leverage: number;
  /** BTC, up to 4 decimals, as text or number. */
  volume: string | number;
  type: 2;
  priceType: 1 | 2;
  position: PositionSide;
  orderPath: 1 | 2;
  /** USDT, up to 2 decimals; ignored for market orders. */
  price: string | number;
}
export interface RegisterOrderAnswer {
  /** The order's number. */
  no: number;
}

/** POST /order/cancel — answer data is null. */
export interface CancelOrderRequest {
  no: number;
}

/** POST /order/closePosition — answer data is null; waiting orders are cancelled first. */
export interface ClosePositionRequest {
  volume: string | number;
}

/** POST /order/updateTpsl — answer data is null; 0, null or empty clears a trigger; waiting orders are cancelled. */
export interface UpdateTpslRequest {
  takeProfit: string | number;
  stopLoss: string | number;
}

/** GET /postion/lookup row (one-way mode: at most one). An unset take-profit or stop-loss is 0. */
export interface PositionRow {
  position: PositionSide;
  volume: number;
  averagePrice: number;
  liquidationPrice: number;
  margin: number;
  leverage: number;
  takeProfit: number;
  stopLoss: number;
}

/** GET /order/waitLookup → data.orders: the unfilled part of a resting order. */
export interface OpenOrderRow {
  no: number;
  position: PositionSide;
  volume: number;
  price: number;
  leverage: number;
  /** ISO 8601. */
  insertDate: string;
}
export interface OpenOrdersAnswer {
  orders: OpenOrderRow[];
}

/** GET /order/history → data.orders (the 20 most recent). */
export interface FuturesHistoryRow {
  no: number;
  insertDate: string;
  orderPath: OrderPath;
  position: HistoryPosition;
  price: number;
  /** 0 when not closed. */
  closePrice: number;
  volume: number;
  openOrderFee: number;
  closeOrderFee: number;
  realizedProfit: number;
}
export interface FuturesHistoryAnswer {
  orders: FuturesHistoryRow[];
}

/** A resting order's view on the user stream, with its path and status. */
export interface UserOrderEvent extends OpenOrderRow {
  orderPath: OrderPath;
  status: OrderStatus;
}

/** GET /market/futures: the header strip's figures in one answer (the ticker stream carries the same). */
export interface FuturesMarketAnswer {
  symbol: string;
  lastPrice: number;
  /** 1.25 = +1.25 %. */
  priceChangePercent: number;
  markPrice: number;
  indexPrice: number;
  /** Fraction: 0.0001 = 0.01 %. */
  fundingRate: number;
  /** Next funding settlement, epoch ms. */
  fundingTime: number;
  highPrice: number;
  lowPrice: number;
  /** BTC traded in the last 24 h. */
  volume: number;
  /** Server time of the figures, epoch ms. */
  time: number;
}

/** GET /market/depth */
export interface DepthAnswer {
  symbol: string;
  ts: number;
  a: [number, number][];
  b: [number, number][];
}

/** GET /market/klines row: a 1-minute candle, oldest first; the same shape the kline stream pushes. */
export type KlineRow = KlineData;

/** Seed 001 §3 pagination of the history calls. */
export interface PageInfo {
  curPage: number;
  endPage: number;
  existNextPage: boolean;
  existPrevPage: boolean;
}

/** GET /order/lookup?page=n → data (the futures history tab of /trade/history). */
export interface FuturesHistoryPage {
  orders: FuturesHistoryRow[];
  pageInfo: PageInfo;
}

/** Option bet type: 1 long (higher), 2 short (lower). */
export type OptionBetType = 1 | 2;
/** 0 wait, 1 higher, 2 lower, 3 equal (refunded; also a round without a price): `OptionResult` by name. */
export type OptionResultCode = OptionResult;

/** A row of /optionOrder/top, /optionOrder/waitLookup and /optionOrder/lookup, and the `optionOrder` user event. */
export interface OptionOrderRow {
  no: number;
  insertDate: string;
  /** 1 = BTCUSDT. */
  symbol: number;
  /** Stake in USDT. */
  volume: number;
  openPrice: number;
  /** 0 until settled (and for a round without a price). */
  resultPrice: number;
  betType: OptionBetType;
  result: OptionResultCode;
  /** Winnings (positive), the stake lost (negative) or 0 (refunded); 0 while waiting. */
  settleFee: number;
  expireDate: string;
  refunded: boolean;
  /** The round's start in ms since the epoch: the key of its audit (`/optionRound/audit?round=`). */
  roundStart: number;
}

/** One price source's quote inside an index tick. */
export interface RoundSourceQuote {
  source: string;
  price: number;
  /** When the source quoted it, ms since the epoch. */
  quotedAt: number;
}

/** An index tick a round opened or closed on: the median of its sources' quotes. */
export interface RoundTickView {
  price: number;
  /** When the index was taken, ms since the epoch. */
  takenAt: number;
  sources: RoundSourceQuote[];
}

/** GET /optionRound/audit?round=<start ms> → data (public): what anyone needs to check a round's result. */
export interface OptionRoundAudit {
  roundStart: number;
  roundEnd: number;
  status: RoundStatus;
  /** The settlement's price (0: the round had no price and every stake was refunded); null until settled. */
  resultPrice: number | null;
  settledAt: number | null;
  /** The index tick at or before the round's start, and the one at or before its end (the result's price). */
  open: RoundTickView | null;
  close: RoundTickView | null;
  /** False when the round settled without its ticks kept (settled at a restart from the last stored price). */
  ticksKept: boolean;
  betCount: number;
}

/** GET /optionOrder/lookup?page=n → data. */
export interface OptionHistoryPage {
  list: OptionOrderRow[];
  pagination: PageInfo;
}

/** POST /optionOrder/register {symbol: 1, betType, volume} → data. */
export interface RegisterOptionAnswer {
  no: number;
}
