import type { PartnerService } from '../app/partners/service.ts';
import { KST_OFFSET_MS } from '../app/partners/days.ts';
import { dailyAt, type Scheduler } from './scheduler.ts';

export const PARTNER_ESTIMATE_JOB = 'partner-estimate';
export const PARTNER_CLOSE_JOB = 'partner-daily-close';

/**
 * Partner clocks (PRODUCT.md §7): `partner-estimate` recomputes today's shares every SETTLEMENT_ESTIMATE_INTERVAL_MS;
 * `partner-daily-close` settles every finished KST day not yet settled (and pays approved applications a crash left
 * unpaid), a minute after midnight KST (a settled day is
 * never settled again, so a repeated or late run changes nothing). The composition root also runs the close once at start, which
 * catches up days a stopped server missed.
 */
export function registerPartnerJobs(scheduler: Scheduler, partners: PartnerService, estimateIntervalMs: number) {
  const { settlements, decisions } = partners;
  scheduler.register({
    name: PARTNER_ESTIMATE_JOB,
    schedule: { everyMs: estimateIntervalMs },
    quiet: true,
    run: () => settlements.refreshEstimate(),
  });
  scheduler.register({
    name: PARTNER_CLOSE_JOB,
    schedule: dailyAt(0, 1, KST_OFFSET_MS),
    run: async () => {
      await settlements.settleFinishedDays();
      await decisions.finishPayments(); // approvals a crash left unpaid
    },
  });
}
