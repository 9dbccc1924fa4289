import { expect } from 'vitest';
import { BUY, SELL, type MatchListener, type OrderBook } from '../../src/book/order-book.ts';
import type { Side } from '../../src/types.ts';

export type BookEvent =
  | { type: 'selfTradeCancel'; makerOrderId: number; price: number; qty: number }
  | { type: 'fill'; makerOrderId: number; makerOwnerId: number; price: number; qty: number; makerRemainingQty: number };

/** Records what the book reports; accepts every fill unless a cap is set. */
export class RecordingListener implements MatchListener {
  readonly events: BookEvent[] = [];
  takerCapQty = Infinity;

  onSelfTradeCancel(makerOrderId: number, _ownerId: number, price: number, qty: number): void {
    this.events.push({ type: 'selfTradeCancel', makerOrderId, price, qty });
  }

  acceptFill(_makerOrderId: number, _ownerId: number, _price: number, qty: number): number {
    const accepted = Math.min(qty, this.takerCapQty);
    this.takerCapQty -= accepted;
    return accepted;
  }

  onFill(makerOrderId: number, makerOwnerId: number, price: number, qty: number, makerRemainingQty: number): void {
    this.events.push({ type: 'fill', makerOrderId, makerOwnerId, price, qty, makerRemainingQty });
  }
}

/**
 * Drives a book the way the exchange does (match first, rest the remainder of a limit order) and remembers what
 * each order was, so the invariants can be checked against it after every step.
 */
export class BookDriver {
  private readonly ordered = new Map<number, { qty: number; side: Side; price: number; arrival: number }>();
  private arrivals = 0;
  private nextId = 1;

  constructor(readonly book: OrderBook) {}

  limit(ownerId: number, side: Side, price: number, qty: number, listener = new RecordingListener()) {
    const id = this.nextId++;
    const remaining = this.book.matchIncoming(side, ownerId, price, qty, listener);
    if (remaining > 0) {
      this.book.add(id, ownerId, side, price, remaining);
      this.ordered.set(id, { qty: remaining, side, price, arrival: this.arrivals++ });
    }
    return { id, remaining, events: listener.events };
  }

  market(ownerId: number, side: Side, qty: number, listener = new RecordingListener()) {
    const limit = side === BUY ? Number.MAX_SAFE_INTEGER : 0;
    const remaining = this.book.matchIncoming(side, ownerId, limit, qty, listener);
    return { remaining, events: listener.events };
  }

  cancel(orderId: number): boolean {
    return this.book.cancel(orderId);
  }

  get lastId(): number {
    return this.nextId - 1;
  }

  /** The book's whole content, best first, as plain data. */
  contents() {
    const read = (side: Side) => {
      const orders: Array<{ id: number; ownerId: number; price: number; qty: number }> = [];
      this.book.walk(side, (id, ownerId, price, qty) => {
        orders.push({ id, ownerId, price, qty });
        return true;
      });
      return orders;
    };
    return {
      bids: read(BUY),
      asks: read(SELL),
      depthBids: this.book.depth(BUY, 1e9),
      depthAsks: this.book.depth(SELL, 1e9),
    };
  }

  /** Never crossed; levels total their orders; FIFO within a level; filled ≤ ordered; ids unique. */
  checkInvariants(): void {
    const { bids, asks, depthBids, depthAsks } = this.contents();
    const bestBid = this.book.bestPrice(BUY);
    const bestAsk = this.book.bestPrice(SELL);
    if (bestBid > 0 && bestAsk > 0) expect(bestBid).toBeLessThan(bestAsk);
    expect(bestBid).toBe(bids[0]?.price ?? 0);
    expect(bestAsk).toBe(asks[0]?.price ?? 0);
    expect(this.book.bestOrderId(BUY)).toBe(bids[0]?.id ?? 0);
    expect(this.book.bestOrderId(SELL)).toBe(asks[0]?.id ?? 0);
    const seen = new Set<number>();
    for (const [side, orders, depth] of [
      [BUY, bids, depthBids],
      [SELL, asks, depthAsks],
    ] as const) {
      const totals: Array<[number, number]> = [];
      for (let i = 0; i < orders.length; i++) {
        const order = orders[i]!;
        const original = this.ordered.get(order.id);
        expect(original, `order ${order.id} was placed`).toBeDefined();
        expect(original!.side).toBe(side);
        expect(order.price).toBe(original!.price);
        expect(order.qty).toBeGreaterThan(0);
        expect(order.qty).toBeLessThanOrEqual(original!.qty);
        expect(seen.has(order.id)).toBe(false);
        seen.add(order.id);
        expect(this.book.has(order.id)).toBe(true);
        expect(this.book.remainingQty(order.id)).toBe(order.qty);
        const previous = orders[i - 1];
        if (previous) {
          if (previous.price === order.price)
            expect(this.ordered.get(previous.id)!.arrival).toBeLessThan(original!.arrival);
          else if (side === BUY) expect(previous.price).toBeGreaterThan(order.price);
          else expect(previous.price).toBeLessThan(order.price);
        }
        const last = totals[totals.length - 1];
        if (last && last[0] === order.price) last[1] += order.qty;
        else totals.push([order.price, order.qty]);
      }
      expect(depth).toEqual(totals);
    }
    expect(this.book.size).toBe(seen.size);
  }
}
