import { reserveSnapshots } from '@tickline/db';
import { RoundLogAnchor } from '../app/audit/anchor.ts';
import { auditServiceOf } from '../app/audit/service.ts';
import type { AppContext } from '../app/context.ts';
import type { Wallet } from '../app/wallet/runtime.ts';
import { dailyAt, type Scheduler } from './scheduler.ts';

export const ROUND_LOG_JOB = 'round-log';
export const RESERVES_SNAPSHOT_JOB = 'reserves-snapshot';
export const ROUND_LOG_ANCHOR_JOB = 'round-log-anchor';

/**
 * The audit's clocks (#35), on the jobs node: `round-log` every 10 s appends the rounds settled since (a repeat finds
 * nothing new); `reserves-snapshot` daily at 00:05 UTC (skipped when one was taken since that time: a repeated run
 * takes none); `round-log-anchor` where a chain is configured: once per UTC day, at the first minute of the day that
 * finds the log not empty, or at once after a `round-log` run that appended records (a run on an anchored day does
 * nothing), so that the day's anchor follows its first records by seconds rather than up to a minute.
 */
export function registerAuditJobs(scheduler: Scheduler, ctx: AppContext, wallet: Wallet | null): void {
  const audit = auditServiceOf(ctx);
  const anchorAfterAppend = wallet !== null;
  scheduler.register({
    name: ROUND_LOG_JOB,
    schedule: { everyMs: 10_000 },
    quiet: true,
    run: async () => {
      const appended = await audit.extendLog();
      if (appended > 0 && anchorAfterAppend) void scheduler.runNow(ROUND_LOG_ANCHOR_JOB);
      return appended;
    },
  });
  scheduler.register({
    name: RESERVES_SNAPSHOT_JOB,
    schedule: dailyAt(0, 5, 0),
    run: async (dueAtMs) => {
      const latest = await reserveSnapshots.latestReserveSnapshotHeader(ctx.pool);
      if (latest && latest.takenAtMs >= dueAtMs) return latest.id;
      return (await audit.snapshot()).at;
    },
  });
  if (!wallet) return;
  const anchor = new RoundLogAnchor(
    ctx.pool,
    { reader: wallet.reader, chainId: wallet.chainId, rpcUrl: wallet.rpcUrl, local: wallet.faucet !== null },
    audit.keys.anchorPrivateKey,
  );
  scheduler.register({
    name: ROUND_LOG_ANCHOR_JOB,
    schedule: { everyMs: 60_000 },
    quiet: true,
    run: (dueAtMs) => anchor.anchorDay(dueAtMs, ctx.clock.now()),
  });
}
