import type { PriceTicks, QtyLots } from '@tickline/money';
import type { Side } from '../types.ts';
import {
  BUY,
  crosses,
  MAKER_CANCELLED,
  NO_ORDER,
  oppositeSide,
  type MatchListener,
  type OrderBook,
  type OrderVisitor,
} from './order-book.ts';

interface RestingOrder {
  id: number;
  ownerId: number;
  side: Side;
  price: PriceTicks;
  qty: QtyLots;
  /** Arrival sequence: time priority within a price. */
  sequence: number;
}

/**
 * The obviously correct book: one array per side, re-sorted on every insert by (price priority, arrival). Slow on
 * purpose; it is the oracle the fast book is tested against.
 */
export class ReferenceOrderBook implements OrderBook {
  private readonly bids: RestingOrder[] = [];
  private readonly asks: RestingOrder[] = [];
  private sequence = 0;

  get size(): number {
    return this.bids.length + this.asks.length;
  }

  add(orderId: number, ownerId: number, side: Side, price: PriceTicks, qty: QtyLots): void {
    if (this.has(orderId)) throw new Error(`order ${orderId} is already in the book`);
    const orders = this.sideOrders(side);
    orders.push({ id: orderId, ownerId, side, price, qty, sequence: this.sequence++ });
    orders.sort((a, b) => (side === BUY ? b.price - a.price : a.price - b.price) || a.sequence - b.sequence);
  }

  cancel(orderId: number): boolean {
    for (const orders of [this.bids, this.asks]) {
      const index = orders.findIndex((order) => order.id === orderId);
      if (index >= 0) {
        orders.splice(index, 1);
        return true;
      }
    }
    return false;
  }

  reduce(orderId: number, qty: QtyLots): void {
    const order = this.find(orderId);
    if (order === undefined || !(qty > 0 && qty < order.qty))
      throw new RangeError(`cannot reduce order ${orderId} to ${qty}`);
    order.qty = qty;
  }

  has(orderId: number): boolean {
    return this.find(orderId) !== undefined;
  }

  remainingQty(orderId: number): QtyLots {
    return this.find(orderId)?.qty ?? 0;
  }

  bestPrice(side: Side): PriceTicks {
    return this.sideOrders(side)[0]?.price ?? 0;
  }

  bestOrderId(side: Side): number {
    return this.sideOrders(side)[0]?.id ?? NO_ORDER;
  }

  matchIncoming(
    takerSide: Side,
    takerOwnerId: number,
    limitPrice: PriceTicks,
    qty: QtyLots,
    listener: MatchListener,
  ): QtyLots {
    const makers = this.sideOrders(oppositeSide(takerSide));
    let remaining = qty;
    while (remaining > 0) {
      const maker = makers[0];
      if (!maker || !crosses(takerSide, limitPrice, maker.price)) break;
      if (maker.ownerId === takerOwnerId) {
        makers.shift();
        listener.onSelfTradeCancel(maker.id, maker.ownerId, maker.price, maker.qty);
        continue;
      }
      const wanted = Math.min(remaining, maker.qty);
      const accepted = listener.acceptFill(maker.id, maker.ownerId, maker.price, wanted);
      if (accepted === MAKER_CANCELLED) continue;
      if (accepted <= 0) break;
      maker.qty -= accepted;
      if (maker.qty === 0) makers.shift();
      remaining -= accepted;
      listener.onFill(maker.id, maker.ownerId, maker.price, accepted, maker.qty);
      if (accepted < wanted) break;
    }
    return remaining;
  }

  walk(side: Side, visitor: OrderVisitor): void {
    for (const order of [...this.sideOrders(side)])
      if (!visitor(order.id, order.ownerId, order.price, order.qty)) return;
  }

  depth(side: Side, levels: number): Array<[PriceTicks, QtyLots]> {
    const result: Array<[PriceTicks, QtyLots]> = [];
    for (const order of this.sideOrders(side)) {
      const last = result[result.length - 1];
      if (last && last[0] === order.price) last[1] += order.qty;
      else if (result.length < levels) result.push([order.price, order.qty]);
      else break;
    }
    return result;
  }

  private sideOrders(side: Side): RestingOrder[] {
    return side === BUY ? this.bids : this.asks;
  }

  private find(orderId: number): RestingOrder | undefined {
    return this.bids.find((order) => order.id === orderId) ?? this.asks.find((order) => order.id === orderId);
  }
}
