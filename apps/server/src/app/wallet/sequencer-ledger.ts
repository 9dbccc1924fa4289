// The wallet's ledger port on the engine: every command goes through the command gateway (the sequencer's one
// writer and group commit, here or over the bus) and comes back once durable. Deposits are idempotent in the engine
// by their key; withdrawal steps by the sequencer's idempotency key (one hold, one release, one payout per withdrawal
// ever). A SERVICE_BUSY thrown by the gateway reaches the caller; a withdrawal row left unheld is settled by the
// desk's next tick.
import type { Command } from '@tickline/engine';
import type { CommandGateway, CommandOutcome } from '../engine/command-gateway.ts';
import type { DepositPosting, LedgerOutcome, WalletLedger, WithdrawalPosting } from './ports.ts';

/** The gateway's outcome in the wallet's words; `repeated`: applied, but the engine found the key applied before. */
function ledgerOutcome(outcome: CommandOutcome<Command['type']>, repeated = false): LedgerOutcome {
  if (outcome.status === 'applied') return repeated ? { ok: false, duplicate: true } : { ok: true };
  if (outcome.status === 'duplicate') return { ok: false, duplicate: true };
  return { ok: false, duplicate: false, reason: outcome.reason };
}

export class SequencerWalletLedger implements WalletLedger {
  /** The gateway to the sequencer of this process, or to the engine over the bus on a cluster's API and jobs nodes. */
  constructor(private readonly engine: Pick<CommandGateway, 'send'>) {}

  async creditDeposit(p: DepositPosting): Promise<LedgerOutcome> {
    const { userId, amount, depositKey } = p;
    const outcome = await this.engine.send({ type: 'creditDeposit', userId, amount, depositKey });
    // The engine answers a repeat of a known key with `credited: false`: the credit already stands.
    return ledgerOutcome(outcome, outcome.status === 'applied' && !outcome.value.credited);
  }

  async reverseDeposit(p: DepositPosting): Promise<LedgerOutcome> {
    const outcome = await this.engine.send({ type: 'reverseDeposit', depositKey: p.depositKey });
    return ledgerOutcome(outcome, outcome.status === 'applied' && !outcome.value.reversed);
  }

  private async withdrawal(type: 'holdWithdrawal' | 'releaseWithdrawal' | 'sendWithdrawal', p: WithdrawalPosting) {
    const withdrawalId = String(p.withdrawalNo);
    const command = { type, userId: p.userId, withdrawalId, amount: p.amount, fee: p.fee };
    return ledgerOutcome(await this.engine.send(command, { idempotencyKey: `withdrawal:${withdrawalId}:${type}` }));
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
