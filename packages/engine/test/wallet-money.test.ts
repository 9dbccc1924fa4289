import { describe, expect, it } from 'vitest';
import { Account, Exchange } from '../src/index.ts';
import { Harness, USDT } from './support/exchange-harness.ts';

const alice = 1;
const bob = 2;
const spot = (h: Harness, userId: number) => h.exchange.accountBalance(Account.spot(userId));
const debt = (h: Harness, userId: number) => h.exchange.accountBalance(Account.depositDebt(userId));

describe('chain deposits', () => {
  it('credits_chain_clearing_to_spot_once_per_deposit_key', () => {
    const h = new Harness();
    const first = h.ok({ type: 'creditDeposit', userId: alice, amount: 50 * USDT, depositKey: '0xabc:1' });
    expect(first.postings).toEqual([
      {
        debit: Account.chainClearing,
        credit: Account.spot(alice),
        amount: 50 * USDT,
        kind: 'deposit',
        ref: 'deposit:0xabc:1',
      },
    ]);
    expect(first.result).toMatchObject({ ok: true, value: { credited: true, debtRepaid: 0 } });
    const again = h.ok({ type: 'creditDeposit', userId: alice, amount: 50 * USDT, depositKey: '0xabc:1' });
    expect(again.postings).toEqual([]);
    expect(again.result).toMatchObject({ ok: true, value: { credited: false } });
    expect(spot(h, alice)).toBe(50 * USDT);
    expect(h.exchange.accountBalance(Account.chainClearing)).toBe(-50 * USDT);
  });

  it('refuses_a_known_deposit_key_with_other_details_and_bad_input_leaving_no_trace', () => {
    const h = new Harness();
    h.ok({ type: 'creditDeposit', userId: alice, amount: 50 * USDT, depositKey: 'k1' });
    h.refused({ type: 'creditDeposit', userId: bob, amount: 50 * USDT, depositKey: 'k1' }, 'DEPOSIT_KEY_CONFLICT');
    h.refused({ type: 'creditDeposit', userId: alice, amount: 51 * USDT, depositKey: 'k1' }, 'DEPOSIT_KEY_CONFLICT');
    for (const amount of [0, -1, 1.5, Number.NaN, 2 ** 60])
      h.refused({ type: 'creditDeposit', userId: alice, amount, depositKey: 'k2' }, 'INVALID_AMOUNT');
    for (const depositKey of ['', ' k', 'x'.repeat(201)])
      h.refused({ type: 'creditDeposit', userId: alice, amount: USDT, depositKey }, 'VALIDATION_FAILED');
    h.refused({ type: 'creditDeposit', userId: 0, amount: USDT, depositKey: 'k2' }, 'VALIDATION_FAILED');
  });

  it('reverses_an_unspent_deposit_in_full_and_a_second_reversal_changes_nothing', () => {
    const h = new Harness();
    h.ok({ type: 'creditDeposit', userId: alice, amount: 50 * USDT, depositKey: 'k1' });
    const reversal = h.ok({ type: 'reverseDeposit', depositKey: 'k1' });
    expect(reversal.postings).toEqual([
      {
        debit: Account.spot(alice),
        credit: Account.chainClearing,
        amount: 50 * USDT,
        kind: 'deposit_reversal',
        ref: 'deposit:k1',
      },
    ]);
    expect(reversal.result).toMatchObject({ value: { reversed: true, fromWallets: 50 * USDT, debt: 0 } });
    expect(h.ok({ type: 'reverseDeposit', depositKey: 'k1' }).postings).toEqual([]);
    expect(h.exchange.accountBalance(Account.chainClearing)).toBe(0);
    h.refused({ type: 'reverseDeposit', depositKey: 'unknown' }, 'DEPOSIT_NOT_FOUND');
  });

  it('reverses_a_spent_deposit_from_spot_then_free_futures_and_records_the_rest_as_debt_repaid_by_the_next_deposit', () => {
    const h = new Harness();
    h.ok({ type: 'creditDeposit', userId: alice, amount: 100 * USDT, depositKey: 'k1' });
    h.ok({ type: 'transfer', userId: alice, to: 'futures', amount: 70 * USDT });
    h.tick(10_000);
    h.ok({ type: 'placeOptionOrder', userId: alice, betType: 1, stake: 50 * USDT });
    // 30 in spot, 20 free in futures, 50 staked: the stake is not free, so 50 becomes debt.
    const reversal = h.ok({ type: 'reverseDeposit', depositKey: 'k1' });
    expect(reversal.postings.map((p) => [p.debit, p.credit, p.amount])).toEqual([
      [Account.spot(alice), Account.chainClearing, 30 * USDT],
      [Account.futures(alice), Account.chainClearing, 20 * USDT],
      [Account.depositDebt(alice), Account.chainClearing, 50 * USDT],
    ]);
    expect(reversal.result).toMatchObject({ value: { fromWallets: 50 * USDT, debt: 50 * USDT } });
    expect(debt(h, alice)).toBe(-50 * USDT);
    const next = h.ok({ type: 'creditDeposit', userId: alice, amount: 80 * USDT, depositKey: 'k2' });
    expect(next.result).toMatchObject({ value: { credited: true, debtRepaid: 50 * USDT } });
    expect(spot(h, alice)).toBe(30 * USDT);
    expect(debt(h, alice)).toBe(0);
  });

  it('keeps_the_credited_deposit_keys_across_a_snapshot_restore', () => {
    const h = new Harness();
    h.ok({ type: 'creditDeposit', userId: alice, amount: 5 * USDT, depositKey: 'k1' });
    h.ok({ type: 'creditDeposit', userId: bob, amount: 7 * USDT, depositKey: 'k2' });
    h.ok({ type: 'reverseDeposit', depositKey: 'k2' });
    const restored = Exchange.fromSnapshot(h.exchange.snapshot());
    expect(
      restored.apply({ type: 'creditDeposit', userId: alice, amount: 5 * USDT, depositKey: 'k1' }, 1).postings,
    ).toEqual([]);
    expect(restored.apply({ type: 'reverseDeposit', depositKey: 'k2' }, 1).postings).toEqual([]);
    expect(restored.snapshot().deposits).toEqual([
      { depositKey: 'k1', userId: alice, amount: 5 * USDT, reversed: false },
      { depositKey: 'k2', userId: bob, amount: 7 * USDT, reversed: true },
    ]);
  });
});

