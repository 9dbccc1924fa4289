// A user's withdrawals: request (held at once in the ledger), cancel while waiting, list. Operators' decisions and
// the chain side are in withdrawal-desk.ts.
import type { Address } from 'viem';
import { inTransaction, withdrawals, type Pool } from '@tickline/db';
import { ApproveStatus, Errors } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import type { Clock } from '../../clock.ts';
import { applied, type WalletLedger, type WithdrawalPosting } from './ports.ts';
import {
  DAY_MS,
  WITHDRAWAL_DAILY_LIMIT,
  WITHDRAWAL_FEE,
  parseWithdrawalAddress,
  parseWithdrawalAmount,
} from './withdrawal-rules.ts';
import { withdrawalView } from './views.ts';

const LIST_LIMIT = 100;

export const postingOf = (row: withdrawals.WithdrawalRecord): WithdrawalPosting => ({
  userId: row.userId,
  withdrawalNo: row.no,
  amount: row.amount,
  fee: row.fee,
});

export interface WithdrawalServiceOptions {
  pool: Pool;
  ledger: WalletLedger;
  clock: Clock;
  /** Addresses of the platform itself that a withdrawal may not go to (hot wallet, token contract). */
  platformAddresses: () => readonly Address[];
  /** Called after a request is held (automatic approval). */
  onRequested?: (no: number) => void;
}

export class WithdrawalService {
  constructor(private readonly options: WithdrawalServiceOptions) {}

  private now(): Date {
    return new Date(this.options.clock.now());
  }

  /** `/withdraw/register`: checks, then amount + fee held in the ledger before the request is shown. */
  async register(
    userId: number,
    input: { walletAddress?: unknown; amount?: unknown },
    options: { batch?: boolean; guard?: (walletAddress: Address) => Promise<void> } = {},
  ): Promise<{ no: number }> {
    const { pool, ledger } = this.options;
    const walletAddress = parseWithdrawalAddress(input.walletAddress);
    const amount = parseWithdrawalAmount(input.amount);
    await this.checkAccount(userId, walletAddress);
    // The account's own protections (two-factor code, address whitelist), checked last so input errors come first.
    await options.guard?.(walletAddress);
    const now = this.now();
    const no = await inTransaction(pool, async (db) => {
      await withdrawals.lockUserWithdrawals(db, userId);
      const requested = await withdrawals.requestedSince(db, userId, new Date(now.getTime() - DAY_MS));
      if (requested + amount > WITHDRAWAL_DAILY_LIMIT) throw new AppError(Errors.WITHDRAW_DAILY_LIMIT);
      return withdrawals.insertWithdrawal(db, {
        userId,
        walletAddress,
        amount,
        fee: WITHDRAWAL_FEE,
        now,
        batch: options.batch,
      });
    });
    const outcome = await ledger.holdWithdrawal({ userId, withdrawalNo: no, amount, fee: WITHDRAWAL_FEE });
    if (!applied(outcome)) {
      await withdrawals.deleteUnheld(pool, no);
      throw new AppError(Errors.INSUFFICIENT_BALANCE);
    }
    await withdrawals.markHeld(pool, no, this.now());
    this.options.onRequested?.(no);
    return { no };
  }

  private async checkAccount(userId: number, walletAddress: Address): Promise<void> {
    const { rows } = await this.options.pool.query<{
      approve_status: number;
      blocked_until: Date | null;
      frozen: boolean;
    }>(
      `SELECT approve_status, withdrawals_blocked_until AS blocked_until, withdrawals_frozen_at IS NOT NULL AS frozen
       FROM users WHERE id = $1`,
      [userId],
    );
    const user = rows[0];
    if (!user) throw new AppError(Errors.SESSION_INVALID);
    // An operator froze this account's withdrawals (a request racing the freeze is held, then not sent: the desk).
    if (user.frozen) throw new AppError(Errors.WITHDRAWALS_FROZEN);
    if (user.approve_status !== ApproveStatus.Verified) throw new AppError(Errors.WITHDRAW_KYC_REQUIRED);
    if (user.blocked_until && user.blocked_until.getTime() > this.options.clock.now())
      throw new AppError(Errors.WITHDRAW_BLOCKED_AFTER_PASSWORD_CHANGE);
    const ours = this.options.platformAddresses().some((a) => a.toLowerCase() === walletAddress.toLowerCase());
    const deposit = await this.options.pool.query('SELECT 1 FROM users WHERE lower(bsc_address) = lower($1)', [
      walletAddress,
    ]);
    if (ours || deposit.rowCount) throw new AppError(Errors.WITHDRAW_TO_PLATFORM_ADDRESS);
  }

  /** Cancels the caller's own waiting request; the hold goes back to the spot wallet. */
  async cancel(userId: number, no: unknown): Promise<void> {
    if (typeof no !== 'number' || !Number.isSafeInteger(no)) throw new AppError(Errors.WITHDRAWAL_NOT_FOUND);
    const { pool } = this.options;
    const row = await withdrawals.findWithdrawal(pool, no);
    if (!row || row.userId !== userId || !row.held) throw new AppError(Errors.WITHDRAWAL_NOT_FOUND);
    const closed = await inTransaction(pool, (db) =>
      withdrawals.closeWaiting(db, no, { status: 3, reason: null, decidedBy: userId, now: this.now() }),
    );
    if (!closed) throw new AppError(Errors.WITHDRAWAL_NOT_WAITING);
    await releaseHold(pool, this.options.ledger, row, this.now());
  }

  /** `/withdraw/lookup`: the caller's requests, newest first. */
  async list(userId: number) {
    return (await withdrawals.listUserWithdrawals(this.options.pool, userId, LIST_LIMIT)).map(withdrawalView);
  }
}

/** Gives a cancelled or refused request's hold back (once: the ledger refuses a second release of the same one). */
export async function releaseHold(
  pool: Pool,
  ledger: WalletLedger,
  row: withdrawals.WithdrawalRecord,
  now: Date,
): Promise<void> {
  const outcome = await ledger.releaseWithdrawal(postingOf(row));
  if (!applied(outcome)) throw new Error(`the ledger refused to release withdrawal ${row.no}`);
  await withdrawals.markReleased(pool, row.no, now);
}
