import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Account, Exchange, isUserAccount, type Command, type WalletMoneyCommand } from '../src/index.ts';
import { USDT } from './support/exchange-harness.ts';

/**
 * Random sequences of the wallet money commands (valid and invalid, repeated keys, transfers and option stakes in
 * between so deposits get spent). After every step: the ledger (one asset, USDT) sums to zero, no user account is
 * negative, no deposit debt is positive, a refusal leaves the snapshot as it was, and each deposit key was credited
 * at most once over the whole run, reversed at most once, and never credited to two users.
 */

const USERS = [1, 2, 3];
const user = fc.constantFrom(...USERS);
const key = fc.constantFrom('d1', 'd2', 'd3', 'd4', '', ' bad');
const withdrawalId = fc.constantFrom('w1', 'w2', 'w3');
// Mostly valid amounts, so money moves; now and then an invalid one, which must be refused.
const amount = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 200 }).map((usdt) => usdt * USDT) },
  { weight: 1, arbitrary: fc.constantFrom(0, -USDT, 1.5, Number.NaN) },
);
const fee = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(0, USDT, 2 * USDT) },
  { weight: 1, arbitrary: fc.constant(-1) },
);

/** Releases or sends one of the withdrawals held so far (picked at run time), so the hold matches. */
type FollowHold = { type: 'followHold'; send: boolean; pick: number };

const command: fc.Arbitrary<Command | FollowHold> = fc.oneof(
  fc.record({ type: fc.constant('followHold' as const), send: fc.boolean(), pick: fc.nat(10) }),
  fc.record({ type: fc.constant('creditDeposit' as const), userId: user, amount, depositKey: key }),
  fc.record({ type: fc.constant('reverseDeposit' as const), depositKey: key }),
  ...(['holdWithdrawal', 'releaseWithdrawal', 'sendWithdrawal'] as const).map((type) =>
    fc.record({ type: fc.constant(type), userId: user, withdrawalId, amount, fee }),
  ),
  fc.record({
    type: fc.constant('payPartnerSettlement' as const),
    userId: user,
    settlementId: fc.constantFrom('s1', 's2'),
    amount,
  }),
  fc.record({ type: fc.constant('accruePartnerSettlement' as const), day: fc.constantFrom('2026-11-23', ''), amount }),
  fc.record({
    type: fc.constant('adjustBalance' as const),
    userId: user,
    wallet: fc.constantFrom<'spot' | 'futures'>('spot', 'futures'),
    amount: fc.oneof(
      amount,
      amount.map((value) => -value),
    ),
    reason: fc.constantFrom('ticket 1', ''),
  }),
  fc.record({ type: fc.constant('transfer' as const), userId: user, to: fc.constant('futures' as const), amount }),
  fc.record({
    type: fc.constant('placeOptionOrder' as const),
    userId: user,
    betType: fc.constantFrom<1 | 2>(1, 2),
    stake: fc.integer({ min: 1, max: 50 }).map((usdt) => usdt * USDT),
  }),
);

const reached = new Map<string, number>();

describe('wallet money commands under random sequences', () => {
  it('keep the ledger balanced, users non-negative, refusals traceless and each deposit key credited once', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: 60, size: 'max' }), (commands) => {
        const exchange = new Exchange();
        const nowMs = 1_700_000_000_000;
        exchange.apply({ type: 'priceTick', indexPrice: 10_000, markPrice: 10_000 }, nowMs);
        const credits = new Map<string, number>();
        const reversals = new Map<string, number>();
        let sentToChain = 0;
        const held: Array<Extract<WalletMoneyCommand, { type: 'holdWithdrawal' }>> = [];
        for (const step of commands) {
          let next: Command = step as Command;
          if (step.type === 'followHold') {
            const hold = held[step.pick % Math.max(1, held.length)];
            if (!hold) continue;
            next = { ...hold, type: step.send ? 'sendWithdrawal' : 'releaseWithdrawal' };
          }
          const before = exchange.snapshot();
          const output = exchange.apply(next, nowMs);
          reached.set(output.result.ok ? `ok:${next.type}` : output.result.reason, 1);
          if (!output.result.ok) {
            expect(output.events).toEqual([]);
            expect(output.postings).toEqual([]);
            expect(exchange.snapshot()).toEqual(before);
            continue;
          }
          if (next.type === 'holdWithdrawal') held.push(next);
          const reversedNow = new Set<string>();
          for (const posting of output.postings) {
            if (posting.kind === 'deposit') credits.set(posting.ref, (credits.get(posting.ref) ?? 0) + 1);
            if (posting.kind === 'deposit_reversal') reversedNow.add(posting.ref);
            if (posting.kind === 'withdrawal_sent') sentToChain += posting.amount;
          }
          for (const ref of reversedNow) reversals.set(ref, (reversals.get(ref) ?? 0) + 1);
          let sum = 0;
          for (const [account, balance] of exchange.ledgerBalances()) {
            sum += balance;
            if (isUserAccount(account)) expect(balance, account).toBeGreaterThanOrEqual(0);
            if (account.startsWith('house:deposit_debt:')) expect(balance, account).toBeLessThanOrEqual(0);
          }
          expect(sum).toBe(0);
        }
        for (const [ref, count] of credits) expect(count, ref).toBe(1);
        for (const [ref, count] of reversals) expect(count, ref).toBe(1);
        const deposits = exchange.snapshot().deposits;
        expect(deposits.length).toBe(credits.size);
        expect(deposits.filter((deposit) => deposit.reversed).length).toBe(reversals.size);
        // Chain clearing is what came in through deposits still standing, less what went out in sent withdrawals.
        const standing = deposits.filter((deposit) => !deposit.reversed).reduce((sum, d) => sum + d.amount, 0);
        expect(exchange.accountBalance(Account.chainClearing)).toBe(sentToChain - standing);
      }),
      { numRuns: 500 },
    );
    for (const what of [
      'ok:creditDeposit',
      'ok:reverseDeposit',
      'ok:holdWithdrawal',
      'ok:releaseWithdrawal',
      'ok:sendWithdrawal',
      'ok:payPartnerSettlement',
      'ok:adjustBalance',
      'DEPOSIT_KEY_CONFLICT',
      'DEPOSIT_NOT_FOUND',
      'WITHDRAWAL_HOLD_TOO_SMALL',
      'INSUFFICIENT_BALANCE',
      'ADJUSTMENT_REASON_REQUIRED',
    ])
      expect(reached.get(what) ?? 0, `${what} in ${JSON.stringify([...reached.keys()])}`).toBe(1);
  });
});
