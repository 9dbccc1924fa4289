import { expireUnclaimedUploads } from '../app/accounts/upload-expiry.ts';
import type { AppContext } from '../app/context.ts';
import type { Scheduler } from './scheduler.ts';

export const UPLOAD_EXPIRY_JOB = 'upload-expiry';

/**
 * `upload-expiry`, every hour (and once at start): deletes uploads nobody claimed within a day, row and file. A
 * repeated run finds nothing more to delete.
 */
export function registerAccountJobs(scheduler: Scheduler, ctx: AppContext): void {
  scheduler.register({
    name: UPLOAD_EXPIRY_JOB,
    schedule: { everyMs: 60 * 60 * 1000 },
    run: (): Promise<number> => expireUnclaimedUploads(ctx),
  });
}
