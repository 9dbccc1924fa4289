import type { DemoLiquidity } from '../app/trading/liquidity.ts';
import type { Scheduler } from './scheduler.ts';

export const DEMO_REQUOTE_JOB = 'demo-requote';
export const DEMO_TAKER_JOB = 'demo-taker';

/**
 * Demo mode: the market maker requotes its ladder every second and the taker trades every 1.7 s. The two never run
 * at once (a run due while the other is going is skipped: the next one comes soon), and both are idempotent in the
 * sense that matters here: each run looks at the book and the index as they are now.
 */
export function registerDemoLiquidityJobs(
  scheduler: Scheduler,
  liquidity: DemoLiquidity,
  intervals: { requoteMs?: number; takerMs?: number } = {},
): void {
  let busy = false;
  const exclusive = (work: () => Promise<unknown>) => async () => {
    if (busy) return;
    busy = true;
    try {
      await work();
    } finally {
      busy = false;
    }
  };
  scheduler.register({
    name: DEMO_REQUOTE_JOB,
    schedule: { everyMs: intervals.requoteMs ?? 1_000 },
    quiet: true,
    run: exclusive(() => liquidity.requote()),
  });
  scheduler.register({
    name: DEMO_TAKER_JOB,
    schedule: { everyMs: intervals.takerMs ?? 1_700 },
    quiet: true,
    run: exclusive(() => liquidity.takeOnce()),
  });
}
