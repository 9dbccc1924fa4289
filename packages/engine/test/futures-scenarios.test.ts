import { describe, expect, it } from 'vitest';
import { Account } from '../src/index.ts';
import { btc, Harness, MAKER, OTHER, TRADER, traderWithPosition, usd, USDT } from './support/exchange-harness.ts';

describe('opening positions', () => {
  it('opens_a_long_with_initial_margin_and_taker_fee_at_the_fill_price', () => {
    const h = traderWithPosition(1);
    expect(h.exchange.position(TRADER)).toMatchObject({
      side: 1,
      qty: btc(1),
      entryPrice: usd(50_000),
      leverage: 10,
      margin: 5_000 * USDT,
      liquidationPrice: 4_518_073, // (50,000 − 5,000) / (1 − 0.4 %) rounded up
    });
    expect(h.futures(TRADER)).toBe(985 * USDT); // 6,000 − 5,000 margin − 15 taker fee
    expect(h.exchange.position(MAKER)).toMatchObject({ side: 2, qty: btc(1), entryPrice: usd(50_000), leverage: 1 });
    // Maker 0.02 % (10 USDT) + taker 0.03 % (15 USDT).
    expect(h.exchange.accountBalance(Account.feeRevenue)).toBe(25 * USDT);
  });

  it('records_history_rows_for_both_sides_and_one_trade', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 6_000 * USDT);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
    h.limit(MAKER, 2, usd(50_000), btc(1));
    const output = h.market(TRADER, 1, btc(1));
    const trades = output.events.filter((event) => event.type === 'trade');
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({
      trade: { price: usd(50_000), qty: btc(1), takerSide: 1, makerUserId: MAKER, takerUserId: TRADER },
    });
    const history = output.events.flatMap((event) => (event.type === 'futuresHistory' ? [event.entry] : []));
    expect(history).toEqual([
      expect.objectContaining({
        userId: MAKER,
        orderPath: 1,
        position: 2,
        price: usd(50_000),
        openOrderFee: 10 * USDT,
      }),
      expect.objectContaining({
        userId: TRADER,
        orderPath: 2,
        position: 1,
        price: usd(50_000),
        openOrderFee: 15 * USDT,
      }),
    ]);
  });

  it('adds_to_a_position_at_the_volume_weighted_entry_rounded_against_the_user', () => {
    const h = traderWithPosition(1);
    h.fundFutures(TRADER, 10_000 * USDT);
    h.limit(MAKER, 2, 5_000_001, btc(2));
    h.market(TRADER, 1, btc(2));
    // (50,000.00 × 1 + 50,000.01 × 2) / 3 = 50,000.00666… → rounded up for a long.
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(3), entryPrice: 5_000_001 });
  });

  it('flips_long_to_short_in_one_order', () => {
    const h = traderWithPosition(1);
    h.limit(MAKER, 1, usd(50_000), btc(2));
    const output = h.market(TRADER, 2, btc(2));
    expect(h.exchange.position(TRADER)).toMatchObject({
      side: 2,
      qty: btc(1),
      entryPrice: usd(50_000),
      margin: 5_000 * USDT,
    });
    const history = output.events.flatMap((event) =>
      event.type === 'futuresHistory' && event.entry.userId === TRADER ? [event.entry] : [],
    );
    expect(history).toEqual([
      expect.objectContaining({
        position: 4,
        qty: btc(1),
        closePrice: usd(50_000),
        closeOrderFee: 15 * USDT,
        realizedProfit: 0,
      }),
      expect.objectContaining({ position: 2, qty: btc(1), price: usd(50_000), openOrderFee: 15 * USDT }),
    ]);
    // 985 after opening; + 5,000 margin back − 15 close fee; − 5,000 margin − 15 fee for the short.
    expect(h.futures(TRADER)).toBe(955 * USDT);
  });

  it('realises_profit_on_a_partial_close_and_keeps_the_rest_of_the_margin', () => {
    const h = traderWithPosition(1);
    h.limit(MAKER, 1, usd(51_000), btc(0.5));
    h.tick(usd(51_000));
    const output = h.ok({ type: 'closePosition', userId: TRADER, qty: btc(0.5) });
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(0.5), margin: 2_500 * USDT });
    const close = output.events.find((event) => event.type === 'futuresHistory' && event.entry.userId === TRADER);
    // PnL +500, close fee 0.03 % of 25,500 = 7.65.
    expect(close).toMatchObject({
      entry: { orderPath: 2, position: 4, realizedProfit: 500 * USDT, closeOrderFee: 7_650_000 },
    });
    expect(h.futures(TRADER)).toBe(985 * USDT + 2_500 * USDT + 500 * USDT - 7_650_000);
  });
});

