import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tickline/db/testing';
import { Account, type Command, type Exchange, type Posting } from '@tickline/engine';
import type { CommittedBatch, Sequencer } from '../../src/app/trading/sequencer.ts';
import { expectLedgerInvariants } from './helpers/ledger-invariants.ts';
import { startSequencer } from './helpers/sequencer.ts';

const USDT = 1_000_000;
const member = 41;
const partner = 42;

let database: TestDatabase;
let sequencer: Sequencer<Exchange> | null = null;

beforeAll(async () => (database = await createTestDatabase()));
afterAll(async () => {
  await sequencer?.stop();
  await database.drop();
});

async function storedBalances(): Promise<Map<string, number>> {
  const { rows } = await database.pool.query<{ id: string; balance: number }>(
    'SELECT id, balance FROM ledger_accounts WHERE balance <> 0',
  );
  return new Map(rows.map((row) => [row.id, row.balance]));
}

/** Every account's balance as the postings make it. */
function balancesOf(postings: readonly Posting[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const { debit, credit, amount } of postings) {
    balances.set(debit, (balances.get(debit) ?? 0) - amount);
    balances.set(credit, (balances.get(credit) ?? 0) + amount);
  }
  for (const [account, balance] of balances) if (balance === 0) balances.delete(account);
  return balances;
}

describe('wallet money commands through the sequencer into PostgreSQL', () => {
  it('stores each command’s postings and balances equal to them, and keeps deposit keys across a restart', async () => {
    sequencer = await startSequencer(database.pool);
    const committed: Posting[] = [];
    const unsubscribe = sequencer.onCommitted((batch: CommittedBatch) => committed.push(...batch.postings));
    const withdrawal = { userId: member, amount: 30 * USDT, fee: USDT };
    const commands: Command[] = [
      { type: 'creditDeposit', userId: member, amount: 100 * USDT, depositKey: '0xfeed:0' },
      { type: 'transfer', userId: member, to: 'futures', amount: 50 * USDT },
      { type: 'holdWithdrawal', ...withdrawal, withdrawalId: 'w1' },
      { type: 'releaseWithdrawal', ...withdrawal, withdrawalId: 'w1' },
      { type: 'holdWithdrawal', ...withdrawal, withdrawalId: 'w2' },
      { type: 'sendWithdrawal', ...withdrawal, withdrawalId: 'w2' },
      // Spent: 100 credited, 31 withdrawn, so 69 of the 100 can be taken back and 31 becomes a deposit debt.
      { type: 'reverseDeposit', depositKey: '0xfeed:0' },
      { type: 'creditDeposit', userId: member, amount: 50 * USDT, depositKey: '0xfeed:1' },
      { type: 'payPartnerSettlement', userId: partner, settlementId: 's1', amount: 12 * USDT },
      { type: 'adjustBalance', userId: partner, wallet: 'spot', amount: -2 * USDT, reason: 'ticket 7' },
      { type: 'adjustBalance', userId: member, wallet: 'futures', amount: 3 * USDT, reason: 'ticket 8' },
    ];
    for (const command of commands) {
      const result = await sequencer.submit(command);
      expect(result, command.type).toMatchObject({ ok: true });
    }
    unsubscribe();
    expect(new Set(committed.map((posting) => posting.kind))).toEqual(
      new Set([
        'deposit',
        'wallet_transfer',
        'withdrawal_hold',
        'withdrawal_release',
        'withdrawal_sent',
        'withdrawal_fee',
        'deposit_reversal',
        'deposit_debt_repayment',
        'partner_settlement',
        'operator_adjustment',
      ]),
    );
    expect(await storedBalances()).toEqual(balancesOf(committed));
    const stored = await storedBalances();
    expect(stored.get(Account.depositDebt(member))).toBeUndefined(); // 31 owed, repaid from the 50 credited next
    expect(stored.get(Account.spot(member))).toBe(19 * USDT);
    expect(stored.get(Account.futures(member))).toBe(3 * USDT);
    expect(stored.get(Account.spot(partner))).toBe(10 * USDT);
    expect(stored.get(Account.chainClearing)).toBe(-50 * USDT + 30 * USDT);
    await expectLedgerInvariants(database.pool);

    // A restarted sequencer restores the credited deposits from the stored postings: the same key credits nothing.
    await sequencer.stop();
    const restarted = (sequencer = await startSequencer(database.pool));
    const repeat = await restarted.submit({
      type: 'creditDeposit',
      userId: member,
      amount: 50 * USDT,
      depositKey: '0xfeed:1',
    });
    expect(repeat).toMatchObject({ ok: true, value: { credited: false } });
    const reversedAgain = await restarted.submit({ type: 'reverseDeposit', depositKey: '0xfeed:0' });
    expect(reversedAgain).toMatchObject({ ok: true, value: { reversed: false } });
    expect(await storedBalances()).toEqual(balancesOf(committed));
  });
});
