// What the wallet needs from the ledger. Money moves only through the sequencer as double-entry postings; this port
// is the wallet's whole view of it, so the chain logic can be tested against any implementation of it.
import type { MicroUsdt } from '@tickline/money';

/**
 * Outcome of a ledger command. `duplicate`: the same key was applied before (the effect already stands).
 * `refused`: the ledger would not apply it (e.g. the balance is not enough), with the catalogue error name.
 */
export type LedgerOutcome =
  { ok: true } | { ok: false; duplicate: true } | { ok: false; duplicate: false; reason: string };

export interface DepositPosting {
  userId: number;
  amount: MicroUsdt;
  /** Unique per credit: `<tx hash>:<log index>:<block hash>`. */
  depositKey: string;
}

export interface WithdrawalPosting {
  userId: number;
  withdrawalNo: number;
  /** Micro-USDT the address receives. */
  amount: MicroUsdt;
  /** Micro-USDT kept as the network fee. */
  fee: MicroUsdt;
}

export interface WalletLedger {
  /** chain clearing → the user's spot wallet; once per key ever. */
  creditDeposit(posting: DepositPosting): Promise<LedgerOutcome>;
  /** Takes back the credit made under `depositKey` (spot wallet → chain clearing); once per key ever. */
  reverseDeposit(posting: DepositPosting): Promise<LedgerOutcome>;
  /** spot wallet → withdrawal hold (amount + fee); refused when the spot wallet cannot cover it. Once per withdrawal. */
  holdWithdrawal(posting: WithdrawalPosting): Promise<LedgerOutcome>;
  /** withdrawal hold → spot wallet (cancelled or refused). Once per withdrawal. */
  releaseWithdrawal(posting: WithdrawalPosting): Promise<LedgerOutcome>;
  /** withdrawal hold → chain clearing (amount) and fee revenue (fee). Once per withdrawal. */
  markWithdrawalSent(posting: WithdrawalPosting): Promise<LedgerOutcome>;
}

/** Whether the effect of the command stands (applied now or before). */
export function applied(outcome: LedgerOutcome): boolean {
  return outcome.ok || outcome.duplicate;
}
