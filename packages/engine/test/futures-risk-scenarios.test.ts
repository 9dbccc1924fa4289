import { describe, expect, it } from 'vitest';
import { Account } from '../src/index.ts';
import { btc, Harness, MAKER, OTHER, TRADER, usd, USDT, traderWithPosition } from './support/exchange-harness.ts';

// Futures scenarios of risk: liquidation, TP/SL, funding, leverage changes with a position, the bankruptcy price.
// Opening positions and order entry are in futures-scenarios.test.ts.

describe('liquidation', () => {
  it('liquidates_long_when_mark_crosses', () => {
    const h = traderWithPosition(1);
    h.limit(MAKER, 1, usd(45_100), btc(1));
    expect(h.tick(usd(45_190)).result).toMatchObject({ value: { liquidated: 0 } }); // above 45,180.73
    const output = h.tick(usd(45_150));
    expect(output.result).toMatchObject({ value: { liquidated: 1 } });
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(output.events).toContainEqual(
      expect.objectContaining({ type: 'notice', userId: TRADER, kind: 'liquidation' }),
    );
    expect(output.events).toContainEqual({
      type: 'futuresHistory',
      entry: expect.objectContaining({
        userId: TRADER,
        orderPath: 5,
        position: 3,
        closePrice: usd(45_100),
        realizedProfit: -5_000 * USDT,
      }),
    });
    // Sold at 45,100: the loss is 4,900 of the 5,000 margin; the remaining 100 goes to the insurance fund.
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(100 * USDT);
    expect(h.totalOf(TRADER)).toBe(985 * USDT);
    expect(h.exchange.position(MAKER)).toBeNull();
  });

  it('liquidates_short_when_mark_crosses', () => {
    const h = traderWithPosition(2);
    // At ~54,776 the notional is past 50,000, in the 0.5 % tier (deduction 50): (50,000 + 5,000 + 50) / 1.005, down.
    expect(h.exchange.position(TRADER)).toMatchObject({ liquidationPrice: 5_477_611 });
    h.limit(MAKER, 2, usd(54_850), btc(1));
    expect(h.tick(usd(54_700)).result).toMatchObject({ value: { liquidated: 0 } });
    const output = h.tick(usd(54_800));
    expect(output.result).toMatchObject({ value: { liquidated: 1 } });
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(150 * USDT);
    expect(h.totalOf(TRADER)).toBe(985 * USDT);
  });

  it('price_gap_through_bankruptcy_is_absorbed_by_insurance_fund', () => {
    const h = traderWithPosition(1);
    h.limit(MAKER, 1, usd(44_000), btc(1)); // the only bid, below the 45,000 bankruptcy price
    const output = h.tick(usd(44_000));
    expect(output.result).toMatchObject({ value: { liquidated: 1 } });
    // Loss 6,000 on 5,000 margin: the user loses the margin only; the fund (empty) is refilled by the treasury.
    expect(h.totalOf(TRADER)).toBe(985 * USDT);
    expect(output.postings).toContainEqual({
      debit: Account.treasury,
      credit: Account.insuranceFund,
      amount: 1_000 * USDT,
      kind: 'insurance',
      ref: expect.any(String),
    });
    expect(output.postings).toContainEqual({
      debit: Account.insuranceFund,
      credit: Account.pnlClearing,
      amount: 1_000 * USDT,
      kind: 'insurance',
      ref: expect.any(String),
    });
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
    expect(h.exchange.position(MAKER)).toBeNull();
  });

  it('keeps_a_position_past_its_liquidation_price_until_the_book_can_take_it', () => {
    const h = traderWithPosition(1);
    expect(h.tick(usd(45_000)).result).toMatchObject({ value: { liquidated: 0 } }); // no bids at all
    expect(h.exchange.position(TRADER)).not.toBeNull();
    h.limit(MAKER, 1, usd(44_990), btc(1));
    expect(h.tick(usd(45_000)).result).toMatchObject({ value: { liquidated: 1 } });
    expect(h.exchange.position(TRADER)).toBeNull();
  });

  it('cancels_the_liquidated_users_waiting_orders', () => {
    const h = traderWithPosition(1);
    h.limit(TRADER, 1, usd(40_000), btc(0.01));
    h.limit(MAKER, 1, usd(45_100), btc(1));
    h.tick(usd(45_150));
    expect(h.exchange.openOrders(TRADER)).toEqual([]);
    expect(h.exchange.balances(TRADER).longOrderHolds).toBe(0);
  });

  it('raises_the_maintenance_rate_with_size', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 10_000_000 * USDT);
    h.fundFutures(TRADER, 1_000_000 * USDT);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
    h.limit(MAKER, 2, usd(50_000), btc(10));
    h.market(TRADER, 1, btc(10));
    // 500,000 notional: tier 1 % with a 1,300 deduction → (500,000 − 50,000 − 1,300) / (10 × 0.99) = 45,323.24,
    // closer to the entry than the 45,180.73 of the same trade at 1 BTC (tier 0.4 %).
    expect(h.exchange.position(TRADER)?.liquidationPrice).toBe(4_532_324);
  });
});

