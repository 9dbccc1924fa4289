// Withdrawals after the request: operators approve or refuse; an approval signs the transfer with the hot wallet's
// next nonce (allocated in PostgreSQL) and stores the signed bytes before anything is broadcast; a broadcast whose
// outcome is unknown is repeated with the same bytes, never re-signed. A hot wallet that cannot pay the next one
// holds the queue and alerts the operators.
import type { Address, Hex } from 'viem';
import { inTransaction, operatorAudit, userAdmin, withdrawals, type Pool } from '@tickline/db';
import { formatUsdt, type MicroUsdt } from '@tickline/money';
import { Errors, WithdrawalStatus } from '@tickline/protocol';
import type { Clock } from '../../clock.ts';
import { AppError } from '../../domain/errors.ts';
import type { OperatorActor } from '../admin/actor.ts';
import { TRANSFER_GAS_LIMIT, type HotWallet } from '../../services/chain/hot-wallet.ts';
import { microToTokenUnits } from '../../services/chain/token.ts';
import type { WalletAlerts } from './alerts.ts';
import { applied, type WalletLedger } from './ports.ts';
import type { WalletUserEvents } from './user-events.ts';
import { operatorWithdrawalView } from './views.ts';
import { postingOf, releaseHold } from './withdrawals.ts';

export interface WithdrawalDeskOptions {
  pool: Pool;
  ledger: WalletLedger;
  hotWallet: HotWallet;
  alerts: WalletAlerts;
  clock: Clock;
  /** A sent withdrawal is final at this many confirmations. */
  confirmations: number;
  /** Waiting withdrawals up to this are approved without an operator (0 = never). */
  autoApproveMax: MicroUsdt;
  /** Withdrawals of at least this need a first and a second approval by different operators (0 = never). */
  fourEyesMin?: MicroUsdt;
  /** A signed transaction not yet mined is sent again (same bytes) after this long. */
  resendAfterMs?: number;
  /** Tells the user's open screens when one of their withdrawals changes. */
  events?: WalletUserEvents;
}

const MAX_REASON_LENGTH = 500;
const QUEUE_LIMIT = 500;

