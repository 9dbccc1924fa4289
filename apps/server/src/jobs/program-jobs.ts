import type { AppContext } from '../app/context.ts';
import { fireExpiredSwitches } from '../app/trading/cancel-all-after.ts';
import type { Scheduler } from './scheduler.ts';

export const CANCEL_ALL_AFTER_JOB = 'cancel-all-after';

/**
 * `cancel-all-after`, every second: fires the dead-man's switches whose deadline passed (app/trading/cancel-all-after.ts).
 * Idempotent: a fired switch is cleared, one that failed stays for the next run.
 */
export function registerProgramJobs(scheduler: Scheduler, ctx: AppContext): void {
  scheduler.register({
    name: CANCEL_ALL_AFTER_JOB,
    schedule: { everyMs: 1_000 },
    quiet: true,
    run: (): Promise<number> =>
      fireExpiredSwitches(ctx.pool, ctx.clock, (userId) => ctx.services.trading.cancelAllOrders(userId)),
  });
}
