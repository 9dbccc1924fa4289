/**
 * The engine's public contract: commands in, a result plus events and ledger postings out.
 * The engine is pure and deterministic: it never reads a clock or a random source; time arrives in every command
 * (`nowMs`), ids are assigned from counters that are part of the restorable state.
 *
 * Units (see @tickline/money): amounts MicroUsdt (scale 6), prices PriceTicks (0.01 USDT), quantities QtyLots
 * (0.0001 BTC). Seeds' codes are kept as they are: side/position 1 long (buy), 2 short (sell).
 */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import { DEFAULT_SYMBOL, type MarketSymbol } from './config.ts';
import type { AccountId, Posting } from './ledger.ts';

export type UserId = number;
export type Side = 1 | 2;
/** How an order came to be, by name; the values are the seeds' orderPath codes. */
export const OrderPath = { Limit: 1, Market: 2, StopLimit: 3, StopMarket: 4, Liquidation: 5 } as const;
export type OrderPath = (typeof OrderPath)[keyof typeof OrderPath];
/** What a futures history row records, by name; the values are the seeds' `position` codes. */
export const HistoryPosition = { Buy: 1, Sell: 2, Liquidation: 3, Close: 4 } as const;
export type HistoryPosition = (typeof HistoryPosition)[keyof typeof HistoryPosition];
export type Wallet = 'spot' | 'futures';
/**
 * How long a limit order stays (#32): GTC rests until cancelled; IOC fills what it can now and cancels the rest; FOK
 * fills whole now or is refused; GTX (post-only) is refused if any of it would take liquidity.
 */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'GTX';

// ---------------------------------------------------------------------------------------------------------------
// Commands. The sequencer stamps each with `nowMs` before applying it.
//
// Per-market commands name their market in `symbol` (#34): absent = DEFAULT_SYMBOL, an unknown one is refused
// (MARKET_UNKNOWN_SYMBOL). Orders are numbered across markets, so a cancel or amend finds its order by number alone;
// a symbol there must match the order's market.

export type Command =
  /** Treasury → a user's wallet (demo balances, promotions). */
  | { type: 'fund'; userId: UserId; wallet: Wallet; amount: MicroUsdt; reason: string }
  /** Between a user's own wallets (`/transfer/registerFutures`): `to` names the receiving wallet. */
  | { type: 'transfer'; userId: UserId; to: Wallet; amount: MicroUsdt }
  | { type: 'setLeverage'; userId: UserId; leverage: number; symbol?: MarketSymbol }
  | {
      type: 'placeOrder';
      userId: UserId;
      symbol?: MarketSymbol;
      side: Side;
      orderPath: typeof OrderPath.Limit | typeof OrderPath.Market;
      /** Required for limit orders; null for market orders. */
      price: PriceTicks | null;
      qty: QtyLots;
      /** The leverage the caller ordered at: refused (INVALID_LEVERAGE) unless it is still the user's. */
      leverage?: number;
      /** Idempotency key from the caller, optional. */
      clientOrderId?: string;
      /** Limit orders only; GTC when absent (a market order is IOC by nature). */
      timeInForce?: TimeInForce;
      /** Never opens or grows the position: see futures/reduce-only.ts. */
      reduceOnly?: boolean;
      /** TP/SL set on the position when this order fills (the opening side only); absent = untouched. */
      takeProfit?: PriceTicks;
      stopLoss?: PriceTicks;
      /** A trigger order (futures/trigger-orders.ts): held by the engine until its price is crossed, then placed. */
      trigger?: TriggerRequest;
    }
  | { type: 'cancelOrder'; userId: UserId; orderId: number; symbol?: MarketSymbol }
  /** Changes a resting order's price and/or total quantity, keeping its number (futures/amend.ts). */
  | {
      type: 'amendOrder';
      userId: UserId;
      orderId: number;
      price?: PriceTicks;
      qty?: QtyLots;
      symbol?: MarketSymbol;
    }
  /** Moves money between the futures wallet and the position's isolated margin (futures/isolated-margin.ts). */
  | {
      type: 'adjustMargin';
      userId: UserId;
      amount: MicroUsdt;
      direction: 'add' | 'remove';
      symbol?: MarketSymbol;
    }
  /** Market-closes `qty` of the user's position (`/order/closePosition`); cancels their waiting orders first. */
  | { type: 'closePosition'; userId: UserId; qty: QtyLots; symbol?: MarketSymbol }
  /** Attaches TP/SL to the position (`/order/updateTpsl`); cancels waiting orders first. null clears one. */
  | {
      type: 'setTpSl';
      userId: UserId;
      takeProfit: PriceTicks | null;
      stopLoss: PriceTicks | null;
      symbol?: MarketSymbol;
    }
  /** New index and mark prices: triggers liquidations and TP/SL. */
  | { type: 'priceTick'; indexPrice: PriceTicks; markPrice: PriceTicks; symbol?: MarketSymbol }
  /** Settles funding between longs and shorts at the mark price; rate in parts per million (100 = 0.01 %). */
  | { type: 'settleFunding'; fundingRatePpm: number; symbol?: MarketSymbol }
  /** One-minute option order (`/optionOrder/register`); stake from the futures wallet, openPrice = current index. */
  | { type: 'placeOptionOrder'; userId: UserId; betType: Side; stake: MicroUsdt }
  /** Settles the round that started at `roundStartMs`; resultPrice null = no price (refund everyone). */
  | { type: 'settleOptionRound'; roundStartMs: number; resultPrice: PriceTicks | null }
  | WalletMoneyCommand;