describe('take profit and stop loss', () => {
  it('take_profit_fires_on_mark', () => {
    const h = traderWithPosition(1);
    h.ok({ type: 'setTpSl', userId: TRADER, takeProfit: usd(52_000), stopLoss: usd(48_000) });
    h.limit(MAKER, 1, usd(52_000), btc(1));
    expect(h.tick(usd(51_999)).result).toMatchObject({ value: { triggered: 0 } });
    const output = h.tick(usd(52_000));
    expect(output.result).toMatchObject({ value: { triggered: 1 } });
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(output.events).toContainEqual(
      expect.objectContaining({ type: 'notice', userId: TRADER, kind: 'takeProfit' }),
    );
    expect(output.events).toContainEqual({
      type: 'futuresHistory',
      entry: expect.objectContaining({
        userId: TRADER,
        orderPath: 4,
        position: 4,
        realizedProfit: 2_000 * USDT,
        closeOrderFee: 15_600_000,
      }),
    });
    expect(h.futures(TRADER)).toBe(985 * USDT + 5_000 * USDT + 2_000 * USDT - 15_600_000);
  });

  it('stop_loss_fires_on_mark', () => {
    const h = traderWithPosition(1);
    h.ok({ type: 'setTpSl', userId: TRADER, takeProfit: null, stopLoss: usd(48_000) });
    h.limit(MAKER, 1, usd(48_000), btc(1));
    const output = h.tick(usd(47_900));
    expect(output.result).toMatchObject({ value: { triggered: 1 } });
    expect(output.events).toContainEqual(expect.objectContaining({ type: 'notice', userId: TRADER, kind: 'stopLoss' }));
    expect(h.futures(TRADER)).toBe(985 * USDT + 5_000 * USDT - 2_000 * USDT - 14_400_000);
  });

  it('stop_loss_of_a_short_fires_when_the_mark_rises', () => {
    const h = traderWithPosition(2);
    h.ok({ type: 'setTpSl', userId: TRADER, takeProfit: usd(45_000), stopLoss: usd(51_000) });
    h.limit(MAKER, 2, usd(51_000), btc(1));
    expect(h.tick(usd(51_000)).result).toMatchObject({ value: { triggered: 1 } });
    expect(h.exchange.position(TRADER)).toBeNull();
  });

  it('refuses_tp_or_sl_on_the_wrong_side_of_the_mark_and_without_a_position', () => {
    const h = traderWithPosition(1);
    h.refused({ type: 'setTpSl', userId: TRADER, takeProfit: usd(49_000), stopLoss: null }, 'INVALID_TP_SL');
    h.refused({ type: 'setTpSl', userId: TRADER, takeProfit: null, stopLoss: usd(50_000) }, 'INVALID_TP_SL');
    h.refused({ type: 'setTpSl', userId: TRADER, takeProfit: -5, stopLoss: null }, 'INVALID_PRICE');
    h.refused({ type: 'setTpSl', userId: OTHER, takeProfit: usd(60_000), stopLoss: null }, 'NO_POSITION');
  });

  it('set_tp_sl_and_close_position_cancel_waiting_orders_first', () => {
    const h = traderWithPosition(1);
    h.limit(TRADER, 1, usd(40_000), btc(0.01));
    h.ok({ type: 'setTpSl', userId: TRADER, takeProfit: usd(60_000), stopLoss: null });
    expect(h.exchange.openOrders(TRADER)).toEqual([]);
    h.limit(TRADER, 1, usd(40_000), btc(0.01));
    h.limit(MAKER, 1, usd(50_000), btc(1));
    h.ok({ type: 'closePosition', userId: TRADER, qty: btc(1) });
    expect(h.exchange.openOrders(TRADER)).toEqual([]);
    expect(h.exchange.position(TRADER)).toBeNull();
  });

  it('refuses_to_close_more_than_the_position_or_without_liquidity', () => {
    const h = traderWithPosition(1);
    h.refused({ type: 'closePosition', userId: TRADER, qty: btc(2) }, 'CLOSE_EXCEEDS_POSITION');
    h.refused({ type: 'closePosition', userId: TRADER, qty: 0 }, 'INVALID_QUANTITY');
    h.refused({ type: 'closePosition', userId: OTHER, qty: 1 }, 'NO_POSITION');
    h.refused({ type: 'closePosition', userId: TRADER, qty: btc(1) }, 'NO_LIQUIDITY');
  });
});

