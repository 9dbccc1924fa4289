import { describe, expect, it } from 'vitest';
import { Account, type OptionOrderState } from '../src/index.ts';
import { Harness, TRADER, OTHER, usd, USDT } from './support/exchange-harness.ts';

const ROUND_START = 1_700_000_040_000; // a UTC minute boundary

function optionDesk() {
  const h = new Harness();
  h.fundFutures(TRADER, 1_000 * USDT);
  h.nowMs = ROUND_START + 10_000;
  h.tick(usd(50_000));
  return h;
}

function bet(h: Harness, betType: 1 | 2, stake = 100 * USDT, userId = TRADER) {
  return h.ok({ type: 'placeOptionOrder', userId, betType, stake });
}

function settle(h: Harness, resultPrice: number | null) {
  h.nowMs = ROUND_START + 60_000;
  return h.ok({ type: 'settleOptionRound', roundStartMs: ROUND_START, resultPrice });
}

function settledOrder(output: ReturnType<typeof settle>): OptionOrderState {
  const event = output.events.find((candidate) => candidate.type === 'optionOrder');
  if (event?.type !== 'optionOrder') throw new Error('no option order settled');
  return event.order;
}

describe('one-minute options', () => {
  it('takes_the_stake_from_the_futures_wallet_with_the_index_as_open_price', () => {
    const h = optionDesk();
    const output = bet(h, 1);
    expect(output.result).toMatchObject({
      ok: true,
      value: { openPrice: usd(50_000), expireAtMs: ROUND_START + 60_000 },
    });
    expect(h.exchange.optionOrders(TRADER)).toEqual([
      expect.objectContaining({
        betType: 1,
        stake: 100 * USDT,
        openPrice: usd(50_000),
        roundStartMs: ROUND_START,
        result: 0,
      }),
    ]);
    expect(h.exchange.balances(TRADER)).toMatchObject({
      futuresAvailable: 900 * USDT,
      optionStaked: 100 * USDT,
      futuresTotal: 900 * USDT,
    });
  });

  it('option_win_pays_stake_times_payout', () => {
    const h = optionDesk();
    bet(h, 1);
    const output = settle(h, usd(50_000.01));
    expect(settledOrder(output)).toMatchObject({
      result: 1,
      resultPrice: 5_000_001,
      settledProfit: 95 * USDT,
      refunded: false,
    });
    expect(h.futures(TRADER)).toBe(1_095 * USDT); // stake back + 95 % from the pool
    expect(h.exchange.accountBalance(Account.optionPool)).toBe(-95 * USDT);
    expect(output.events).toContainEqual(
      expect.objectContaining({ type: 'notice', userId: TRADER, kind: 'optionResult' }),
    );
  });

  it('option_loss', () => {
    const h = optionDesk();
    bet(h, 1);
    const output = settle(h, usd(49_999.99));
    expect(settledOrder(output)).toMatchObject({ result: 2, settledProfit: -100 * USDT });
    expect(h.futures(TRADER)).toBe(900 * USDT);
    expect(h.exchange.accountBalance(Account.optionPool)).toBe(100 * USDT);
  });

  it('short_bet_wins_when_the_price_falls', () => {
    const h = optionDesk();
    bet(h, 2);
    expect(settledOrder(settle(h, usd(49_000)))).toMatchObject({ result: 2, settledProfit: 95 * USDT });
  });

  it('option_eq_refunds', () => {
    const h = optionDesk();
    bet(h, 2);
    expect(settledOrder(settle(h, usd(50_000)))).toMatchObject({ result: 3, settledProfit: 0, refunded: false });
    expect(h.futures(TRADER)).toBe(1_000 * USDT);
  });

  it('option_round_without_price_refunds', () => {
    const h = optionDesk();
    bet(h, 1);
    expect(settledOrder(settle(h, null))).toMatchObject({
      result: 3,
      resultPrice: null,
      refunded: true,
      settledProfit: 0,
    });
    expect(h.futures(TRADER)).toBe(1_000 * USDT);
  });

  it('settling_a_round_twice_changes_nothing_the_second_time', () => {
    const h = optionDesk();
    bet(h, 1);
    settle(h, usd(51_000));
    const before = h.exchange.snapshot();
    const again = h.ok({ type: 'settleOptionRound', roundStartMs: ROUND_START, resultPrice: usd(40_000) });
    expect(again.result).toMatchObject({ ok: true, value: { settledCount: 0 } });
    expect(again.postings).toEqual([]);
    expect(h.exchange.snapshot()).toEqual(before);
  });

  it('settles_only_the_named_round', () => {
    const h = optionDesk();
    bet(h, 1);
    h.nowMs = ROUND_START + 70_000; // next round
    h.tick(usd(50_000));
    bet(h, 1);
    settle(h, usd(51_000));
    expect(h.exchange.optionOrders(TRADER)).toEqual([expect.objectContaining({ roundStartMs: ROUND_START + 60_000 })]);
  });

  it('refuses_orders_in_the_last_5_seconds_of_the_round', () => {
    const h = optionDesk();
    h.nowMs = ROUND_START + 55_000;
    h.refused({ type: 'placeOptionOrder', userId: TRADER, betType: 1, stake: USDT }, 'OPTION_ROUND_CLOSED');
    h.nowMs = ROUND_START + 54_999;
    h.tick(usd(50_000));
    bet(h, 1, USDT);
  });

  it('refuses_a_round_that_has_not_ended', () => {
    const h = optionDesk();
    h.refused({ type: 'settleOptionRound', roundStartMs: ROUND_START, resultPrice: usd(1) }, 'OPTION_ROUND_NOT_ENDED');
  });

  it('refuses_stakes_that_are_not_whole_usdt_from_1_to_the_maximum', () => {
    const h = optionDesk();
    const order = { type: 'placeOptionOrder' as const, userId: TRADER, betType: 1 as const };
    h.refused({ ...order, stake: 0 }, 'OPTION_INVALID_STAKE');
    h.refused({ ...order, stake: -USDT }, 'OPTION_INVALID_STAKE');
    h.refused({ ...order, stake: 1_500_000 }, 'OPTION_INVALID_STAKE');
    h.refused({ ...order, stake: 10_001 * USDT }, 'OPTION_STAKE_ABOVE_MAXIMUM');
    h.refused({ ...order, stake: 1_001 * USDT }, 'INSUFFICIENT_BALANCE');
    h.refused({ ...order, betType: 0 as never, stake: USDT }, 'OPTION_INVALID_BET_TYPE');
  });

  it('refuses_more_than_the_maximum_per_round_per_user', () => {
    const h = new Harness({ option: { maxStakePerRound: 150 * USDT } });
    h.fundFutures(TRADER, 1_000 * USDT);
    h.fundFutures(OTHER, 1_000 * USDT);
    h.nowMs = ROUND_START + 1_000;
    h.tick(usd(50_000));
    bet(h, 1, 100 * USDT);
    h.refused({ type: 'placeOptionOrder', userId: TRADER, betType: 2, stake: 51 * USDT }, 'OPTION_ROUND_LIMIT_REACHED');
    bet(h, 2, 50 * USDT);
    bet(h, 1, 150 * USDT, OTHER);
  });

  it('refuses_orders_while_the_last_index_price_is_more_than_10_seconds_old', () => {
    const h = optionDesk(); // index at ROUND_START + 10 s
    h.nowMs = ROUND_START + 20_001;
    h.refused({ type: 'placeOptionOrder', userId: TRADER, betType: 1, stake: USDT }, 'OPTION_NO_PRICE');
    h.nowMs = ROUND_START + 20_000;
    bet(h, 1, USDT);
    h.nowMs = ROUND_START + 30_000;
    h.tick(usd(50_100));
    expect(bet(h, 2, USDT).result).toMatchObject({ ok: true, value: { openPrice: usd(50_100) } });
  });

  it('refuses_orders_before_the_first_index_price', () => {
    const h = new Harness();
    h.fundFutures(TRADER, 1_000 * USDT);
    h.nowMs = ROUND_START;
    h.refused({ type: 'placeOptionOrder', userId: TRADER, betType: 1, stake: USDT }, 'OPTION_NO_PRICE');
  });
});
