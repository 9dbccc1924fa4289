/** State rows the events carry, the events, and a command's result (re-exported by ../types.ts). */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import { DEFAULT_SYMBOL, type MarketSymbol } from '../config.ts';
import type { Posting } from '../ledger.ts';
import type { HistoryPosition, OrderPath, Side, TriggerBy, TriggerType, UserId } from './commands.ts';

// ---------------------------------------------------------------------------------------------------------------
// State rows. Events carry whole rows so the sequencer can upsert them as they are.

export type OrderStatus = 'open' | 'filled' | 'cancelled';

/** A trigger order's trigger as held and stored (a new object on every change: events share no mutable state). */
export interface OrderTrigger {
  type: TriggerType;
  by: TriggerBy;
  /** The price that fires it; a trailing stop's moves with its best price (null until it is activated). */
  price: PriceTicks | null;
  callbackRateBps: number | null;
  activationPrice: PriceTicks | null;
  /** trailingStop: the best price since activation (highest for a sell, lowest for a buy); null before. */
  bestPrice: PriceTicks | null;
  /** When it fired (the order was then placed as a limit or market order); null while it waits. */
  firedAtMs: number | null;
  /**
   * Its place in time priority once fired: a fresh number from the order counter taken when it fired (never used as
   * an order number), so a restore rests it behind the orders that were in the book before it fired. Null before.
   */
  arrivalId: number | null;
}

// Every row of a market carries its `symbol` (#34); the engine always sets it. Optional in the type only so rows
// stored before #34 read as DEFAULT_SYMBOL's (`symbolOf`).

export interface OrderState {
  id: number;
  userId: UserId;
  symbol?: MarketSymbol;
  side: Side;
  orderPath: OrderPath;
  price: PriceTicks | null;
  qty: QtyLots;
  filledQty: QtyLots;
  leverage: number;
  /** Margin + estimated fee still held in orderMargin for the unfilled part. */
  heldMargin: MicroUsdt;
  status: OrderStatus;
  reduceOnly: boolean;
  clientOrderId: string | null;
  createdAtMs: number;
  updatedAtMs: number;
  /**
   * Place in its price level's queue when it is not its id: an amend that loses priority re-queues the order under the
   * next number of the order sequence (futures/amend.ts). Restores rebuild the book in (queueSeq ?? id) order.
   */
  queueSeq?: number;
  /** TP/SL attached at entry (#32), set on the position when the order fills. */
  takeProfit?: PriceTicks | null;
  stopLoss?: PriceTicks | null;
  /** Set on trigger orders (orderPath 3 fires a limit, 4 a market); absent on plain orders. */
  trigger?: OrderTrigger;
}

export interface PositionState {
  userId: UserId;
  symbol?: MarketSymbol;
  side: Side;
  qty: QtyLots;
  /** Volume-weighted entry price, rounded against the user. */
  entryPrice: PriceTicks;
  leverage: number;
  /** Isolated margin in positionMargin. */
  margin: MicroUsdt;
  liquidationPrice: PriceTicks;
  takeProfit: PriceTicks | null;
  stopLoss: PriceTicks | null;
  openedAtMs: number;
  updatedAtMs: number;
}

export interface TradeRecord {
  id: number;
  symbol?: MarketSymbol;
  price: PriceTicks;
  qty: QtyLots;
  /** Side of the aggressing (taker) order. */
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: UserId;
  takerUserId: UserId;
  timeMs: number;
}

/** One row of the seeds' futures order history (`/order/history`, `/order/lookup`). */
export interface FuturesHistoryEntry {
  id: number;
  userId: UserId;
  symbol?: MarketSymbol;
  orderId: number | null;
  orderPath: OrderPath;
  position: HistoryPosition;
  price: PriceTicks;
  closePrice: PriceTicks | null;
  qty: QtyLots;
  openOrderFee: MicroUsdt;
  closeOrderFee: MicroUsdt;
  /** Signed: negative for a loss. */
  realizedProfit: MicroUsdt;
  timeMs: number;
}

/** Option result codes of the seeds: 0 wait, 1 HIGHER, 2 LOWER, 3 EQ (refund); refunded rounds without a price also 3. */
export const OptionResult = { Waiting: 0, Higher: 1, Lower: 2, Even: 3 } as const;
export type OptionResult = (typeof OptionResult)[keyof typeof OptionResult];