describe('funding', () => {
  it('funding_paid_by_longs_when_rate_positive', () => {
    const h = traderWithPosition(1);
    const output = h.ok({ type: 'settleFunding', fundingRatePpm: 100 });
    // 0.01 % of 50,000 = 5 USDT from the long's margin to the short's.
    expect(h.exchange.position(TRADER)?.margin).toBe(4_995 * USDT);
    expect(h.exchange.position(MAKER)?.margin).toBe(50_000 * USDT + 5 * USDT);
    expect(output.postings.filter((posting) => posting.kind === 'funding')).toHaveLength(2);
    expect(h.exchange.accountBalance(Account.fundingClearing)).toBe(0);
  });

  it('funding_paid_by_shorts_when_rate_negative', () => {
    const h = traderWithPosition(1);
    h.ok({ type: 'settleFunding', fundingRatePpm: -250 });
    expect(h.exchange.position(TRADER)?.margin).toBe(5_000 * USDT + 12_500_000);
    expect(h.exchange.position(MAKER)?.margin).toBe(50_000 * USDT - 12_500_000);
  });

  it('never_takes_more_than_the_margin_and_scales_down_what_receivers_get', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 600 * USDT);
    h.tick(usd(50_000));
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 100 });
    h.limit(MAKER, 2, usd(50_000), btc(1));
    h.market(TRADER, 1, btc(1)); // margin 500
    h.ok({ type: 'settleFunding', fundingRatePpm: 7_500 }); // 0.75 % = 375 USDT
    expect(h.exchange.position(TRADER)?.margin ?? 0).toBeGreaterThanOrEqual(0);
    h.refused({ type: 'settleFunding', fundingRatePpm: 7_501 }, 'INVALID_FUNDING_RATE');
    h.refused({ type: 'settleFunding', fundingRatePpm: 1.5 }, 'INVALID_FUNDING_RATE');
  });

  it('records_the_market_rate_once_per_settlement_even_with_no_positions', () => {
    const h = new Harness();
    h.tick(usd(50_000));
    const output = h.ok({ type: 'settleFunding', fundingRatePpm: -40 });
    const rates = output.events.filter((event) => event.type === 'fundingRate');
    expect(rates).toEqual([
      { type: 'fundingRate', settlement: { symbol: 'BTCUSDT', timeMs: h.nowMs, ratePpm: -40, markPrice: usd(50_000) } },
    ]);
  });

  it('refuses_funding_before_the_first_mark_price', () => {
    new Harness().refused({ type: 'settleFunding', fundingRatePpm: 100 }, 'NO_MARK_PRICE');
  });
});