describe('withdrawals', () => {
  it('holds_amount_and_fee_then_sends_the_amount_to_the_chain_and_the_fee_to_revenue', () => {
    const h = new Harness();
    h.ok({ type: 'creditDeposit', userId: alice, amount: 100 * USDT, depositKey: 'k1' });
    const request = { userId: alice, withdrawalId: 'w1', amount: 60 * USDT, fee: USDT };
    expect(h.ok({ type: 'holdWithdrawal', ...request }).postings).toEqual([
      {
        debit: Account.spot(alice),
        credit: Account.withdrawalHold(alice),
        amount: 61 * USDT,
        kind: 'withdrawal_hold',
        ref: 'withdrawal:w1',
      },
    ]);
    expect(h.ok({ type: 'sendWithdrawal', ...request }).postings).toEqual([
      {
        debit: Account.withdrawalHold(alice),
        credit: Account.chainClearing,
        amount: 60 * USDT,
        kind: 'withdrawal_sent',
        ref: 'withdrawal:w1',
      },
      {
        debit: Account.withdrawalHold(alice),
        credit: Account.feeRevenue,
        amount: USDT,
        kind: 'withdrawal_fee',
        ref: 'withdrawal:w1',
      },
    ]);
    expect(spot(h, alice)).toBe(39 * USDT);
    expect(h.exchange.accountBalance(Account.chainClearing)).toBe(-40 * USDT);
    // The hold is gone: sending or releasing it again is refused.
    h.refused({ type: 'sendWithdrawal', ...request }, 'WITHDRAWAL_HOLD_TOO_SMALL');
    h.refused({ type: 'releaseWithdrawal', ...request }, 'WITHDRAWAL_HOLD_TOO_SMALL');
  });

  it('releases_a_hold_back_to_spot_and_refuses_holds_the_spot_wallet_cannot_cover', () => {
    const h = new Harness();
    h.ok({ type: 'creditDeposit', userId: alice, amount: 10 * USDT, depositKey: 'k1' });
    const request = { userId: alice, withdrawalId: 'w1', amount: 9 * USDT, fee: USDT };
    h.ok({ type: 'holdWithdrawal', ...request });
    h.refused({ type: 'holdWithdrawal', ...request, withdrawalId: 'w2', amount: USDT, fee: 0 }, 'INSUFFICIENT_BALANCE');
    expect(h.ok({ type: 'releaseWithdrawal', ...request }).postings).toEqual([
      {
        debit: Account.withdrawalHold(alice),
        credit: Account.spot(alice),
        amount: 10 * USDT,
        kind: 'withdrawal_release',
        ref: 'withdrawal:w1',
      },
    ]);
    expect(spot(h, alice)).toBe(10 * USDT);
    h.refused({ type: 'holdWithdrawal', ...request, fee: -1 }, 'INVALID_AMOUNT');
    h.refused({ type: 'holdWithdrawal', ...request, amount: 0 }, 'INVALID_AMOUNT');
    h.refused({ type: 'holdWithdrawal', ...request, withdrawalId: '' }, 'VALIDATION_FAILED');
  });
});

