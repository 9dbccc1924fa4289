import { describe, expect, it } from 'vitest';
import { Exchange, type ApplyOutput, type Command, type OrderState, type TriggerRequest } from '../src/index.ts';
import { btc, checkInvariants, Harness, MAKER, OTHER, TRADER, usd, USDT } from './support/exchange-harness.ts';

/** A book around 50,000 (asks 50,010 up, bids 49,990 down), mark 50,000, TRADER funded with 10,000 USDT at 10x. */
function market() {
  const h = new Harness();
  h.fundFutures(MAKER, 10_000_000 * USDT);
  h.fundFutures(TRADER, 10_000 * USDT);
  h.fundFutures(OTHER, 300_000 * USDT);
  h.tick(usd(50_000));
  h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
  for (let step = 1; step <= 20; step++) {
    h.limit(MAKER, 2, usd(50_000 + 10 * step), btc(1));
    h.limit(MAKER, 1, usd(50_000 - 10 * step), btc(1));
  }
  return h;
}

function trigger(
  userId: number,
  side: 1 | 2,
  request: TriggerRequest,
  options: { limit?: number; qty?: number; leverage?: number } = {},
): Command {
  const limit = options.limit ?? null;
  return {
    type: 'placeOrder',
    userId,
    side,
    orderPath: limit === null ? 2 : 1,
    price: limit,
    qty: options.qty ?? btc(0.1),
    trigger: request,
    ...(options.leverage === undefined ? {} : { leverage: options.leverage }),
  };
}

function orderEvents(output: ApplyOutput, id: number): OrderState[] {
  return output.events.flatMap((event) => (event.type === 'order' && event.order.id === id ? [event.order] : []));
}

const placedId = (output: { result: unknown }) => (output.result as { value: { orderId: number } }).value.orderId;