describe('leverage with a position', () => {
  it('refuses_leverage_change_that_would_liquidate', () => {
    const h = traderWithPosition(1);
    h.tick(usd(47_000));
    h.refused({ type: 'setLeverage', userId: TRADER, leverage: 20 }, 'LEVERAGE_WOULD_LIQUIDATE');
    expect(h.exchange.leverage(TRADER)).toBe(10);
  });

  it('refuses_a_lower_leverage_when_the_wallet_cannot_add_the_margin', () => {
    const h = traderWithPosition(1);
    h.refused({ type: 'setLeverage', userId: TRADER, leverage: 5 }, 'LEVERAGE_NEEDS_MORE_MARGIN');
  });

  it('re_margins_the_position_and_moves_its_liquidation_price', () => {
    const h = traderWithPosition(1);
    h.tick(usd(47_000));
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 11 });
    expect(h.exchange.position(TRADER)).toMatchObject({
      leverage: 11,
      margin: 4_545_454_546,
      liquidationPrice: 4_563_710,
    });
    expect(h.futures(TRADER)).toBe(985 * USDT + 5_000 * USDT - 4_545_454_546);
  });

  it('re_holds_resting_orders_at_the_new_leverage', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 6_000 * USDT);
    h.limit(TRADER, 1, usd(40_000), btc(0.1)); // 1x: 4,000 + 1.20 fee
    expect(h.exchange.balances(TRADER).longOrderHolds).toBe(4_001_200_000);
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 4 });
    expect(h.exchange.openOrders(TRADER)[0]).toMatchObject({ leverage: 4, heldMargin: 1_001_200_000 });
  });
});

