import { describe, expect, it } from 'vitest';
import type { EngineEvent, OrderState } from '@tickline/engine';
import type { UserEventKind } from '@tickline/protocol';
import { publishCommittedBatch } from '../../src/ws/user-events.ts';
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
});
