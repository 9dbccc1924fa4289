import { describe, expect, it } from 'vitest';
import { Exchange, type Command } from '../src/index.ts';
import { btc, Harness, MAKER, OTHER, TRADER, traderWithPosition, usd, USDT } from './support/exchange-harness.ts';

const THIRD = 3;

/** MAKER and OTHER each rest 0.1 BTC asks at 50,010 (MAKER first); TRADER has 10,000 USDT. */
function twoAsks() {
  const h = new Harness();
  for (const userId of [MAKER, OTHER, TRADER, THIRD]) h.fundFutures(userId, 100_000 * USDT);
  h.tick(usd(50_000));
  const first = h.limit(MAKER, 2, usd(50_010), btc(0.2)).result;
  const second = h.limit(OTHER, 2, usd(50_010), btc(0.2)).result;
  const id = (result: typeof first) => (result.ok ? (result.value as { orderId: number }).orderId : 0);
  return { h, makerOrder: id(first), otherOrder: id(second) };
}

function makersFilled(h: Harness, command: Command): number[] {
  return h.ok(command).events.flatMap((e) => (e.type === 'trade' ? [e.trade.makerUserId] : []));
}

describe('amend (#32)', () => {
  it('keeps the queue place when only the size shrinks, across a restore too', () => {
    const { h, makerOrder } = twoAsks();
    const answer = h.ok({ type: 'amendOrder', userId: MAKER, orderId: makerOrder, qty: btc(0.1) }).result;
    expect(answer).toMatchObject({ ok: true, value: { orderId: makerOrder, qty: btc(0.1), priorityKept: true } });
    h.exchange = Exchange.fromSnapshot(h.exchange.snapshot());
    expect(
      makersFilled(h, { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: btc(0.1) }),
    ).toEqual([MAKER]);
  });

  it('loses the queue place when the size grows or the price changes, and keeps the number', () => {
    for (const change of [{ qty: btc(0.3) }, { price: usd(50_020) }, { price: usd(50_020), qty: btc(0.1) }]) {
      const { h, makerOrder } = twoAsks();
      if (change.price) h.ok({ type: 'amendOrder', userId: OTHER, orderId: makerOrder + 1, price: usd(50_020) });
      const answer = h.ok({ type: 'amendOrder', userId: MAKER, orderId: makerOrder, ...change }).result;
      expect(answer).toMatchObject({ ok: true, value: { orderId: makerOrder, priorityKept: false } });
      // Restored from its snapshot, the book keeps the same queue.
      h.exchange = Exchange.fromSnapshot(h.exchange.snapshot());
      const taken = makersFilled(h, {
        type: 'placeOrder',
        userId: TRADER,
        side: 1,
        orderPath: 2,
        price: null,
        qty: btc(0.1),
      });
      expect(taken, JSON.stringify(change)).toEqual([OTHER]);
    }
  });

  it('moves the margin hold by exactly what the new size needs and refuses what would cross or is not open', () => {
    const { h, makerOrder } = twoAsks();
    const held = () => h.exchange.openOrders(MAKER)[0]!.heldMargin;
    const before = held();
    h.ok({ type: 'amendOrder', userId: MAKER, orderId: makerOrder, qty: btc(0.4) });
    expect(held()).toBe(h.exchange.requiredOrderHolds(MAKER).get(makerOrder));
    expect(held()).toBeGreaterThan(before);
    h.limit(THIRD, 1, usd(49_990), btc(0.1));
    h.refused({ type: 'amendOrder', userId: MAKER, orderId: makerOrder, price: usd(49_990) }, 'AMEND_WOULD_CROSS');
    h.refused({ type: 'amendOrder', userId: OTHER, orderId: makerOrder, qty: btc(0.1) }, 'ORDER_NOT_FOUND');
    h.refused({ type: 'amendOrder', userId: MAKER, orderId: makerOrder, qty: btc(0.4) }, 'AMEND_NOTHING_TO_CHANGE');
  });
});

