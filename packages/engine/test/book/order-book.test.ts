import { describe, expect, it } from 'vitest';
import { FastOrderBook } from '../../src/book/fast-book.ts';
import { BUY, MAKER_CANCELLED, SELL, type MatchListener, type OrderBook } from '../../src/book/order-book.ts';
import { ReferenceOrderBook } from '../../src/book/reference-book.ts';
import { BookDriver, RecordingListener } from './book-harness.ts';

const implementations: Array<[string, () => OrderBook]> = [
  ['ReferenceOrderBook', () => new ReferenceOrderBook()],
  ['FastOrderBook', () => new FastOrderBook()],
];

describe.each(implementations)('%s', (_name, createBook) => {
  const driver = () => new BookDriver(createBook());

  it('rests_non_crossing_limit_orders_best_price_first', () => {
    const d = driver();
    d.limit(1, BUY, 100, 5);
    d.limit(1, BUY, 102, 1);
    d.limit(2, SELL, 105, 2);
    d.limit(2, SELL, 104, 3);
    d.checkInvariants();
    expect(d.book.depth(BUY, 10)).toEqual([
      [102, 1],
      [100, 5],
    ]);
    expect(d.book.depth(SELL, 1)).toEqual([[104, 3]]);
    expect(d.book.bestPrice(BUY)).toBe(102);
    expect(d.book.bestPrice(SELL)).toBe(104);
  });

  it('fills_at_the_maker_price_best_price_first_then_oldest_first', () => {
    const d = driver();
    const a = d.limit(1, SELL, 101, 2).id;
    const b = d.limit(2, SELL, 100, 2).id;
    const c = d.limit(3, SELL, 100, 2).id;
    const taker = d.limit(9, BUY, 101, 5);
    expect(taker.events).toEqual([
      { type: 'fill', makerOrderId: b, makerOwnerId: 2, price: 100, qty: 2, makerRemainingQty: 0 },
      { type: 'fill', makerOrderId: c, makerOwnerId: 3, price: 100, qty: 2, makerRemainingQty: 0 },
      { type: 'fill', makerOrderId: a, makerOwnerId: 1, price: 101, qty: 1, makerRemainingQty: 1 },
    ]);
    expect(taker.remaining).toBe(0);
    expect(d.book.remainingQty(a)).toBe(1);
    d.checkInvariants();
  });

  it('rests_the_unfilled_rest_of_a_crossing_limit_order_at_its_price', () => {
    const d = driver();
    d.limit(1, SELL, 100, 2);
    const taker = d.limit(2, BUY, 100, 5);
    expect(taker.remaining).toBe(3);
    expect(d.book.depth(BUY, 5)).toEqual([[100, 3]]);
    expect(d.book.depth(SELL, 5)).toEqual([]);
    d.checkInvariants();
  });

  it('stops_at_the_limit_price', () => {
    const d = driver();
    d.limit(1, BUY, 99, 1);
    d.limit(1, BUY, 98, 1);
    const taker = d.limit(2, SELL, 99, 5);
    expect(taker.events).toHaveLength(1);
    expect(d.book.depth(SELL, 5)).toEqual([[99, 4]]);
    expect(d.book.depth(BUY, 5)).toEqual([[98, 1]]);
    d.checkInvariants();
  });

  it('sweeps_levels_with_a_market_order_and_returns_what_is_left', () => {
    const d = driver();
    d.limit(1, BUY, 99, 1);
    d.limit(1, BUY, 98, 1);
    const result = d.market(2, SELL, 5);
    expect(result.events.map((event) => event.type === 'fill' && event.price)).toEqual([99, 98]);
    expect(result.remaining).toBe(3);
    expect(d.book.size).toBe(0);
    d.checkInvariants();
  });

  it('cancels_the_resting_order_of_the_same_owner_instead_of_trading_with_it', () => {
    const d = driver();
    const own = d.limit(7, SELL, 100, 2).id;
    const other = d.limit(8, SELL, 100, 2).id;
    const taker = d.limit(7, BUY, 100, 3);
    expect(taker.events).toEqual([
      { type: 'selfTradeCancel', makerOrderId: own, price: 100, qty: 2 },
      { type: 'fill', makerOrderId: other, makerOwnerId: 8, price: 100, qty: 2, makerRemainingQty: 0 },
    ]);
    expect(d.book.has(own)).toBe(false);
    expect(d.book.depth(BUY, 5)).toEqual([[100, 1]]);
    d.checkInvariants();
  });

  it('stops_matching_when_the_listener_accepts_less', () => {
    const d = driver();
    d.limit(1, SELL, 100, 5);
    d.limit(1, SELL, 101, 5);
    const listener = new RecordingListener();
    listener.takerCapQty = 3;
    const result = d.market(2, BUY, 8, listener);
    expect(result.remaining).toBe(5);
    expect(d.book.depth(SELL, 5)).toEqual([
      [100, 2],
      [101, 5],
    ]);
    d.checkInvariants();
  });

  it('cancels_in_constant_time_from_the_middle_head_and_tail_of_a_level', () => {
    const d = driver();
    const ids = [1, 2, 3, 4, 5].map(() => d.limit(1, BUY, 100, 1).id);
    expect(d.cancel(ids[2]!)).toBe(true);
    expect(d.cancel(ids[0]!)).toBe(true);
    expect(d.cancel(ids[4]!)).toBe(true);
    expect(d.cancel(ids[4]!)).toBe(false);
    expect(d.cancel(12345)).toBe(false);
    expect(d.book.bestOrderId(BUY)).toBe(ids[1]);
    expect(d.book.depth(BUY, 5)).toEqual([[100, 2]]);
    d.checkInvariants();
    d.cancel(ids[1]!);
    d.cancel(ids[3]!);
    expect(d.book.depth(BUY, 5)).toEqual([]);
    expect(d.book.bestPrice(BUY)).toBe(0);
    d.checkInvariants();
  });

  it('refuses_a_duplicate_order_id', () => {
    const book = createBook();
    book.add(1, 1, BUY, 100, 1);
    expect(() => book.add(1, 1, BUY, 99, 1)).toThrow();
  });

  it('re_reads_the_best_order_when_the_listener_cancels_orders_during_a_fill', () => {
    const book = createBook();
    book.add(1, 1, SELL, 100, 1);
    book.add(2, 1, SELL, 100, 1);
    book.add(3, 2, SELL, 101, 1);
    const fills: number[] = [];
    const listener: MatchListener = {
      onSelfTradeCancel: () => {},
      acceptFill: (_id, _owner, _price, qty) => qty,
      onFill: (makerOrderId) => {
        fills.push(makerOrderId);
        if (makerOrderId === 1) book.cancel(2); // e.g. the exchange cancels an order the owner can no longer afford
      },
    };
    expect(book.matchIncoming(BUY, 9, 101, 3, listener)).toBe(1);
    expect(fills).toEqual([1, 3]);
    expect(book.size).toBe(0);
  });

  it('goes_on_to_the_next_maker_when_the_listener_cancels_the_one_offered', () => {
    const book = createBook();
    book.add(1, 1, SELL, 100, 1);
    book.add(2, 2, SELL, 100, 1);
    book.add(3, 3, SELL, 101, 1);
    const fills: number[] = [];
    const listener: MatchListener = {
      onSelfTradeCancel: () => {},
      acceptFill: (id, _owner, _price, qty) => {
        if (id !== 1) return qty;
        book.cancel(1); // e.g. the exchange cancels an order that may not fill at its price
        return MAKER_CANCELLED;
      },
      onFill: (makerOrderId) => fills.push(makerOrderId),
    };
    expect(book.matchIncoming(BUY, 9, 101, 2, listener)).toBe(0);
    expect(fills).toEqual([2, 3]);
    expect(book.size).toBe(0);
  });

  it('keeps_invariants_through_many_levels_and_reuses_pooled_nodes', () => {
    const d = driver();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 200; i++) d.limit(1 + (i % 3), BUY, 1000 - ((i * 37) % 150), 1 + (i % 4));
      for (let i = 0; i < 200; i++) d.limit(1 + (i % 3), SELL, 1001 + ((i * 53) % 150), 1 + (i % 5));
      d.checkInvariants();
      d.market(9, SELL, 150);
      d.market(9, BUY, 150);
      d.checkInvariants();
      for (let id = 1; id <= d.lastId; id += 3) d.cancel(id);
      d.checkInvariants();
    }
  });

  it('keeps_price_order_across_thousands_of_levels_added_and_removed_in_any_order', () => {
    const d = driver();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2_500; i++) d.limit(1, BUY, 1 + Math.floor(random() * 5_000), 1);
    for (let i = 0; i < 2_500; i++) d.limit(1, SELL, 5_001 + Math.floor(random() * 5_000), 1);
    d.checkInvariants();
    for (let i = 0; i < 4_000; i++) d.cancel(1 + Math.floor(random() * d.lastId));
    d.checkInvariants();
    d.market(2, SELL, 300);
    d.market(2, BUY, 300);
    d.checkInvariants();
  });

  it('keeps_3000_orders_fifo_on_one_level_and_cancels_them_all', () => {
    const d = driver();
    const ids: number[] = [];
    for (let i = 0; i < 3_000; i++) ids.push(d.limit(1, BUY, 500, 1).id);
    expect(d.book.depth(BUY, 1)).toEqual([[500, 3_000]]);
    for (let i = ids.length - 1; i >= 0; i -= 2) d.cancel(ids[i]!);
    d.checkInvariants();
    for (const id of ids) d.cancel(id);
    expect(d.book.size).toBe(0);
  });
});