export interface OptionOrderState {
  id: number;
  userId: UserId;
  betType: Side;
  stake: MicroUsdt;
  openPrice: PriceTicks;
  roundStartMs: number;
  expireAtMs: number;
  resultPrice: PriceTicks | null;
  result: OptionResult;
  /** Signed PnL for the user once settled (stake × payout rate on a win, −stake on a loss, 0 on EQ/refund). */
  settledProfit: MicroUsdt;
  /** True when the round had no closing price and the stake was refunded. */
  refunded: boolean;
  createdAtMs: number;
  settledAtMs: number | null;
}

/** One user's funding settlement (#32): `amount` is signed, negative when the user paid. */
export interface FundingPayment {
  userId: UserId;
  symbol?: MarketSymbol;
  timeMs: number;
  ratePpm: number;
  side: Side;
  qty: QtyLots;
  markPrice: PriceTicks;
  amount: MicroUsdt;
}

/** A funding settlement of the market (whoever held positions): the market's funding-rate history. */
export interface FundingRateSettlement {
  symbol?: MarketSymbol;
  timeMs: number;
  ratePpm: number;
  markPrice: PriceTicks;
}

export type EngineEvent =
  | { type: 'order'; order: OrderState }
  | { type: 'funding'; payment: FundingPayment }
  | { type: 'fundingRate'; settlement: FundingRateSettlement }
  | { type: 'position'; userId: UserId; symbol?: MarketSymbol; position: PositionState | null }
  | { type: 'trade'; trade: TradeRecord }
  | { type: 'futuresHistory'; entry: FuturesHistoryEntry }
  | { type: 'optionOrder'; order: OptionOrderState }
  | { type: 'leverage'; userId: UserId; leverage: number; symbol?: MarketSymbol }
  /** Something the user should be told about (liquidation, TP/SL executed, option result...). */
  | {
      type: 'notice';
      userId: UserId;
      symbol?: MarketSymbol;
      kind: 'liquidation' | 'takeProfit' | 'stopLoss' | 'optionResult' | 'autoDeleverage';
      text: string;
    }
  /** A liquidation the insurance fund could not absorb closed against opposite positions (futures/adl.ts). */
  | {
      type: 'autoDeleverage';
      symbol?: MarketSymbol;
      liquidatedUserId: UserId;
      /** The liquidated position's side. */
      side: Side;
      qty: QtyLots;
      bankruptcyPrice: PriceTicks;
      markPrice: PriceTicks;
      counterparties: Array<{ userId: UserId; qty: QtyLots }>;
    };

// ---------------------------------------------------------------------------------------------------------------
// Results

/** A refusal the caller caused; nothing changed. Mapped to the protocol's error catalogue by the server. */
export interface Rejection {
  ok: false;
  reason: string;
  message: string;
}

export type CommandResult<T = unknown> = { ok: true; value: T } | Rejection;

export interface ApplyOutput<T = unknown> {
  result: CommandResult<T>;
  /** Empty when rejected. */
  events: EngineEvent[];
  postings: Posting[];
}

/** A row's market: rows stored before #34 have no symbol and are DEFAULT_SYMBOL's. */
export function symbolOf(row: { symbol?: MarketSymbol }): MarketSymbol {
  return row.symbol ?? DEFAULT_SYMBOL;
}
// ---------------------------------------------------------------------------------------------------------------
// Read models

/**
 * A user's money in micro-USDT, named by what it is; the server maps it to the seeds' `/user/balance` fields (bsc,
 * usdtm, usdt, usingRequiredAmount, long/shortWaitingRequiredAmount) in apps/server's trading views.
 * futuresTotal = free futures + order holds + position margin, so the seeds' "available = usdtm −
 * usingRequiredAmount − waiting" holds; option stakes have left the wallet until their round settles and are not counted.
 */
export interface BalanceView {
  /** Spot wallet (USDT BEP-20), the seeds' `bsc`. */
  spot: MicroUsdt;
  /** Futures wallet: free + held for orders + position margin, the seeds' `usdtm`. */
  futuresTotal: MicroUsdt;
  /** spot + futuresTotal. */
  total: MicroUsdt;
  /** Isolated margin of the open position. */
  positionMargin: MicroUsdt;
  /** Held for resting buy (long) orders: margin + estimated fees. */
  longOrderHolds: MicroUsdt;
  /** Held for resting sell (short) orders. */
  shortOrderHolds: MicroUsdt;
  /** Free futures balance: what new orders, option stakes and transfers out can use. */
  futuresAvailable: MicroUsdt;
  /** Stakes of unsettled option orders. */
  optionStaked: MicroUsdt;
}

export interface DepthView {
  /** Best first: [price, total quantity] per level. */
  bids: Array<[PriceTicks, QtyLots]>;
  asks: Array<[PriceTicks, QtyLots]>;
}
