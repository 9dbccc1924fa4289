import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Ledger, LedgerError, type Posting } from '../src/ledger.ts';

const posting = (debit: string, credit: string, amount: number): Posting => ({
  debit,
  credit,
  amount,
  kind: 'wallet_transfer',
  ref: 'test',
});

describe('Ledger', () => {
  it('keeps every balance equal to its postings over thousands of accounts, and the total at zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(3_000), fc.nat(3_000), fc.integer({ min: 1, max: 2 ** 40 })), {
          minLength: 600,
          maxLength: 1_500,
        }),
        (moves) => {
          const ledger = new Ledger();
          const journal: Posting[] = [];
          const expected = new Map<string, number>();
          for (const [from, to, amount] of moves) {
            if (from === to) continue;
            // House accounts may go negative, so every posting applies.
            ledger.post(posting(`house:${from}`, `house:${to}`, amount), journal);
            expected.set(`house:${from}`, (expected.get(`house:${from}`) ?? 0) - amount);
            expected.set(`house:${to}`, (expected.get(`house:${to}`) ?? 0) + amount);
          }
          expect(new Map(ledger.entries())).toEqual(expected);
          for (const [account, balance] of expected) expect(ledger.balance(account)).toBe(balance);
          expect(ledger.total()).toBe(0);
          expect(journal).toHaveLength(moves.filter(([from, to]) => from !== to).length);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('refuses a posting that would take a user below zero, leaving no trace of it', () => {
    const ledger = new Ledger();
    const journal: Posting[] = [];
    ledger.post(posting('house:treasury', 'user:1:futures', 100), journal);
    expect(() => ledger.post(posting('user:1:futures', 'user:2:futures', 101), journal)).toThrow(LedgerError);
    expect(() => ledger.post(posting('user:3:futures', 'user:2:futures', 1), journal)).toThrow(LedgerError);
    expect([...ledger.entries()]).toEqual([
      ['house:treasury', -100],
      ['user:1:futures', 100],
    ]);
    expect(journal).toHaveLength(1);
  });

  it('restores balances in place of whatever it held', () => {
    const ledger = new Ledger();
    ledger.post(posting('house:a', 'house:b', 5), []);
    const many = Array.from({ length: 2_500 }, (_, index) => [`user:${index}:spot`, index] as const);
    ledger.restore([...many, ['house:treasury', -((2_499 * 2_500) / 2)]]);
    expect(ledger.balance('house:a')).toBe(0);
    expect(ledger.balance('user:2499:spot')).toBe(2_499);
    expect(ledger.total()).toBe(0);
    expect([...ledger.entries()]).toHaveLength(2_501);
  });
});