export class WithdrawalDesk {
  /** Approvals one at a time: the hot wallet's cover is checked against what is already signed. */
  private approving: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: WithdrawalDeskOptions) {}

  private now(): Date {
    return new Date(this.options.clock.now());
  }

  /** WITHDRAW_FOUR_EYES_MIN: from this amount two different operators approve (0 = never). */
  get fourEyesMin(): MicroUsdt {
    return this.options.fourEyesMin ?? 0;
  }

  /**
   * The queue as `viewerId` sees it: `own` marks their own requests (not theirs to decide) and `firstOfTwo` the
   * waiting ones whose approval now would be the first of two, so the console says so only then.
   */
  async queue(status: number, viewerId: number | null = null) {
    if (![1, 2, 3, 4].includes(status))
      throw new AppError(Errors.VALIDATION_FAILED, { message: 'status must be 1 to 4' });
    const { pool } = this.options;
    const rows = await withdrawals.listByStatus(pool, status as withdrawals.WithdrawalStatus, QUEUE_LIMIT);
    const min = this.fourEyesMin;
    const needTwo = rows
      .filter((row) => min > 0 && row.status === WithdrawalStatus.Wait && row.amount >= min)
      .map((row) => row.no);
    const firstGiven = await operatorAudit.targetsWithAction(pool, 'withdrawal.first-approve', 'withdrawal', needTwo);
    return rows.map((row) => ({
      ...operatorWithdrawalView(row),
      own: row.userId === viewerId,
      firstOfTwo: needTwo.includes(row.no) && !firstGiven.has(String(row.no)),
    }));
  }

  /**
   * WAIT → APPROVAL: signed, stored, sent in the ledger, then broadcast. `actor` null = automatic. At or above the
   * four-eyes amount an operator's approval is first recorded (the withdrawal keeps waiting, `txHash` null) and a
   * second, different operator's approval sends it.
   */
  approve(no: number, actor: OperatorActor | null): Promise<{ txHash: Hex | null; awaitingSecondApproval: boolean }> {
    const run = this.approving.then(async () => {
      if (actor) await this.notOwn(no, actor);
      if (actor && (await this.firstOfTwo(no, actor))) return { txHash: null, awaitingSecondApproval: true };
      return { ...(await this.approveNow(no, actor)), awaitingSecondApproval: false };
    });
    this.approving = run.catch(() => undefined);
    return run;
  }

  /** Operators never decide on their own withdrawal (nor count as one of its four eyes): another operator must. */
  private async notOwn(no: number, actor: OperatorActor): Promise<void> {
    const row = await withdrawals.findWithdrawal(this.options.pool, no);
    if (row?.userId === actor.id) throw new AppError(Errors.OWN_REQUEST);
  }

  /** Four-eyes: records a first approval and answers true, or answers false when this one completes the pair. */
  private async firstOfTwo(no: number, actor: OperatorActor): Promise<boolean> {
    const min = this.options.fourEyesMin ?? 0;
    const row = await withdrawals.findWithdrawal(this.options.pool, no);
    if (min <= 0 || !row || !row.held || row.status !== WithdrawalStatus.Wait || row.amount < min) return false;
    if (await userAdmin.withdrawalsFrozen(this.options.pool, row.userId)) throw new AppError(Errors.WITHDRAWALS_FROZEN);
    const first = await operatorAudit.searchOperatorActions(
      this.options.pool,
      { action: 'withdrawal.first-approve', targetType: 'withdrawal', targetId: no },
      1,
      1,
    );
    const firstBy = first.rows[0]?.operatorId;
    if (firstBy === actor.id) throw new AppError(Errors.FOUR_EYES_SAME_OPERATOR);
    if (firstBy !== undefined) return false;
    await operatorAudit.recordOperatorAction(this.options.pool, {
      operatorId: actor.id,
      clientAddress: actor.clientAddress,
      action: 'withdrawal.first-approve',
      targetType: 'withdrawal',
      targetId: no,
      previous: { status: 1 },
      next: { status: 1, approvals: 1 },
      now: this.now(),
    });
    return true;
  }

  private async approveNow(no: number, actor: OperatorActor | null): Promise<{ txHash: Hex }> {
    const { pool, hotWallet } = this.options;
    const row = await withdrawals.findWithdrawal(pool, no);
    if (!row || !row.held) throw new AppError(Errors.WITHDRAWAL_NOT_FOUND);
    if (row.status !== WithdrawalStatus.Wait) throw new AppError(Errors.WITHDRAWAL_NOT_WAITING);
    const gasPrice = await hotWallet.gasPrice();
    await this.checkCover(row, gasPrice);
    const chainNonce = await hotWallet.chainNonce();
    const signed = await inTransaction(pool, async (db) => {
      const locked = await withdrawals.findWithdrawal(db, no, true);
      if (locked?.status !== WithdrawalStatus.Wait) throw new AppError(Errors.WITHDRAWAL_NOT_WAITING);
      // Frozen by an operator: not sent until unfrozen (it may be refused). The row lock orders this against a freeze.
      if (await userAdmin.withdrawalsFrozen(db, locked.userId, true)) throw new AppError(Errors.WITHDRAWALS_FROZEN);
      const nonce = await withdrawals.allocateNonce(db, hotWallet.address, chainNonce);
      const transfer = await hotWallet.signTransfer({
        to: locked.walletAddress as Address,
        amountMicro: locked.amount,
        nonce,
        gasPrice,
      });
      const now = this.now();
      await withdrawals.storeSigned(db, no, {
        hotWallet: hotWallet.address,
        nonce,
        ...transfer,
        decidedBy: actor?.id ?? null,
        now,
      });
      await operatorAudit.recordOperatorAction(db, {
        operatorId: actor?.id ?? null,
        clientAddress: actor?.clientAddress,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: no,
        previous: { status: 1 },
        next: { status: 2, nonce, txHash: transfer.txHash },
        now,
      });
      return transfer;
    });
    await this.markSent({ ...row, status: 2 });
    this.options.events?.changed(row.userId, 'withdrawal');
    await this.broadcast(no, signed.rawTx);
    return { txHash: signed.txHash };
  }

  /** The hot wallet must hold this withdrawal on top of every signed one not yet final, and gas for all of them. */
  private async checkCover(row: withdrawals.WithdrawalRecord, gasPrice: bigint): Promise<void> {
    const { hotWallet, pool } = this.options;
    const inFlight = await withdrawals.listInFlight(pool);
    const owed = inFlight.reduce((sum, w) => sum + microToTokenUnits(w.amount), microToTokenUnits(row.amount));
    const gasNeeded = TRANSFER_GAS_LIMIT * gasPrice * BigInt(inFlight.length + 1);
    const [tokens, gas] = await Promise.all([hotWallet.tokenBalance(), hotWallet.gasBalance()]);
    if (tokens >= owed && gas >= gasNeeded) return;
    await this.options.alerts.operator(
      'hot_wallet_short',
      `hot wallet ${hotWallet.address} cannot pay withdrawal ${row.no} (${formatUsdt(row.amount, 0)} USDT): it holds ` +
        `${tokens} token units against ${owed} owed and ${gas} wei of gas against ${gasNeeded} needed; the queue waits`,
    );
    throw new AppError(Errors.HOT_WALLET_SHORT);
  }

  /**
   * The partners' daily batch (22:00 KST): every waiting batch withdrawal approved, oldest first, stopping at the
   * first the hot wallet cannot cover (the rest wait for the next batch or an operator).
   */
  async sendBatch(): Promise<number> {
    return this.approveInOrder(await withdrawals.listWaitingBatch(this.options.pool));
  }

  /** WAIT → REFUSE with a reason; the hold goes back to the user's spot wallet. */
  async refuse(no: number, actor: OperatorActor, reason: unknown): Promise<void> {
    if (typeof reason !== 'string' || reason.trim() === '' || reason.trim().length > MAX_REASON_LENGTH)
      throw new AppError(Errors.REFUSAL_REASON_REQUIRED);
    const { pool, ledger } = this.options;
    const row = await withdrawals.findWithdrawal(pool, no);
    if (!row || !row.held) throw new AppError(Errors.WITHDRAWAL_NOT_FOUND);
    if (row.userId === actor.id) throw new AppError(Errors.OWN_REQUEST);
    const now = this.now();
    const closed = await inTransaction(pool, async (db) => {
      const done = await withdrawals.closeWaiting(db, no, {
        status: 4,
        reason: reason.trim(),
        decidedBy: actor.id,
        now,
      });
      if (done)
        await operatorAudit.recordOperatorAction(db, {
          operatorId: actor.id,
          clientAddress: actor.clientAddress,
          action: 'withdrawal.refuse',
          targetType: 'withdrawal',
          targetId: no,
          previous: { status: 1 },
          next: { status: 4 },
          reason: reason.trim(),
          now,
        });
      return done;
    });
    if (!closed) throw new AppError(Errors.WITHDRAWAL_NOT_WAITING);
    await releaseHold(pool, ledger, row, now);
    this.options.events?.changed(row.userId, 'withdrawal');
  }

  /**
   * One pass of the background work: finish ledger steps a crash left undone, approve small waiting requests in
   * order (stopping at the first the hot wallet cannot cover), and follow signed transactions to finality.
   */
  async tick(): Promise<void> {
    await this.finishLedgerSteps();
    await this.autoApprove();
    await this.followInFlight();
  }

  private async finishLedgerSteps(): Promise<void> {
    const { pool, ledger } = this.options;
    for (const row of await withdrawals.listUnsettled(pool)) {
      if (!row.held) {
        // A request whose hold was under way at a crash: the ledger decides, once (the same key).
        const outcome = await ledger.holdWithdrawal(postingOf(row));
        if (applied(outcome)) await withdrawals.markHeld(pool, row.no, this.now());
        else await withdrawals.deleteUnheld(pool, row.no);
      } else if (row.status === WithdrawalStatus.Cancel || row.status === WithdrawalStatus.Refuse)
        await releaseHold(pool, ledger, row, this.now());
      else if (row.status === WithdrawalStatus.Approval) await this.markSent(row);
    }
  }

  private async markSent(row: withdrawals.WithdrawalRecord): Promise<void> {
    const outcome = await this.options.ledger.markWithdrawalSent(postingOf(row));
    if (!applied(outcome)) throw new Error(`the ledger refused to pay out withdrawal ${row.no}`);
    await withdrawals.markLedgerSent(this.options.pool, row.no, this.now());
  }

  private async autoApprove(): Promise<void> {
    const max = this.options.autoApproveMax;
    if (max <= 0) return;
    const small = (await withdrawals.listByStatus(this.options.pool, 1, QUEUE_LIMIT)).filter(
      (row) => row.amount <= max,
    );
    await this.approveInOrder(small);
  }

  /** Approves rows in order, stopping at the first the hot wallet cannot cover (the queue waits); answers how many. */
  private async approveInOrder(rows: readonly withdrawals.WithdrawalRecord[]): Promise<number> {
    let sent = 0;
    for (const row of rows) {
      try {
        await this.approve(row.no, null);
        sent += 1;
      } catch (error) {
        if (error instanceof AppError && error.code === Errors.HOT_WALLET_SHORT.code) break;
        if (error instanceof AppError && error.code === Errors.WITHDRAWAL_NOT_WAITING.code) continue;
        if (error instanceof AppError && error.code === Errors.WITHDRAWALS_FROZEN.code) continue;
        throw error;
      }
    }
    return sent;
  }

  private async broadcast(no: number, rawTx: string): Promise<void> {
    await withdrawals.recordBroadcast(this.options.pool, no, this.now());
    try {
      await this.options.hotWallet.broadcast(rawTx as Hex);
    } catch {
      // Unknown outcome: the same bytes are sent again by a later tick until a receipt shows up.
    }
  }

  private async followInFlight(): Promise<void> {
    const { pool, hotWallet, confirmations, alerts } = this.options;
    const resendAfterMs = this.options.resendAfterMs ?? 30_000;
    const inFlight = await withdrawals.listInFlight(pool);
    if (inFlight.length === 0) return;
    const head = await hotWallet.head();
    for (const row of inFlight) {
      const receipt = await hotWallet.receipt(row.txHash as Hex);
      if (!receipt) {
        const due = !row.lastBroadcastAt || this.options.clock.now() - row.lastBroadcastAt.getTime() >= resendAfterMs;
        if (due) await this.broadcast(row.no, row.rawTx!);
        continue;
      }
      if (!receipt.success) {
        await withdrawals.setChainState(pool, row.no, 'failed', receipt.blockNumber, this.now());
        await alerts.operator(
          'withdrawal_failed',
          `withdrawal ${row.no} (${row.txHash}) was mined in block ${receipt.blockNumber} but reverted: the user's ` +
            'amount left the ledger and did not arrive; an operator must settle it',
        );
        continue;
      }
      const final = head - receipt.blockNumber + 1 >= confirmations;
      await withdrawals.setChainState(pool, row.no, final ? 'confirmed' : 'pending', receipt.blockNumber, this.now());
      this.options.events?.changed(row.userId, 'withdrawal');
    }
  }
}
