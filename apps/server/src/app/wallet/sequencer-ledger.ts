// The wallet's ledger port on the trading core: every command goes through the sequencer (one writer, group commit)
// and comes back once durable. Deposits are idempotent in the engine by their key; withdrawal steps by the
// sequencer's idempotency key (one hold, one release, one payout per withdrawal ever).
import type { Command } from '@tickline/engine';
import { Errors } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { DUPLICATE_COMMAND, SequencerUnavailableError } from '../../services/sequencer/sequencer.ts';
import type { EngineAccess } from '../trading/engine-access.ts';
import type { DepositPosting, LedgerOutcome, WalletLedger, WithdrawalPosting } from './ports.ts';

export class SequencerWalletLedger implements WalletLedger {
  /** The sequencer of this process, or the engine over the bus on a cluster's API and jobs nodes. */
  constructor(private readonly sequencer: Pick<EngineAccess, 'submit'>) {}

  private async run(command: Command, idempotencyKey?: string): Promise<{ outcome: LedgerOutcome; value: unknown }> {
    const result = await this.sequencer
      .submit(command, idempotencyKey ? { idempotencyKey } : {})
      .catch((error: unknown) => {
        // Not durable: the caller answers SERVICE_BUSY; a withdrawal row left unheld is settled by the desk's next tick.
        if (error instanceof SequencerUnavailableError) throw new AppError(Errors.SERVICE_BUSY);
        throw error;
      });
    if (result.ok) return { outcome: { ok: true }, value: result.value };
    if (result.reason === DUPLICATE_COMMAND) return { outcome: { ok: false, duplicate: true }, value: null };
    return { outcome: { ok: false, duplicate: false, reason: result.reason }, value: null };
  }

  async creditDeposit(p: DepositPosting): Promise<LedgerOutcome> {
    const { outcome, value } = await this.run({
      type: 'creditDeposit',
      userId: p.userId,
      amount: p.amount,
      depositKey: p.depositKey,
    });
    // The engine answers a repeat of a known key with `credited: false`: the credit already stands.
    if (outcome.ok && (value as { credited?: boolean }).credited === false) return { ok: false, duplicate: true };
    return outcome;
  }

  async reverseDeposit(p: DepositPosting): Promise<LedgerOutcome> {
    const { outcome, value } = await this.run({ type: 'reverseDeposit', depositKey: p.depositKey });
    if (outcome.ok && (value as { reversed?: boolean }).reversed === false) return { ok: false, duplicate: true };
    return outcome;
  }

  private withdrawal(type: 'holdWithdrawal' | 'releaseWithdrawal' | 'sendWithdrawal', p: WithdrawalPosting) {
    const withdrawalId = String(p.withdrawalNo);
    const command = { type, userId: p.userId, withdrawalId, amount: p.amount, fee: p.fee } as Command;
    return this.run(command, `withdrawal:${withdrawalId}:${type}`).then((r) => r.outcome);
  }

  holdWithdrawal(p: WithdrawalPosting): Promise<LedgerOutcome> {
    return this.withdrawal('holdWithdrawal', p);
  }

  releaseWithdrawal(p: WithdrawalPosting): Promise<LedgerOutcome> {
    return this.withdrawal('releaseWithdrawal', p);
  }

  markWithdrawalSent(p: WithdrawalPosting): Promise<LedgerOutcome> {
    return this.withdrawal('sendWithdrawal', p);
  }
}
