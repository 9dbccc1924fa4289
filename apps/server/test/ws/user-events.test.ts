import { describe, expect, it } from 'vitest';
import type { EngineEvent, OrderState } from '@tickline/engine';
import type { UserEventKind } from '@tickline/protocol';
import { publishCommittedBatch, publishUserBatch, splitByUser } from '../../src/ws/user-events.ts';
import { userEventPayload } from '../../src/ws/serialize.ts';

const order: OrderState = {
  id: 7,
  userId: 3,
  side: 1,
  orderPath: 1,
  price: 6_700_000,
  qty: 5_000,
  filledQty: 1_000,
  leverage: 10,
  heldMargin: 0,
  status: 'open',
  reduceOnly: false,
  clientOrderId: null,
  createdAtMs: Date.UTC(2026, 10, 21, 12),
  updatedAtMs: Date.UTC(2026, 10, 21, 12),
};

describe('user stream events from committed batches', () => {
  it("names each order's and position's market, a closed position's too (its data is null)", () => {
    const sent: Array<[number, UserEventKind, unknown, string | undefined]> = [];
    const events: EngineEvent[] = [
      { type: 'order', order: { ...order, symbol: 'SOLUSDT' } },
      { type: 'position', userId: 3, symbol: 'ETHUSDT', position: null },
      { type: 'position', userId: 3, position: null },
      { type: 'order', order },
    ];
    publishCommittedBatch({ events, postings: [], alarms: [] }, (userId, kind, data, symbol) =>
      sent.push([userId, kind, data, symbol]),
    );
    expect(sent.map(([userId, kind, data, symbol]) => [userId, kind, data === null, symbol])).toEqual([
      [3, 'order', false, 'SOLUSDT'],
      [3, 'position', true, 'ETHUSDT'],
      // An event without a symbol is BTCUSDT's, as every row stored before the markets.
      [3, 'position', true, 'BTCUSDT'],
      [3, 'order', false, 'BTCUSDT'],
    ]);
    const message = JSON.parse(userEventPayload('position', null, 5, 2, 'ETHUSDT').toString()) as Record<
      string,
      unknown
    >;
    expect(message).toEqual({ type: 'user', v: 1, ts: 5, seq: 2, event: 'position', symbol: 'ETHUSDT', data: null });
    expect(JSON.parse(userEventPayload('balance', { changed: true }, 5, 3).toString())).not.toHaveProperty('symbol');
  });

  it('sends each user their orders, positions, stored alarms and a balance hint when their money moved', () => {
    const sent: Array<[number, UserEventKind, unknown]> = [];
    const events: EngineEvent[] = [
      { type: 'order', order },
      { type: 'position', userId: 3, position: null },
      { type: 'notice', userId: 4, kind: 'liquidation', text: 'Your position was liquidated.' },
      { type: 'leverage', userId: 3, leverage: 10 },
    ];
    publishCommittedBatch(
      {
        events,
        postings: [
          { debit: 'user:3:futures', credit: 'user:3:order_margin', amount: 5, kind: 'order_margin_hold', ref: 'o7' },
          { debit: 'house:fees', credit: 'user:9:spot', amount: 1, kind: 'trading_fee', ref: 'x' },
        ],
        alarms: [
          {
            userId: 4,
            kind: 'liquidation',
            content: 'Your long position of 0.5000 BTC was liquidated at mark price 64,000.00 USDT.',
            createdAtMs: Date.UTC(2026, 10, 21, 12, 0, 5),
          },
        ],
      },
      (userId, kind, data) => sent.push([userId, kind, data]),
    );
    expect(sent).toEqual([
      [
        3,
        'order',
        {
          no: 7,
          symbol: 'BTCUSDT',
          position: 1,
          volume: 0.4,
          price: 67_000,
          leverage: 10,
          insertDate: '2026-11-21T12:00:00.000Z',
          reduceOnly: false,
          orderPath: 1,
          status: 'open',
        },
      ],
      [3, 'position', null],
      [
        4,
        'alarm',
        {
          kind: 'liquidation',
          content: 'Your long position of 0.5000 BTC was liquidated at mark price 64,000.00 USDT.',
          insertDate: '2026-11-21T12:00:05.000Z',
        },
      ],
      [3, 'balance', { changed: true }],
      [9, 'balance', { changed: true }],
    ]);
  });

  it("gives each user, from their part of the batch, the same events as the whole batch, and their orders' fills", () => {
    const trade = {
      id: 1,
      price: 6_700_000,
      qty: 1_000,
      takerSide: 2 as const,
      makerOrderId: 7,
      takerOrderId: 8,
      makerUserId: 3,
      takerUserId: 5,
      timeMs: 1,
    };
    const events: EngineEvent[] = [
      { type: 'order', order: { ...order, symbol: 'ETHUSDT' } },
      { type: 'order', order: { ...order, id: 8, userId: 5, side: 2, status: 'filled' } },
      { type: 'trade', trade },
      { type: 'position', userId: 5, symbol: 'ETHUSDT', position: null },
      { type: 'leverage', userId: 6, leverage: 10 },
    ];
    const batch = {
      events,
      postings: [
        { debit: 'user:5:futures', credit: 'house:fees', amount: 1, kind: 'trading_fee' as const, ref: 'x' },
        { debit: 'house:fees', credit: 'user:9:spot', amount: 1, kind: 'trading_fee' as const, ref: 'y' },
      ],
      alarms: [{ userId: 3, kind: 'liquidation' as const, content: 'c', createdAtMs: 0 }],
    };
    type Sent = [number, UserEventKind, unknown, string | undefined];
    const whole: Sent[] = [];
    publishCommittedBatch(batch, (...sent) => whole.push(sent as Sent));
    const parts = splitByUser(batch);
    // User 6 changed only their leverage: nothing for their streams, no message.
    expect([...parts.keys()].sort()).toEqual([3, 5, 9]);
    expect(parts.get(3)!.events.filter((event) => event.type === 'trade')).toEqual([{ type: 'trade', trade }]);
    expect(parts.get(5)!.events.filter((event) => event.type === 'trade')).toEqual([{ type: 'trade', trade }]);
    expect(parts.get(9)).toEqual({ events: [], alarms: [], moneyMoved: true });
    for (const [userId, part] of parts) {
      const own: Sent[] = [];
      publishUserBatch(userId, part, (...sent) => own.push(sent as Sent));
      expect(own).toEqual(whole.filter(([user]) => user === userId));
    }
  });
});