describe('closing beyond the bankruptcy price', () => {
  // TRADER is long 1 BTC at 50,000 with 5,000 margin (10x): bankrupt at 45,000. OTHER bids below that.
  it('a_users_own_sell_does_not_fill_below_their_bankruptcy_price_so_the_insurance_fund_pays_nothing', () => {
    const h = traderWithPosition(1);
    h.fundFutures(OTHER, 100_000 * USDT);
    h.limit(OTHER, 1, usd(40_000), btc(1));
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 2, orderPath: 1, price: usd(40_000), qty: btc(1) },
      'ORDER_WOULD_LIQUIDATE',
    );
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(1), margin: 5_000 * USDT });
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
    expect(h.exchange.accountBalance(Account.treasury)).toBe(-1_106_000 * USDT); // only the funding
    expect(h.exchange.depth(5).bids).toEqual([[usd(40_000), btc(1)]]);
  });

  it('a_sell_fills_down_to_the_bankruptcy_price_and_stops_there', () => {
    const h = traderWithPosition(1);
    h.fundFutures(OTHER, 100_000 * USDT);
    h.limit(OTHER, 1, usd(45_000), btc(0.5));
    h.limit(OTHER, 1, usd(44_999.99), btc(0.5));
    const placed = h.limit(TRADER, 2, usd(40_000), btc(1));
    expect(placed.result).toMatchObject({ ok: true, value: { status: 'cancelled', filledQty: btc(0.5) } });
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(0.5), margin: 2_500 * USDT });
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
  });

  it('a_resting_sell_below_the_bankruptcy_price_is_cancelled_instead_of_filled_when_a_buyer_takes_it', () => {
    const h = traderWithPosition(1);
    const resting = h.limit(TRADER, 2, usd(40_000), btc(1)); // no bids: it rests as the best ask
    const sellId = (resting.result as { value: { orderId: number } }).value.orderId;
    h.fundFutures(OTHER, 100_000 * USDT);
    const before = h.totalOf(TRADER);
    const bought = h.limit(OTHER, 1, usd(40_000), btc(1));
    expect(bought.events.filter((event) => event.type === 'trade')).toEqual([]);
    expect(bought.events).toContainEqual({
      type: 'order',
      order: expect.objectContaining({ id: sellId, status: 'cancelled', filledQty: 0, heldMargin: 0 }),
    });
    expect(bought.result).toMatchObject({ ok: true, value: { status: 'open', filledQty: 0 } });
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(1), margin: 5_000 * USDT });
    expect(h.exchange.position(OTHER)).toBeNull();
    expect(h.totalOf(TRADER)).toBe(before);
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
    expect(h.exchange.depth(5)).toEqual({ bids: [[usd(40_000), btc(1)]], asks: [] });
  });

  it('close_position_refuses_to_fill_below_the_bankruptcy_price_within_the_market_band', () => {
    const h = new Harness();
    h.fundFutures(MAKER, 1_000_000 * USDT);
    h.fundFutures(TRADER, 2_000 * USDT);
    h.fundFutures(OTHER, 100_000 * USDT);
    h.tick(usd(50_000));
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 50 }); // margin 1,000: bankrupt at 49,000
    h.limit(MAKER, 2, usd(50_000), btc(1));
    h.market(TRADER, 1, btc(1));
    h.limit(OTHER, 1, usd(48_000), btc(1)); // within the 5 % band of the 50,000 mark, below bankruptcy
    h.refused({ type: 'closePosition', userId: TRADER, qty: btc(1) }, 'NO_LIQUIDITY');
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 2, orderPath: 2, price: null, qty: btc(1) },
      'ORDER_WOULD_LIQUIDATE',
    );
    h.ok({ type: 'setTpSl', userId: TRADER, takeProfit: null, stopLoss: usd(49_500) });
    expect(h.tick(usd(49_400)).result).toMatchObject({ value: { liquidated: 0, triggered: 0 } });
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(1), margin: 1_000 * USDT });
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
  });

  it('refuses_to_open_a_position_at_a_price_where_it_would_be_liquidated_at_once', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 10_000 * USDT);
    h.fundFutures(OTHER, 100_000 * USDT);
    h.tick(usd(50_000));
    h.limit(OTHER, 2, usd(51_000), btc(1)); // 2 % above the mark
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 100 }); // liquidated 0.6 % below the entry
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(51_000), qty: btc(0.1) },
      'ORDER_WOULD_LIQUIDATE',
    );
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: btc(0.1) },
      'ORDER_WOULD_LIQUIDATE',
    );
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 }); // liquidated about 9.6 % below: fine
    h.limit(TRADER, 1, usd(51_000), btc(0.1));
    expect(h.exchange.position(TRADER)).toMatchObject({ side: 1, qty: btc(0.1), entryPrice: usd(51_000) });
  });

  it('cancels_a_resting_order_that_would_open_a_position_already_beyond_its_liquidation_price', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 10_000 * USDT);
    h.fundFutures(OTHER, 100_000 * USDT);
    h.tick(usd(50_000));
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 100 });
    const resting = h.limit(TRADER, 1, usd(49_000), btc(0.1));
    const buyId = (resting.result as { value: { orderId: number } }).value.orderId;
    h.tick(usd(48_000)); // a long at 49,000 and 100x is liquidated at about 48,706
    const sold = h.limit(OTHER, 2, usd(49_000), btc(0.1));
    expect(sold.events.filter((event) => event.type === 'trade')).toEqual([]);
    expect(sold.events).toContainEqual({
      type: 'order',
      order: expect.objectContaining({ id: buyId, status: 'cancelled', filledQty: 0, heldMargin: 0 }),
    });
    expect(h.exchange.position(TRADER)).toBeNull();
    expect(h.futures(TRADER)).toBe(10_000 * USDT);
    expect(h.exchange.accountBalance(Account.insuranceFund)).toBe(0);
  });
});
