import { describe, expect, it } from 'vitest';
import type { Command, EngineEvent, OptionOrderState, OrderState } from '@tickline/engine';
import { describeAutoDeleverage, describeNotice } from '../../src/domain/notices.ts';

const T = Date.UTC(2026, 10, 21, 12);
const tick: Command = { type: 'priceTick', indexPrice: 5_512_345, markPrice: 5_512_345 };

const closeOrder = (orderPath: 4 | 5, side: 1 | 2, filledQty: number): OrderState => ({
  id: 41,
  userId: 7,
  side,
  orderPath,
  price: null,
  qty: filledQty,
  filledQty,
  leverage: 20,
  heldMargin: 0,
  status: 'filled',
  reduceOnly: true,
  clientOrderId: null,
  createdAtMs: T,
  updatedAtMs: T,
});

const history = (realizedProfit: number): EngineEvent => ({
  type: 'futuresHistory',
  entry: {
    id: 1,
    userId: 7,
    orderId: 41,
    orderPath: 5,
    position: 3,
    price: 5_000_000,
    closePrice: 5_512_345,
    qty: 12_345,
    openOrderFee: 0,
    closeOrderFee: 0,
    realizedProfit,
    timeMs: T,
  },
});

const option = (fields: Partial<OptionOrderState>): OptionOrderState => ({
  id: 9,
  userId: 7,
  betType: 2,
  stake: 25_000_000,
  openPrice: 5_000_000,
  roundStartMs: T,
  expireAtMs: T + 60_000,
  resultPrice: 5_000_100,
  result: 1,
  settledProfit: -25_000_000,
  refunded: false,
  createdAtMs: T,
  settledAtMs: T + 60_000,
  ...fields,
});

const notice = (kind: Extract<EngineEvent, { type: 'notice' }>['kind']): EngineEvent => ({
  type: 'notice',
  userId: 7,
  kind,
  text: 'engine text with raw integers 5512345',
});

describe('alarm texts for the engine notices', () => {
  it('describes a liquidation of a short with its size, the mark price and the loss, in display units', () => {
    // The notice comes before the closing order's event, as the engine emits them.
    const events = [notice('liquidation'), history(-1_234_567_891), { type: 'order', order: closeOrder(5, 1, 12_345) }];
    expect(describeNotice(tick, events as EngineEvent[], 0)).toBe(
      'Your short position of 1.2345 BTC was liquidated at mark price 55,123.45 USDT. Realized PnL -1,234.56 USDT.',
    );
  });

  it('describes a stop loss without a mark price when the command carried none (a funding settlement)', () => {
    const events: EngineEvent[] = [{ type: 'order', order: closeOrder(4, 2, 500) }, notice('stopLoss')];
    expect(describeNotice({ type: 'settleFunding', fundingRatePpm: 100 }, events, 1)).toBe(
      'Stop loss executed: 0.0500 BTC of your long position closed. Realized PnL 0.00 USDT.',
    );
  });

  it('describes lost, equal and refunded option orders', () => {
    const text = (order: OptionOrderState) =>
      describeNotice(
        { type: 'settleOptionRound', roundStartMs: T, resultPrice: order.resultPrice },
        [{ type: 'optionOrder', order }, notice('optionResult')],
        1,
      );
    expect(text(option({}))).toBe(
      'Option order 9 (lower, 25.00 USDT) lost -25.00 USDT (open 50,000.00, result 50,001.00).',
    );
    expect(text(option({ resultPrice: 5_000_000, result: 3, settledProfit: 0 }))).toBe(
      'Option order 9 (lower, 25.00 USDT): equal prices (open 50,000.00, result 50,000.00), stake refunded.',
    );
    expect(text(option({ resultPrice: null, result: 3, settledProfit: 0, refunded: true }))).toBe(
      "Option order 9 (lower, 25.00 USDT): no price at the round's end, stake refunded.",
    );
  });

  it('describes an auto-deleveraging to the deleveraged user and to the operators', () => {
    const events = [
      history(2_500_000_000),
      { type: 'order', order: closeOrder(5, 1, 5_000) },
      notice('autoDeleverage'),
    ];
    expect(describeNotice(tick, events as EngineEvent[], 2)).toBe(
      'Auto-deleveraging: 0.5000 BTC of your short position was closed at 55,123.45 USDT, the bankruptcy price of a ' +
        'liquidation the insurance fund could not cover (mark price 55,123.45 USDT). No fee was charged; your waiting ' +
        'orders were cancelled. Realized PnL +2,500.00 USDT.',
    );
    const event = {
      type: 'autoDeleverage' as const,
      liquidatedUserId: 3,
      side: 1 as const,
      qty: 10_000,
      bankruptcyPrice: 4_500_000,
      markPrice: 4_400_000,
      counterparties: [
        { userId: 7, qty: 5_000 },
        { userId: 8, qty: 5_000 },
      ],
    };
    expect(describeAutoDeleverage(event)).toBe(
      "Auto-deleveraging: the insurance fund could not cover the liquidation of user 3's long; 1.0000 BTC closed at its " +
        'bankruptcy price 45,000.00 USDT (mark price 44,000.00 USDT) against user 7 0.5000 BTC, user 8 0.5000 BTC.',
    );
  });
});