describe('stop and take-profit orders', () => {
  it('holds a sell stop-market on the mark, fires it once when the mark reaches it, as a market order', () => {
    const h = market();
    const freeBefore = h.futures(TRADER);
    const id = placedId(h.ok(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_500) })));
    expect(h.futures(TRADER)).toBe(freeBefore); // nothing held while it waits
    expect(h.exchange.openOrders(TRADER)).toEqual([]);
    expect(h.exchange.triggerOrders(TRADER)).toMatchObject([{ id, orderPath: 4, price: null, status: 'open' }]);

    expect(orderEvents(h.tick(usd(49_501)), id)).toEqual([]); // not crossed: nothing
    const fired = h.tick(usd(49_500));
    const [order] = orderEvents(fired, id);
    expect(order).toMatchObject({ status: 'filled', filledQty: btc(0.1), orderPath: 4 });
    expect(order?.trigger).toMatchObject({ firedAtMs: h.nowMs, price: usd(49_500) });
    expect(h.exchange.position(TRADER)).toMatchObject({ side: 2, qty: btc(0.1) });
    expect(fired.events.filter((event) => event.type === 'futuresHistory')).toContainEqual(
      expect.objectContaining({ entry: expect.objectContaining({ userId: TRADER, orderId: id, orderPath: 4 }) }),
    );
    expect(h.exchange.triggerOrders(TRADER)).toEqual([]);
    expect(orderEvents(h.tick(usd(49_000)), id)).toEqual([]); // fired exactly once
  });

  it('fires a buy stop-limit on the last trade price within the order that printed it, and rests as a limit', () => {
    const h = market();
    h.market(OTHER, 1, btc(0.5)); // last trade 50,010
    const id = placedId(
      h.ok(trigger(TRADER, 1, { type: 'stop', by: 'last', price: usd(50_030) }, { limit: usd(50_020) })),
    );
    expect(h.exchange.triggerOrders(TRADER)[0]).toMatchObject({ orderPath: 3, price: usd(50_020) });
    const output = h.market(OTHER, 1, btc(2.5)); // walks to 50,030: the trigger fires in this same command
    const [order] = orderEvents(output, id);
    expect(order).toMatchObject({ status: 'open', filledQty: 0, price: usd(50_020), orderPath: 3 });
    expect(h.exchange.openOrders(TRADER)).toMatchObject([{ id, heldMargin: expect.any(Number) }]);
    expect(h.exchange.depth(1).bids[0]).toEqual([usd(50_020), btc(0.1)]);
  });

  it('fires take-profits the other way: a sell on a rise, a buy on a fall', () => {
    const h = market();
    const sell = placedId(h.ok(trigger(TRADER, 2, { type: 'takeProfit', by: 'mark', price: usd(50_100) })));
    const buy = placedId(h.ok(trigger(OTHER, 1, { type: 'takeProfit', by: 'mark', price: usd(49_900) })));
    h.tick(usd(49_950));
    expect(h.exchange.triggerOrders(TRADER)).toHaveLength(1);
    expect(orderEvents(h.tick(usd(50_100)), sell)).toMatchObject([{ status: 'filled' }]);
    expect(orderEvents(h.tick(usd(49_900)), buy)).toMatchObject([{ status: 'filled' }]);
  });

  it('refuses a trigger its price has already crossed, and every malformed one, changing nothing', () => {
    const h = market();
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(50_000) }), 'TRIGGER_WOULD_FIRE_NOW');
    h.refused(trigger(TRADER, 1, { type: 'stop', by: 'mark', price: usd(49_000) }), 'TRIGGER_WOULD_FIRE_NOW');
    h.refused(trigger(TRADER, 2, { type: 'takeProfit', by: 'mark', price: usd(49_000) }), 'TRIGGER_WOULD_FIRE_NOW');
    h.refused(trigger(TRADER, 1, { type: 'takeProfit', by: 'mark', price: usd(51_000) }), 'TRIGGER_WOULD_FIRE_NOW');
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'last', price: usd(49_000) }), 'NO_LAST_PRICE');
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: null }), 'INVALID_TRIGGER');
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: 4_900_001.5 }), 'INVALID_TRIGGER');
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'index' as 'mark', price: usd(49_000) }), 'INVALID_TRIGGER');
    h.refused(trigger(TRADER, 2, { type: 'stopLimit' as 'stop', by: 'mark', price: usd(49_000) }), 'INVALID_TRIGGER');
    h.refused(
      trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_000), callbackRateBps: 100 }),
      'INVALID_TRIGGER',
    );
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_000) }, { limit: 0 }), 'INVALID_PRICE');
    h.refused(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_000) }, { qty: 0 }), 'INVALID_QUANTITY');
    h.refused(
      trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_000) }, { qty: btc(50) }),
      'INSUFFICIENT_MARGIN',
    );
    h.refused(
      trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_000) }, { leverage: 5 }),
      'INVALID_LEVERAGE',
    );
    const fresh = new Harness();
    fresh.fundFutures(TRADER, 1_000 * USDT);
    fresh.refused(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_000) }), 'NO_MARK_PRICE');
  });

  it('counts waiting triggers toward the open-order limit', () => {
    const h = new Harness({ maxOpenOrdersPerUser: 2 });
    h.fundFutures(TRADER, 10_000 * USDT);
    h.tick(usd(50_000));
    h.limit(TRADER, 1, usd(40_000), btc(0.01));
    h.ok(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(45_000) }, { qty: btc(0.01) }));
    h.refused(
      trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(45_000) }, { qty: btc(0.01) }),
      'TOO_MANY_OPEN_ORDERS',
    );
  });

  it('cancels a waiting trigger for its owner only; a cancelled one never fires', () => {
    const h = market();
    const id = placedId(h.ok(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_500) })));
    h.refused({ type: 'cancelOrder', userId: OTHER, orderId: id }, 'ORDER_NOT_FOUND');
    const cancelled = h.ok({ type: 'cancelOrder', userId: TRADER, orderId: id });
    expect(orderEvents(cancelled, id)).toMatchObject([{ status: 'cancelled' }]);
    expect(cancelled.postings).toEqual([]);
    expect(orderEvents(h.tick(usd(49_000)), id)).toEqual([]);
    expect(h.exchange.position(TRADER)).toBeNull();
  });

  it('cancels a fired order the wallet can no longer pay for, leaving every balance non-negative', () => {
    const h = market();
    const id = placedId(h.ok(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_500) }, { qty: btc(1.5) })));
    h.ok({ type: 'transfer', userId: TRADER, to: 'spot', amount: 9_000 * USDT }); // margin leaves after placing
    const [order] = orderEvents(h.tick(usd(49_400)), id);
    expect(order).toMatchObject({ status: 'cancelled', filledQty: 0 });
    expect(order?.trigger?.firedAtMs).toBe(h.nowMs);
    expect(h.exchange.position(TRADER)).toBeNull();
  });
});