/**
 * Money in and out of the platform (wallets/): chain deposits and withdrawals, partner payouts, operator corrections.
 * Keys and ids come from the service that owns the record (a deposit's chain key, a withdrawal's id) and tie the
 * postings to it (`ref`); at most 200 characters.
 */
export type WalletMoneyCommand =
  /** A confirmed chain deposit: chain clearing → the user's spot wallet, once per key (a repeat changes nothing). */
  | { type: 'creditDeposit'; userId: UserId; amount: MicroUsdt; depositKey: string }
  /** A credited deposit the chain took back: what the user still has goes back, the rest becomes a deposit debt. */
  | { type: 'reverseDeposit'; depositKey: string }
  /** A withdrawal requested: amount + fee from the spot wallet into the withdrawal hold. */
  | { type: 'holdWithdrawal'; userId: UserId; withdrawalId: string; amount: MicroUsdt; fee: MicroUsdt }
  /** A withdrawal refused or cancelled: its hold back to the spot wallet. */
  | { type: 'releaseWithdrawal'; userId: UserId; withdrawalId: string; amount: MicroUsdt; fee: MicroUsdt }
  /** A withdrawal sent on chain: amount → chain clearing, fee → fee revenue. */
  | { type: 'sendWithdrawal'; userId: UserId; withdrawalId: string; amount: MicroUsdt; fee: MicroUsdt }
  /**
   * A settled KST day of partner shares: the house's fee revenue → partner settlements payable, the day's total once
   * (the caller sends it with the day as idempotency key).
   */
  | { type: 'accruePartnerSettlement'; day: string; amount: MicroUsdt }
  /** An approved partner settlement paid: partner settlements payable → the partner's spot wallet. */
  | { type: 'payPartnerSettlement'; userId: UserId; settlementId: string; amount: MicroUsdt }
  /** An operator's correction of a user's wallet: signed (a negative amount takes money back), reason required. */
  | { type: 'adjustBalance'; userId: UserId; wallet: Wallet; amount: MicroUsdt; reason: string };

export type CommandType = Command['type'];

// ---------------------------------------------------------------------------------------------------------------
// State rows. Events carry whole rows so the sequencer can upsert them as they are.

export type OrderStatus = 'open' | 'filled' | 'cancelled';

/** Binance's STOP(_MARKET), TAKE_PROFIT(_MARKET) and TRAILING_STOP_MARKET (docs/decisions.md, #32 item 3). */
export type TriggerType = 'stop' | 'takeProfit' | 'trailingStop';
/** The price a trigger watches: the mark (Binance MARK_PRICE) or the last trade (CONTRACT_PRICE). */
export type TriggerBy = 'mark' | 'last';

/** What a trigger order is asked with (`placeOrder.trigger`). */
export interface TriggerRequest {
  type: TriggerType;
  by: TriggerBy;
  /** stop / takeProfit: the price that fires it; absent for a trailing stop. */
  price?: PriceTicks | null;
  /** trailingStop: the retrace that fires it, in basis points (10 = 0.1 % … 1000 = 10 %). */
  callbackRateBps?: number | null;
  /** trailingStop: tracking starts once the price reaches it (sell: at or above, buy: at or below); absent = now. */
  activationPrice?: PriceTicks | null;
}

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

// ---------------------------------------------------------------------------------------------------------------
// Restorable state

export interface EngineSnapshot {
  balances: Array<readonly [AccountId, MicroUsdt]>;
  openOrders: OrderState[];
  positions: PositionState[];
  unsettledOptionOrders: OptionOrderState[];
  /** DEFAULT_SYMBOL's leverages as [user, leverage]; another market's as [user, leverage, symbol] (#34). */
  leverageByUser: Array<readonly [UserId, number] | readonly [UserId, number, MarketSymbol]>;
  nextIds: { order: number; trade: number; history: number; optionOrder: number };
  lastIndexPrice: PriceTicks | null;
  lastMarkPrice: PriceTicks | null;
  /** When the last price tick was applied (its `nowMs`). */
  lastPriceAtMs: number | null;
  /** Every chain deposit credited (a key credits once), reversed or not. */
  deposits: DepositRecord[];
  /** Trigger orders not fired yet (their `trigger.firedAtMs` null), by id; absent in older snapshots. */
  triggerOrders?: OrderState[];
  /** The last trade's price (what `triggerBy: 'last'` watches); absent in older snapshots. */
  lastTradePrice?: PriceTicks | null;
  /**
   * Each market's prices (#34); when present it is the whole truth and the top-level last*Price fields are ignored;
   * absent (older snapshots) = DEFAULT_SYMBOL's prices are the top-level ones.
   */
  markets?: MarketPrices[];
}

/** A market's last prices, as a snapshot keeps them. */
export interface MarketPrices {
  symbol: MarketSymbol;
  lastIndexPrice: PriceTicks | null;
  lastMarkPrice: PriceTicks | null;
  lastPriceAtMs: number | null;
  lastTradePrice: PriceTicks | null;
}

/** A row's market: rows stored before #34 have no symbol and are DEFAULT_SYMBOL's. */
export function symbolOf(row: { symbol?: MarketSymbol }): MarketSymbol {
  return row.symbol ?? DEFAULT_SYMBOL;
}

export interface DepositRecord {
  depositKey: string;
  userId: UserId;
  amount: MicroUsdt;
  reversed: boolean;
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