describe('order entry', () => {
  it('holds_margin_and_the_taker_fee_for_a_resting_limit_order_and_releases_it_on_cancel', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 6_000 * USDT);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
    const placed = h.limit(TRADER, 1, usd(49_000), btc(1));
    const orderId = (placed.result as { value: { orderId: number } }).value.orderId;
    expect(h.exchange.balances(TRADER)).toMatchObject({
      longOrderHolds: 4_914_700_000, // 4,900 margin + 14.70 fee
      shortOrderHolds: 0,
      futuresAvailable: 1_085_300_000,
      futuresTotal: 6_000 * USDT,
    });
    expect(h.exchange.depth(5).bids).toEqual([[usd(49_000), btc(1)]]);
    const cancelled = h.ok({ type: 'cancelOrder', userId: TRADER, orderId });
    expect(cancelled.events).toContainEqual({
      type: 'order',
      order: expect.objectContaining({ id: orderId, status: 'cancelled', heldMargin: 0 }),
    });
    expect(h.exchange.balances(TRADER)).toMatchObject({ longOrderHolds: 0, futuresAvailable: 6_000 * USDT });
    expect(h.exchange.depth(5).bids).toEqual([]);
  });

  it('refuses_an_order_beyond_the_available_margin_and_changes_nothing', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 6_000 * USDT);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(49_000), qty: btc(2) },
      'INSUFFICIENT_MARGIN',
    );
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.limit(MAKER, 2, usd(50_000), btc(5));
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: btc(2) },
      'INSUFFICIENT_MARGIN',
    );
  });

  it('refuses_an_order_made_at_a_leverage_that_is_no_longer_the_users', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 6_000 * USDT);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 100 });
    const order = { type: 'placeOrder' as const, userId: TRADER, side: 1 as const, orderPath: 1 as const };
    h.refused({ ...order, price: usd(49_000), qty: btc(1), leverage: 10 }, 'INVALID_LEVERAGE');
    expect(h.ok({ ...order, price: usd(49_000), qty: btc(1), leverage: 100 }).result).toMatchObject({ ok: true });
  });

  it('refuses_bad_quantities_prices_and_types', () => {
    const h = new Harness({ tickSizeTicks: 50 });
    h.fundFutures(TRADER, 6_000 * USDT);
    const order = {
      type: 'placeOrder' as const,
      userId: TRADER,
      side: 1 as const,
      orderPath: 1 as const,
      price: usd(100),
      qty: 1,
    };
    h.refused({ ...order, qty: 0 }, 'INVALID_QUANTITY');
    h.refused({ ...order, qty: -1 }, 'INVALID_QUANTITY');
    h.refused({ ...order, qty: 1.5 }, 'INVALID_QUANTITY');
    h.refused({ ...order, qty: Number.NaN }, 'INVALID_QUANTITY');
    h.refused({ ...order, qty: btc(100) + 1 }, 'QUANTITY_ABOVE_MAXIMUM');
    h.refused({ ...order, price: usd(100) + 1 }, 'INVALID_PRICE');
    h.refused({ ...order, price: 0 }, 'INVALID_PRICE');
    h.refused({ ...order, price: null }, 'INVALID_PRICE');
    h.refused({ ...order, side: 3 as never }, 'INVALID_ORDER_TYPE');
    h.refused({ ...order, orderPath: 4 as never }, 'INVALID_ORDER_TYPE');
    const strict = new Harness({ minOrderQty: 10 });
    strict.fundFutures(TRADER, 6_000 * USDT);
    strict.refused({ ...order, qty: 9 }, 'QUANTITY_BELOW_MINIMUM');
  });

  it('refuses_a_market_order_with_no_liquidity', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 6_000 * USDT);
    h.refused({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: 1 }, 'NO_LIQUIDITY');
  });

  it('fills_what_the_book_has_for_a_market_order_and_cancels_the_rest', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 60_000 * USDT);
    h.limit(MAKER, 2, usd(50_000), btc(0.3));
    const output = h.market(TRADER, 1, btc(1));
    expect(output.result).toMatchObject({ ok: true, value: { status: 'cancelled', filledQty: btc(0.3) } });
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(0.3) });
  });

  it('keeps_market_orders_within_the_protection_band_around_the_mark', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 60_000 * USDT);
    h.tick(usd(50_000));
    h.limit(MAKER, 2, usd(50_000), btc(0.1));
    h.limit(MAKER, 2, usd(60_000), btc(1)); // 20 % away: beyond the 5 % band
    const output = h.market(TRADER, 1, btc(1));
    expect(output.result).toMatchObject({ ok: true, value: { filledQty: btc(0.1) } });
  });

  it('cancels_the_resting_order_of_the_same_user_instead_of_trading_with_it', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 60_000 * USDT);
    const sell = h.limit(TRADER, 2, usd(50_000), btc(0.1));
    const sellId = (sell.result as { value: { orderId: number } }).value.orderId;
    const buy = h.limit(TRADER, 1, usd(50_000), btc(0.1));
    expect(buy.events).toContainEqual({
      type: 'order',
      order: expect.objectContaining({ id: sellId, status: 'cancelled' }),
    });
    expect(buy.events.some((event) => event.type === 'trade')).toBe(false);
    expect(h.exchange.depth(5)).toEqual({ bids: [[usd(50_000), btc(0.1)]], asks: [] });
    expect(h.exchange.position(TRADER)).toBeNull();
  });

  it('refuses_to_cancel_an_unknown_order_or_another_users_order', () => {
    const h = new Harness();
    h.fundFutures(OTHER, 60_000 * USDT);
    const placed = h.limit(OTHER, 1, usd(50_000), btc(0.1));
    const orderId = (placed.result as { value: { orderId: number } }).value.orderId;
    h.refused({ type: 'cancelOrder', userId: TRADER, orderId }, 'ORDER_NOT_FOUND');
    h.refused({ type: 'cancelOrder', userId: TRADER, orderId: 999 }, 'ORDER_NOT_FOUND');
    h.ok({ type: 'cancelOrder', userId: OTHER, orderId });
    h.refused({ type: 'cancelOrder', userId: OTHER, orderId }, 'ORDER_NOT_FOUND');
  });

  it('holds_only_the_fee_for_an_order_that_reduces_the_position_and_re_holds_it_when_the_position_is_gone', () => {
    const h = traderWithPosition(1);
    const placed = h.limit(TRADER, 2, usd(55_000), btc(1));
    const orderId = (placed.result as { value: { orderId: number } }).value.orderId;
    expect(h.exchange.openOrders(TRADER)[0]).toMatchObject({ id: orderId, heldMargin: 16_500_000 }); // fee only
    h.limit(MAKER, 1, usd(50_000), btc(1));
    h.market(TRADER, 2, btc(1)); // closes the long another way: the resting sell would now open a short
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(h.exchange.openOrders(TRADER)[0]).toMatchObject({ id: orderId, heldMargin: 5_516_500_000 });
  });

  it('cancels_a_resting_order_whose_new_hold_the_wallet_cannot_cover', () => {
    const h = traderWithPosition(1);
    h.limit(TRADER, 2, usd(55_000), btc(1)); // reducing: fee only
    h.ok({ type: 'transfer', userId: TRADER, to: 'spot', amount: h.futures(TRADER) });
    h.limit(MAKER, 1, usd(50_000), btc(1));
    const output = h.market(TRADER, 2, btc(1));
    // 4,985 comes back from the close, but the resting sell now needs 5,516.50 as an opening order.
    expect(output.events).toContainEqual({
      type: 'order',
      order: expect.objectContaining({ side: 2, price: usd(55_000), status: 'cancelled' }),
    });
    expect(h.exchange.openOrders(TRADER)).toEqual([]);
  });

  it('refuses_more_open_orders_than_the_limit', () => {
    const h = new Harness({ maxOpenOrdersPerUser: 2 });
    h.fundFutures(TRADER, 60_000 * USDT);
    h.limit(TRADER, 1, usd(40_000), 1);
    h.limit(TRADER, 1, usd(40_000), 1);
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(40_000), qty: 1 },
      'TOO_MANY_OPEN_ORDERS',
    );
  });
});
