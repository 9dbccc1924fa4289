/**
 * The engine's public contract, commands (the index, ../types.ts, re-exports every part): commands in, a result plus events and ledger postings out.
 * The engine is pure and deterministic: it never reads a clock or a random source; time arrives in every command
 * (`nowMs`), ids are assigned from counters that are part of the restorable state.
 *
 * Units (see @tickline/money): amounts MicroUsdt (scale 6), prices PriceTicks (0.01 USDT), quantities QtyLots
 * (0.0001 BTC). Seeds' codes are kept as they are: side/position 1 long (buy), 2 short (sell).
 */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import type { MarketSymbol } from '../config.ts';

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
