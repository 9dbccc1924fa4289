import type { PriceTicks, QtyLots } from '@tickline/money';
import type { Side } from '../types.ts';
import { BUY, NO_ORDER, type MatchListener, type OrderBook, type OrderVisitor } from './order-book.ts';

/** A resting order: a node of its price level's doubly linked FIFO list. Nodes are pooled and reused. */
class OrderNode {
  id = 0;
  ownerId = 0;
  price = 0;
  qty = 0;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  level: PriceLevel | null = null;
}

/** All resting orders at one price of one side, oldest at the head. Pooled and reused. */
class PriceLevel {
  price = 0;
  totalQty = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
}

/**
 * One side's levels in an array sorted from worst to best price, so the best level is the last element: reading it
 * is O(1) and the levels that come and go near the top of the book are inserted or removed with little shifting.
 * A map finds a level by price in O(1).
 */
class BookSide {
  readonly levels: PriceLevel[] = [];
  count = 0;
  readonly byPrice = new Map<PriceTicks, PriceLevel>();

  constructor(private readonly isBid: boolean) {}

  best(): PriceLevel | null {
    return this.count > 0 ? (this.levels[this.count - 1] as PriceLevel) : null;
  }

  /** Index where a level at `price` is or belongs (worse prices before it). */
  private indexOf(price: PriceTicks): number {
    const levels = this.levels;
    let low = 0;
    let high = this.count;
    // Bids ascend toward the best (highest); asks descend toward the best (lowest).
    if (this.isBid) {
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((levels[middle] as PriceLevel).price < price) low = middle + 1;
        else high = middle;
      }
    } else {
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((levels[middle] as PriceLevel).price > price) low = middle + 1;
        else high = middle;
      }
    }
    return low;
  }

  insert(level: PriceLevel): void {
    const levels = this.levels;
    const count = this.count;
    let index = count;
    const best = count > 0 ? (levels[count - 1] as PriceLevel) : null;
    // Fast path: a new best level (the usual case near the spread).
    if (best !== null && (this.isBid ? level.price < best.price : level.price > best.price))
      index = this.indexOf(level.price);
    for (let i = count; i > index; i--) levels[i] = levels[i - 1] as PriceLevel;
    levels[index] = level;
    this.count = count + 1;
    this.byPrice.set(level.price, level);
  }

  remove(level: PriceLevel): void {
    const levels = this.levels;
    const last = this.count - 1;
    const index = levels[last] === level ? last : this.indexOf(level.price);
    for (let i = index; i < last; i++) levels[i] = levels[i + 1] as PriceLevel;
    this.count = last;
    this.byPrice.delete(level.price);
  }
}

/**
 * The fast book: O(1) cancel through an id → node map and intrusive doubly linked lists per level, O(1) best price,
 * no allocation per operation once warmed (nodes and levels are pooled; fills are reported through the listener).
 */
export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly nodesById = new Map<number, OrderNode>();
  private readonly freeNodes: OrderNode[] = [];
  private readonly freeLevels: PriceLevel[] = [];

  get size(): number {
    return this.nodesById.size;
  }

  add(orderId: number, ownerId: number, side: Side, price: PriceTicks, qty: QtyLots): void {
    if (this.nodesById.has(orderId)) throw new Error(`order ${orderId} is already in the book`);
    const bookSide = side === BUY ? this.bids : this.asks;
    let level = bookSide.byPrice.get(price);
    if (level === undefined) {
      level = this.freeLevels.pop() ?? new PriceLevel();
      level.price = price;
      level.totalQty = 0;
      level.head = null;
      level.tail = null;
      bookSide.insert(level);
    }
    const node = this.freeNodes.pop() ?? new OrderNode();
    node.id = orderId;
    node.ownerId = ownerId;
    node.price = price;
    node.qty = qty;
    node.level = level;
    node.next = null;
    node.prev = level.tail;
    if (level.tail === null) level.head = node;
    else level.tail.next = node;
    level.tail = node;
    level.totalQty += qty;
    this.nodesById.set(orderId, node);
  }

  cancel(orderId: number): boolean {
    const node = this.nodesById.get(orderId);
    if (node === undefined) return false;
    this.removeNode(node);
    return true;
  }

  has(orderId: number): boolean {
    return this.nodesById.has(orderId);
  }

  remainingQty(orderId: number): QtyLots {
    return this.nodesById.get(orderId)?.qty ?? 0;
  }

  bestPrice(side: Side): PriceTicks {
    return (side === BUY ? this.bids : this.asks).best()?.price ?? 0;
  }

  bestOrderId(side: Side): number {
    return (side === BUY ? this.bids : this.asks).best()?.head?.id ?? NO_ORDER;
  }

  matchIncoming(
    takerSide: Side,
    takerOwnerId: number,
    limitPrice: PriceTicks,
    qty: QtyLots,
    listener: MatchListener,
  ): QtyLots {
    const makers = takerSide === BUY ? this.asks : this.bids;
    const takerBuys = takerSide === BUY;
    let remaining = qty;
    while (remaining > 0) {
      const level = makers.best();
      if (level === null) break;
      const price = level.price;
      if (takerBuys ? price > limitPrice : price < limitPrice) break;
      const node = level.head as OrderNode;
      const makerId = node.id;
      const makerOwnerId = node.ownerId;
      const makerQty = node.qty;
      if (makerOwnerId === takerOwnerId) {
        this.removeNode(node);
        listener.onSelfTradeCancel(makerId, makerOwnerId, price, makerQty);
        continue;
      }
      const wanted = remaining < makerQty ? remaining : makerQty;
      const accepted = listener.acceptFill(makerId, makerOwnerId, price, wanted);
      if (accepted <= 0) break;
      const left = makerQty - accepted;
      if (left === 0) this.removeNode(node);
      else {
        node.qty = left;
        level.totalQty -= accepted;
      }
      remaining -= accepted;
      listener.onFill(makerId, makerOwnerId, price, accepted, left);
      if (accepted < wanted) break;
    }
    return remaining;
  }

  walk(side: Side, visitor: OrderVisitor): void {
    const bookSide = side === BUY ? this.bids : this.asks;
    for (let i = bookSide.count - 1; i >= 0; i--) {
      for (let node = (bookSide.levels[i] as PriceLevel).head; node !== null; node = node.next)
        if (!visitor(node.id, node.ownerId, node.price, node.qty)) return;
    }
  }

  depth(side: Side, levels: number): Array<[PriceTicks, QtyLots]> {
    const bookSide = side === BUY ? this.bids : this.asks;
    const result: Array<[PriceTicks, QtyLots]> = [];
    for (let i = bookSide.count - 1; i >= 0 && result.length < levels; i--) {
      const level = bookSide.levels[i] as PriceLevel;
      result.push([level.price, level.totalQty]);
    }
    return result;
  }

  private removeNode(node: OrderNode): void {
    const level = node.level as PriceLevel;
    if (node.prev === null) level.head = node.next;
    else node.prev.next = node.next;
    if (node.next === null) level.tail = node.prev;
    else node.next.prev = node.prev;
    level.totalQty -= node.qty;
    this.nodesById.delete(node.id);
    if (level.head === null) {
      (this.bids.byPrice.get(level.price) === level ? this.bids : this.asks).remove(level);
      this.freeLevels.push(level);
    }
    node.prev = null;
    node.next = null;
    node.level = null;
    this.freeNodes.push(node);
  }
}