describe('trailing stop', () => {
  it('follows the highest mark since placing and sells when the mark falls back by the callback rate', () => {
    const h = market();
    const id = placedId(h.ok(trigger(TRADER, 2, { type: 'trailingStop', by: 'mark', callbackRateBps: 100 })));
    expect(h.exchange.triggerOrders(TRADER)[0]?.trigger).toMatchObject({ bestPrice: usd(50_000), price: usd(49_500) });
    h.tick(usd(51_000)); // new best 51,000 → fires at 50,490
    expect(h.exchange.triggerOrders(TRADER)[0]?.trigger).toMatchObject({ bestPrice: usd(51_000), price: usd(50_490) });
    expect(orderEvents(h.tick(usd(50_491)), id)).toEqual([]);
    expect(orderEvents(h.tick(usd(50_490)), id)).toMatchObject([{ status: 'filled', orderPath: 4 }]);
  });

  it('starts following only at its activation price; a buy follows the lowest price', () => {
    const h = market();
    h.refused(
      trigger(TRADER, 1, { type: 'trailingStop', by: 'mark', callbackRateBps: 50, activationPrice: usd(50_000) }),
      'TRIGGER_WOULD_FIRE_NOW',
    );
    const id = placedId(
      h.ok(trigger(TRADER, 1, { type: 'trailingStop', by: 'mark', callbackRateBps: 50, activationPrice: usd(49_800) })),
    );
    h.tick(usd(50_500)); // not activated: a rise never fires it
    expect(h.exchange.triggerOrders(TRADER)[0]?.trigger).toMatchObject({ bestPrice: null, price: null });
    h.tick(usd(49_700)); // activated at 49,700 → fires at ceil(49,700 × 1.005) = 49,948.50
    expect(h.exchange.triggerOrders(TRADER)[0]?.trigger).toMatchObject({ bestPrice: usd(49_700), price: 4_994_850 });
    h.tick(usd(49_600));
    expect(orderEvents(h.tick(4_984_800), id)).toMatchObject([{ status: 'filled' }]); // 49,600 × 1.005
  });

  it('refuses callback rates outside 0.1 %–10 %, a trigger price and a limit', () => {
    const h = market();
    for (const callbackRateBps of [9, 1_001, 10.5, null])
      h.refused(trigger(TRADER, 2, { type: 'trailingStop', by: 'mark', callbackRateBps }), 'INVALID_CALLBACK_RATE');
    h.refused(
      trigger(TRADER, 2, { type: 'trailingStop', by: 'mark', callbackRateBps: 100, price: usd(49_000) }),
      'INVALID_TRIGGER',
    );
    h.refused(
      trigger(TRADER, 2, { type: 'trailingStop', by: 'mark', callbackRateBps: 100 }, { limit: usd(49_000) }),
      'INVALID_ORDER_TYPE',
    );
  });
});

describe('restore', () => {
  it('keeps waiting triggers, trailing state and the last price across a snapshot, firing the same afterwards', () => {
    const h = market();
    h.market(OTHER, 1, btc(0.5));
    h.ok(trigger(TRADER, 2, { type: 'stop', by: 'mark', price: usd(49_500) }));
    h.ok(trigger(TRADER, 1, { type: 'stop', by: 'last', price: usd(50_030) }, { limit: usd(50_020) }));
    h.ok(trigger(OTHER, 2, { type: 'trailingStop', by: 'mark', callbackRateBps: 200 }));
    h.tick(usd(50_200));
    const restored = Exchange.fromSnapshot(h.exchange.snapshot(), h.exchange.config);
    expect(restored.triggerOrders(TRADER)).toEqual(h.exchange.triggerOrders(TRADER));
    expect(restored.triggerOrders(OTHER)).toEqual(h.exchange.triggerOrders(OTHER));
    const later: Command[] = [
      { type: 'placeOrder', userId: OTHER, side: 1, orderPath: 2, price: null, qty: btc(2.5) },
      { type: 'priceTick', indexPrice: usd(49_100), markPrice: usd(49_100) },
      { type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: usd(50_020), qty: btc(1) },
      { type: 'placeOrder', userId: OTHER, side: 2, orderPath: 2, price: null, qty: btc(1) },
    ];
    for (const command of later) {
      h.nowMs += 1_000;
      expect(restored.apply(command, h.nowMs)).toEqual(h.apply(command));
      checkInvariants(restored);
    }
    expect(restored.snapshot()).toEqual(h.exchange.snapshot());
  });
});