describe('time in force (#32)', () => {
  it('IOC takes what is there and cancels the rest; FOK refuses what cannot fill whole; GTX refuses to take', () => {
    const { h } = twoAsks();
    const limit = (timeInForce: 'IOC' | 'FOK' | 'GTX', qty: number, price = usd(50_010)): Command => ({
      type: 'placeOrder',
      userId: TRADER,
      side: 1,
      orderPath: 1,
      price,
      qty,
      timeInForce,
    });
    h.refused(limit('FOK', btc(0.5)), 'FOK_NOT_FILLED');
    h.refused(limit('GTX', btc(0.1)), 'POST_ONLY_WOULD_TAKE');
    expect(h.ok(limit('GTX', btc(0.1), usd(50_000))).result).toMatchObject({ value: { status: 'open', filledQty: 0 } });
    expect(h.ok(limit('IOC', btc(0.5))).result).toMatchObject({ value: { status: 'cancelled', filledQty: btc(0.4) } });
    expect(h.exchange.openOrders(TRADER)).toHaveLength(1); // only the post-only one rests
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: 1, timeInForce: 'FOK' },
      'INVALID_TIME_IN_FORCE',
    );
  });
});

describe('reduce-only (#32)', () => {
  it('is refused without a position or on its side, cut to the position, and trimmed as the position shrinks', () => {
    const h = traderWithPosition(1); // TRADER long 1 BTC
    const sell = (qty: number, price: number | null = usd(51_000), userId = TRADER): Command => ({
      type: 'placeOrder',
      userId,
      side: 2,
      orderPath: price === null ? 2 : 1,
      price,
      qty,
      reduceOnly: true,
    });
    h.refused(sell(btc(1), usd(51_000), OTHER), 'REDUCE_ONLY_NO_POSITION');
    h.refused({ ...sell(btc(1)), side: 1, price: usd(49_000) } as Command, 'REDUCE_ONLY_WRONG_SIDE');
    const resting = h.ok(sell(btc(3))).result;
    expect(resting).toMatchObject({ value: { status: 'open' } });
    expect(h.exchange.openOrders(TRADER)[0]).toMatchObject({ qty: btc(1), reduceOnly: true });
    h.limit(MAKER, 1, usd(49_990), btc(0.4));
    h.ok(sell(btc(0.4), null)); // a reduce-only market close of 0.4: the resting one is trimmed to 0.6
    expect(h.exchange.position(TRADER)?.qty).toBe(btc(0.6));
    expect(h.exchange.openOrders(TRADER)[0]).toMatchObject({ qty: btc(0.6) });
    h.limit(MAKER, 1, usd(49_980), btc(0.6));
    h.ok({ type: 'closePosition', userId: TRADER, qty: btc(0.6) });
    expect(h.exchange.openOrders(TRADER)).toEqual([]);
  });
});

describe('isolated margin and TP/SL at entry (#32)', () => {
  it('adding margin moves the liquidation price away, removing is bounded by the initial margin', () => {
    const h = traderWithPosition(1);
    const before = h.exchange.position(TRADER)!;
    h.ok({ type: 'adjustMargin', userId: TRADER, amount: 500 * USDT, direction: 'add' });
    const after = h.exchange.position(TRADER)!;
    expect(after.margin).toBe(before.margin + 500 * USDT);
    expect(after.liquidationPrice).toBeLessThan(before.liquidationPrice);
    h.refused(
      { type: 'adjustMargin', userId: TRADER, amount: 500 * USDT + 1, direction: 'remove' },
      'MARGIN_REMOVE_EXCEEDS_MAXIMUM',
    );
    h.ok({ type: 'adjustMargin', userId: TRADER, amount: 500 * USDT, direction: 'remove' });
    expect(h.exchange.position(TRADER)).toMatchObject({
      margin: before.margin,
      liquidationPrice: before.liquidationPrice,
    });
    h.refused(
      { type: 'adjustMargin', userId: TRADER, amount: 10_000 * USDT, direction: 'add' },
      'MARGIN_ADD_EXCEEDS_AVAILABLE',
    );
    h.refused({ type: 'adjustMargin', userId: OTHER, amount: USDT, direction: 'add' }, 'NO_POSITION');
  });

  it('sets the order’s TP/SL on the position when the resting order fills', () => {
    const h = new Harness();
    for (const userId of [MAKER, TRADER]) h.fundFutures(userId, 100_000 * USDT);
    h.tick(usd(50_000));
    const entry = {
      type: 'placeOrder',
      userId: TRADER,
      side: 1,
      orderPath: 1,
      price: usd(49_900),
      qty: btc(0.1),
    } as const;
    h.refused({ ...entry, takeProfit: usd(49_000) }, 'INVALID_TP_SL');
    h.ok({ ...entry, takeProfit: usd(52_000), stopLoss: usd(48_000) });
    h.market(MAKER, 2, btc(0.1));
    expect(h.exchange.position(TRADER)).toMatchObject({ takeProfit: usd(52_000), stopLoss: usd(48_000) });
  });
});
