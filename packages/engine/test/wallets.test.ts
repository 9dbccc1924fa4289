import { describe, expect, it } from 'vitest';
import { Account, Exchange } from '../src/index.ts';

const USDT = 1_000_000;
const alice = 1;

function ledgerTotal(exchange: Exchange): number {
  return exchange.ledgerBalances().reduce((sum, [, amount]) => sum + amount, 0);
}

describe('wallets', () => {
  it('funds_a_wallet_from_the_treasury_with_one_balanced_posting', () => {
    const exchange = new Exchange();
    const output = exchange.apply(
      { type: 'fund', userId: alice, wallet: 'spot', amount: 10_000 * USDT, reason: 'demo:1' },
      0,
    );
    expect(output.result.ok).toBe(true);
    expect(output.postings).toEqual([
      {
        debit: Account.treasury,
        credit: Account.spot(alice),
        amount: 10_000 * USDT,
        kind: 'demo_funding',
        ref: 'fund:demo:1',
      },
    ]);
    expect(exchange.balances(alice)).toMatchObject({ spot: 10_000 * USDT, futuresTotal: 0, total: 10_000 * USDT });
    expect(exchange.accountBalance(Account.treasury)).toBe(-10_000 * USDT);
    expect(ledgerTotal(exchange)).toBe(0);
  });

  it('refuses_funding_with_a_zero_negative_or_fractional_amount', () => {
    const exchange = new Exchange();
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 60])
      expect(exchange.apply({ type: 'fund', userId: alice, wallet: 'spot', amount, reason: 'x' }, 0)).toEqual({
        result: { ok: false, reason: 'INVALID_AMOUNT', message: expect.any(String) },
        events: [],
        postings: [],
      });
    expect(exchange.ledgerBalances().every(([, amount]) => amount === 0)).toBe(true);
  });

  it('transfers_between_own_wallets_both_ways', () => {
    const exchange = new Exchange();
    exchange.apply({ type: 'fund', userId: alice, wallet: 'spot', amount: 100 * USDT, reason: 'r' }, 0);
    expect(exchange.apply({ type: 'transfer', userId: alice, to: 'futures', amount: 60 * USDT }, 1).result.ok).toBe(
      true,
    );
    expect(exchange.balances(alice)).toMatchObject({
      spot: 40 * USDT,
      futuresTotal: 60 * USDT,
      total: 100 * USDT,
      futuresAvailable: 60 * USDT,
    });
    const back = exchange.apply({ type: 'transfer', userId: alice, to: 'spot', amount: 10 * USDT }, 2);
    expect(back.postings).toEqual([
      expect.objectContaining({
        debit: Account.futures(alice),
        credit: Account.spot(alice),
        amount: 10 * USDT,
        kind: 'wallet_transfer',
      }),
    ]);
    expect(exchange.balances(alice)).toMatchObject({ spot: 50 * USDT, futuresTotal: 50 * USDT });
  });

  it('refuses_a_transfer_larger_than_the_source_wallet_and_changes_nothing', () => {
    const exchange = new Exchange();
    exchange.apply({ type: 'fund', userId: alice, wallet: 'spot', amount: 100 * USDT, reason: 'r' }, 0);
    const before = exchange.snapshot();
    const output = exchange.apply({ type: 'transfer', userId: alice, to: 'futures', amount: 100 * USDT + 1 }, 1);
    expect(output.result).toMatchObject({ ok: false, reason: 'INSUFFICIENT_BALANCE' });
    expect(output.postings).toEqual([]);
    expect(exchange.snapshot()).toEqual(before);
  });

  it('refuses_an_unknown_wallet', () => {
    const exchange = new Exchange();
    const output = exchange.apply({ type: 'transfer', userId: alice, to: 'margin' as never, amount: 1 }, 0);
    expect(output.result).toMatchObject({ ok: false, reason: 'INVALID_WALLET' });
  });
});

describe('leverage', () => {
  it('defaults_to_1_and_accepts_whole_numbers_from_1_to_100', () => {
    const exchange = new Exchange();
    expect(exchange.leverage(alice)).toBe(1);
    const output = exchange.apply({ type: 'setLeverage', userId: alice, leverage: 25 }, 0);
    expect(output.result).toEqual({ ok: true, value: { leverage: 25 } });
    expect(output.events).toEqual([{ type: 'leverage', userId: alice, leverage: 25, symbol: 'BTCUSDT' }]);
    expect(exchange.leverage(alice)).toBe(25);
    expect(exchange.apply({ type: 'setLeverage', userId: alice, leverage: 100 }, 0).result.ok).toBe(true);
  });

  it('refuses_leverage_outside_1_to_100_or_fractional', () => {
    const exchange = new Exchange();
    for (const leverage of [0, -1, 101, 2.5, Number.NaN])
      expect(exchange.apply({ type: 'setLeverage', userId: alice, leverage }, 0).result).toMatchObject({
        ok: false,
        reason: 'INVALID_LEVERAGE',
      });
    expect(exchange.leverage(alice)).toBe(1);
  });
});

describe('snapshot', () => {
  it('restores_balances_leverage_and_counters', () => {
    const exchange = new Exchange();
    exchange.apply({ type: 'fund', userId: alice, wallet: 'futures', amount: 5 * USDT, reason: 'r' }, 0);
    exchange.apply({ type: 'setLeverage', userId: alice, leverage: 10 }, 0);
    const restored = Exchange.fromSnapshot(exchange.snapshot());
    expect(restored.snapshot()).toEqual(exchange.snapshot());
    expect(restored.balances(alice)).toEqual(exchange.balances(alice));
    expect(restored.leverage(alice)).toBe(10);
  });
});
