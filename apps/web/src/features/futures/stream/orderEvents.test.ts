import { describe, expect, it } from 'vitest';
import type { UserOrderEvent } from '@tickline/protocol';
import { applyOrderEvent } from './orderEvents.ts';

const event = (no: number, status: UserOrderEvent['status'], volume = 0.5): UserOrderEvent => ({
  no,
  symbol: 'BTCUSDT',
  position: 1,
  volume,
  price: 100,
  leverage: 10,
  insertDate: '2026-01-01T00:00:00.000Z',
  orderPath: 1,
  status,
});

describe('applyOrderEvent', () => {
  it('adds a new open order, newest first, without the stream-only fields', () => {
    const one = applyOrderEvent(undefined, event(1, 'open'));
    const two = applyOrderEvent(one, event(2, 'open'));
    expect(two.orders.map((o) => o.no)).toEqual([2, 1]);
    expect(two.orders[0]).not.toHaveProperty('status');
  });
  it('updates a partly filled order and removes filled or cancelled ones', () => {
    let state = applyOrderEvent(undefined, event(1, 'open', 0.5));
    state = applyOrderEvent(state, event(1, 'open', 0.2));
    expect(state.orders).toHaveLength(1);
    expect(state.orders[0]!.volume).toBe(0.2);
    expect(applyOrderEvent(state, event(1, 'cancelled')).orders).toEqual([]);
    expect(applyOrderEvent(state, event(1, 'filled')).orders).toEqual([]);
  });
});
