import { expect } from 'vitest';
import type { DepositPosting, LedgerOutcome, WalletLedger, WithdrawalPosting } from '../../../src/app/wallet/ports.ts';

/**
 * The ledger port at the edge of the wallet's tests, before the engine's wallet commands exist: double-entry
 * balances with idempotency keys and the ledger's refusal of a user account going negative, in memory.
 */
export class TestLedger implements WalletLedger {
  readonly balances = new Map<string, number>();
  private readonly keys = new Set<string>();
  readonly journal: Array<{ debit: string; credit: string; amount: number; key: string }> = [];

  balance(account: string): number {
    return this.balances.get(account) ?? 0;
  }

  spot(userId: number): number {
    return this.balance(`user:${userId}:spot`);
  }

  hold(userId: number): number {
    return this.balance(`user:${userId}:withdrawal_hold`);
  }

  /** Sum over all accounts: zero after any sequence of postings. */
  total(): number {
    let sum = 0;
    for (const value of this.balances.values()) sum += value;
    return sum;
  }

  fund(userId: number, amount: number): void {
    this.apply(`fund:${userId}:${this.journal.length}`, [['house:treasury', `user:${userId}:spot`, amount]]);
  }

  private apply(key: string, legs: Array<[string, string, number]>): LedgerOutcome {
    if (this.keys.has(key)) return { ok: false, duplicate: true };
    const after = new Map(this.balances);
    for (const [debit, credit, amount] of legs) {
      if (amount === 0) continue;
      after.set(debit, (after.get(debit) ?? 0) - amount);
      after.set(credit, (after.get(credit) ?? 0) + amount);
    }
    for (const [account, value] of after)
      if (account.startsWith('user:') && value < 0)
        return { ok: false, duplicate: false, reason: 'INSUFFICIENT_BALANCE' };
    for (const [account, value] of after) this.balances.set(account, value);
    this.keys.add(key);
    for (const [debit, credit, amount] of legs) this.journal.push({ debit, credit, amount, key });
    return { ok: true };
  }

  async creditDeposit(p: DepositPosting) {
    return this.apply(p.depositKey, [['chain:clearing', `user:${p.userId}:spot`, p.amount]]);
  }

  async reverseDeposit(p: DepositPosting) {
    return this.apply(`reverse:${p.depositKey}`, [[`user:${p.userId}:spot`, 'chain:clearing', p.amount]]);
  }

  async holdWithdrawal(p: WithdrawalPosting) {
    return this.apply(`withdrawal-hold:${p.withdrawalNo}`, [
      [`user:${p.userId}:spot`, `user:${p.userId}:withdrawal_hold`, p.amount + p.fee],
    ]);
  }

  async releaseWithdrawal(p: WithdrawalPosting) {
    return this.apply(`withdrawal-release:${p.withdrawalNo}`, [
      [`user:${p.userId}:withdrawal_hold`, `user:${p.userId}:spot`, p.amount + p.fee],
    ]);
  }

  async markWithdrawalSent(p: WithdrawalPosting) {
    return this.apply(`withdrawal-sent:${p.withdrawalNo}`, [
      [`user:${p.userId}:withdrawal_hold`, 'chain:clearing', p.amount],
      [`user:${p.userId}:withdrawal_hold`, 'house:fee_revenue', p.fee],
    ]);
  }
}

/** ARCHITECTURE.md invariants 1–2 on the test ledger: it sums to zero and no user account is negative. */
export function expectTestLedgerInvariants(ledger: TestLedger): void {
  expect(ledger.total()).toBe(0);
  for (const [account, balance] of ledger.balances)
    if (account.startsWith('user:')) expect(balance, account).toBeGreaterThanOrEqual(0);
}
