import type { PriceTicks, QtyLots } from '@tickline/money';
import type { Side } from '../types.ts';
import { BUY, MAKER_CANCELLED, NO_ORDER, type MatchListener, type OrderBook, type OrderVisitor } from './order-book.ts';

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
  side: BookSide | null = null;
  totalQty = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
}

/** Levels per block: inserting or removing shifts at most this many references. */
const BLOCK_SIZE = 256;

/**
 * One side's levels, sorted from worst to best price in a list of small sorted blocks (a B-tree of height two), so
 * the best level is the last element of the last block: reading it is O(1), adding or removing levels near the top
 * of the book shifts almost nothing, and a level far from the top costs O(log n + BLOCK_SIZE) instead of O(n).
 * A map finds a level by price in O(1).
 */
class BookSide {
  readonly blocks: PriceLevel[][] = [];
  readonly byPrice = new Map<PriceTicks, PriceLevel>();

  constructor(private readonly isBid: boolean) {}

  best(): PriceLevel | null {
    const blocks = this.blocks;
    if (blocks.length === 0) return null;
    const last = blocks[blocks.length - 1] as PriceLevel[];
    return last[last.length - 1] as PriceLevel;
  }

  /** True when price a is worse than price b for this side (levels are kept worst first). */
  private worse(a: PriceTicks, b: PriceTicks): boolean {
    return this.isBid ? a < b : a > b;
  }

  /** The first block whose best level is not worse than `price` (the last block if every block is). */
  private blockFor(price: PriceTicks): number {
    const blocks = this.blocks;
    let low = 0;
    let high = blocks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const block = blocks[middle] as PriceLevel[];
      if (this.worse((block[block.length - 1] as PriceLevel).price, price)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** Index of the first level in `block` that is not worse than `price`. */
  private indexIn(block: PriceLevel[], price: PriceTicks): number {
    let low = 0;
    let high = block.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.worse((block[middle] as PriceLevel).price, price)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  insert(level: PriceLevel): void {
    this.byPrice.set(level.price, level);
    const blocks = this.blocks;
    if (blocks.length === 0) {
      blocks.push([level]);
      return;
    }
    const blockIndex = this.blockFor(level.price);
    const block = blocks[blockIndex] as PriceLevel[];
    const last = block[block.length - 1] as PriceLevel;
    // Fast path: a new best level goes to the end.
    const index = this.worse(last.price, level.price) ? block.length : this.indexIn(block, level.price);
    block.push(level);
    for (let i = block.length - 1; i > index; i--) block[i] = block[i - 1] as PriceLevel;
    block[index] = level;
    if (block.length > 2 * BLOCK_SIZE) blocks.splice(blockIndex + 1, 0, block.splice(BLOCK_SIZE));
  }

  remove(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const blocks = this.blocks;
    const lastBlock = blocks[blocks.length - 1] as PriceLevel[];
    let blockIndex = blocks.length - 1;
    let block = lastBlock;
    let index = lastBlock.length - 1;
    if (lastBlock[index] !== level) {
      blockIndex = this.blockFor(level.price);
      block = blocks[blockIndex] as PriceLevel[];
      index = this.indexIn(block, level.price);
    }
    for (let i = index; i < block.length - 1; i++) block[i] = block[i + 1] as PriceLevel;
    block.pop();
    if (block.length === 0) blocks.splice(blockIndex, 1);
  }

  /** Visits levels from the best; stops when the visitor returns false. */
  forEachFromBest(visit: (level: PriceLevel) => boolean): void {
    const blocks = this.blocks;
    for (let b = blocks.length - 1; b >= 0; b--) {
      const block = blocks[b] as PriceLevel[];
      for (let i = block.length - 1; i >= 0; i--) if (!visit(block[i] as PriceLevel)) return;
    }
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
      level.side = bookSide;
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

  reduce(orderId: number, qty: QtyLots): void {
    const node = this.nodesById.get(orderId);
    if (node === undefined || !(qty > 0 && qty < node.qty))
      throw new RangeError(`cannot reduce order ${orderId} to ${qty}`);
    (node.level as PriceLevel).totalQty -= node.qty - qty;
    node.qty = qty;
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
      if (accepted === MAKER_CANCELLED) continue; // the node is gone: read the best again
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
    (side === BUY ? this.bids : this.asks).forEachFromBest((level) => {
      for (let node = level.head; node !== null; node = node.next)
        if (!visitor(node.id, node.ownerId, node.price, node.qty)) return false;
      return true;
    });
  }

  depth(side: Side, levels: number): Array<[PriceTicks, QtyLots]> {
    const result: Array<[PriceTicks, QtyLots]> = [];
    if (levels <= 0) return result;
    (side === BUY ? this.bids : this.asks).forEachFromBest((level) => {
      result.push([level.price, level.totalQty]);
      return result.length < levels;
    });
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
      (level.side as BookSide).remove(level);
      level.side = null;
      this.freeLevels.push(level);
    }
    node.prev = null;
    node.next = null;
    node.level = null;
    this.freeNodes.push(node);
  }
}