describe('partner payouts and operator adjustments', () => {
  it('accrues_a_settled_day_from_fee_revenue_to_the_payable_account', () => {
    const h = new Harness();
    const output = h.ok({ type: 'accruePartnerSettlement', day: '2026-11-23', amount: 40 * USDT });
    expect(output.postings).toEqual([
      {
        debit: Account.feeRevenue,
        credit: Account.partnerPayable,
        amount: 40 * USDT,
        kind: 'partner_settlement',
        ref: 'partner-day:2026-11-23',
      },
    ]);
    h.refused({ type: 'accruePartnerSettlement', day: '2026-11-23', amount: 0 }, 'INVALID_AMOUNT');
    h.refused({ type: 'accruePartnerSettlement', day: '', amount: USDT }, 'VALIDATION_FAILED');
  });

  it('pays_a_partner_settlement_from_the_payable_account_to_spot', () => {
    const h = new Harness();
    const output = h.ok({ type: 'payPartnerSettlement', userId: bob, settlementId: 's9', amount: 12 * USDT });
    expect(output.postings).toEqual([
      {
        debit: Account.partnerPayable,
        credit: Account.spot(bob),
        amount: 12 * USDT,
        kind: 'partner_settlement',
        ref: 'settlement:s9',
      },
    ]);
    h.refused({ type: 'payPartnerSettlement', userId: bob, settlementId: 's9', amount: 0 }, 'INVALID_AMOUNT');
  });

  it('adjusts_a_wallet_both_ways_with_its_reason_and_never_below_zero', () => {
    const h = new Harness();
    const credit = h.ok({
      type: 'adjustBalance',
      userId: alice,
      wallet: 'futures',
      amount: 5 * USDT,
      reason: 'ticket 17',
    });
    expect(credit.postings).toEqual([
      {
        debit: Account.operatorAdjustment,
        credit: Account.futures(alice),
        amount: 5 * USDT,
        kind: 'operator_adjustment',
        ref: 'adjustment:ticket 17',
      },
    ]);
    h.refused(
      { type: 'adjustBalance', userId: alice, wallet: 'futures', amount: -6 * USDT, reason: 'ticket 18' },
      'INSUFFICIENT_BALANCE',
    );
    const debit = h.ok({
      type: 'adjustBalance',
      userId: alice,
      wallet: 'futures',
      amount: -5 * USDT,
      reason: 'ticket 18',
    });
    expect(debit.postings).toEqual([
      {
        debit: Account.futures(alice),
        credit: Account.operatorAdjustment,
        amount: 5 * USDT,
        kind: 'operator_adjustment',
        ref: 'adjustment:ticket 18',
      },
    ]);
    h.refused(
      { type: 'adjustBalance', userId: alice, wallet: 'spot', amount: USDT, reason: '' },
      'ADJUSTMENT_REASON_REQUIRED',
    );
    h.refused({ type: 'adjustBalance', userId: alice, wallet: 'spot', amount: 0, reason: 'x' }, 'INVALID_AMOUNT');
    h.refused(
      { type: 'adjustBalance', userId: alice, wallet: 'bsc' as 'spot', amount: USDT, reason: 'x' },
      'INVALID_WALLET',
    );
  });
});
