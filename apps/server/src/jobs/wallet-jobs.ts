import type { Wallet } from '../app/wallet/runtime.ts';
import { KST_OFFSET_MS } from '../app/partners/days.ts';
import { dailyAt, type Scheduler } from './scheduler.ts';

export const DEPOSIT_WATCH_JOB = 'deposit-watch';
export const WITHDRAWAL_DESK_JOB = 'withdrawal-desk';
export const PARTNER_WITHDRAWAL_BATCH_JOB = 'partner-withdrawal-batch';
export const DEPOSIT_SWEEP_JOB = 'deposit-sweep';

/**
 * Chain clocks, every CHAIN_POLL_MS: `deposit-watch` reads the token's Transfer logs from the stored cursor and moves
 * deposits through confirming → completed (or reverted); `withdrawal-desk` finishes ledger steps a crash left, approves
 * below the auto-approve threshold and follows signed transactions to finality. Both resume from what PostgreSQL
 * holds, so a repeated run changes nothing the first did not (a credit is keyed by tx hash and log index, a send by
 * its stored signed bytes).
 *
 * `deposit-sweep`, every SWEEP_INTERVAL_MS (when a key signs for the deposit addresses): follows the sweeps in flight
 * (same bytes sent again, a confirmed top-up followed by its token transfer) and starts sweeping addresses that reached
 * SWEEP_MIN_USDT. A run logs at info level; a second run finds the sweep in flight or done and starts none.
 */
export function registerWalletJobs(
  scheduler: Scheduler,
  wallet: Wallet,
  pollIntervalMs: number,
  sweepIntervalMs = 60_000,
): void {
  scheduler.register({
    name: DEPOSIT_WATCH_JOB,
    schedule: { everyMs: pollIntervalMs },
    quiet: true,
    run: () => wallet.watchDeposits(),
  });
  scheduler.register({
    name: WITHDRAWAL_DESK_JOB,
    schedule: { everyMs: pollIntervalMs },
    quiet: true,
    run: () => wallet.desk.tick(),
  });
  const sweeper = wallet.sweeper;
  if (sweeper)
    scheduler.register({
      name: DEPOSIT_SWEEP_JOB,
      schedule: { everyMs: sweepIntervalMs },
      run: () => sweeper.tick(),
    });
  // Seed 001 §9: partners' withdrawals are sent in one batch at 22:00 KST (approving twice finds none waiting).
  scheduler.register({
    name: PARTNER_WITHDRAWAL_BATCH_JOB,
    schedule: dailyAt(22, 0, KST_OFFSET_MS),
    run: () => wallet.desk.sendBatch(),
  });
}
