import type { PriceTicks, QtyLots } from '@tickline/money';
import type { Side } from '../types.ts';

export const BUY: Side = 1;
export const SELL: Side = 2;

export function oppositeSide(side: Side): Side {
  return side === BUY ? SELL : BUY;
}

/** Returned by `MatchListener.acceptFill` after it cancelled the maker from the book. */
export const MAKER_CANCELLED = -1;

/** Returned by `bestOrderId` when a side is empty (order ids start at 1). */
export const NO_ORDER = 0;

/**
 * Called by `matchIncoming` as it walks the opposite side. The listener is where the exchange settles money; the
 * book only keeps quantities. It may cancel other resting orders from inside `onFill` (the walk re-reads the best
 * order after every callback).
 */
export interface MatchListener {
  /** Self-trade prevention removed the taker owner's own resting order (policy: cancel the resting, older order). */
  onSelfTradeCancel(makerOrderId: number, makerOwnerId: number, price: PriceTicks, remainingQty: QtyLots): void;
  /**
   * How much of `qty` the taker can take from this maker at `price`; 0 stops the walk. MAKER_CANCELLED: the listener
   * has cancelled this maker (it may not fill at its price); the walk goes on with the next best order.
   */
  acceptFill(makerOrderId: number, makerOwnerId: number, price: PriceTicks, qty: QtyLots): QtyLots;
  /** After the book took `qty` off the maker; `makerRemainingQty` 0 means it left the book. */
  onFill(makerOrderId: number, makerOwnerId: number, price: PriceTicks, qty: QtyLots, makerRemainingQty: QtyLots): void;
}

/** Visits resting orders in priority order; return false to stop. */
export type OrderVisitor = (orderId: number, ownerId: number, price: PriceTicks, qty: QtyLots) => boolean;

/**
 * A price-time priority limit order book of one market. Prices are positive integers (ticks), quantities positive
 * integers (lots), ids positive and unique. Two implementations: `ReferenceOrderBook` (sorted arrays, obviously
 * correct) and `FastOrderBook` (O(1) cancel, no allocation per operation); one test suite runs both.
 */
export interface OrderBook {
  /** Rests an order at the back of its price level. The caller has matched it first, so it does not cross. */
  add(orderId: number, ownerId: number, side: Side, price: PriceTicks, qty: QtyLots): void;
  /** Removes a resting order; false when it is not in the book. */
  cancel(orderId: number): boolean;
  /** Lowers a resting order's remaining quantity to `qty` (0 < qty < remaining) in place: it keeps its queue place. */
  reduce(orderId: number, qty: QtyLots): void;
  has(orderId: number): boolean;
  /** Remaining quantity of a resting order (0 when absent). */
  remainingQty(orderId: number): QtyLots;
  /** Best price of a side, 0 when the side is empty. */
  bestPrice(side: Side): PriceTicks;
  /** Oldest order at the best price of a side, NO_ORDER when empty. */
  bestOrderId(side: Side): number;
  /**
   * Matches an incoming order of `takerSide` against the other side while prices cross `limitPrice` (a buy takes
   * asks ≤ limitPrice, a sell takes bids ≥ limitPrice), best price first, oldest first within a price, skipping and
   * cancelling the taker owner's own orders. Returns the quantity left unfilled; never rests it.
   */
  matchIncoming(
    takerSide: Side,
    takerOwnerId: number,
    limitPrice: PriceTicks,
    qty: QtyLots,
    listener: MatchListener,
  ): QtyLots;
  /** Visits one side's resting orders from the best price, oldest first within a level. */
  walk(side: Side, visitor: OrderVisitor): void;
  /** Up to `levels` aggregated price levels of a side, best first. */
  depth(side: Side, levels: number): Array<[PriceTicks, QtyLots]>;
  /** Number of resting orders. */
  readonly size: number;
}

export function crosses(takerSide: Side, limitPrice: PriceTicks, makerPrice: PriceTicks): boolean {
  return takerSide === BUY ? makerPrice <= limitPrice : makerPrice >= limitPrice;
}
