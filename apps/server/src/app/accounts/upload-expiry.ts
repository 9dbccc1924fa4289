/**
 * Uploads are made before registration (the KYC photo) without an account, so many are never claimed: those older
 * than a day are deleted, row and file, by the hourly `upload-expiry` job (jobs/account-jobs.ts). A claim racing the sweep finds the row locked or gone
 * and answers IMAGE_UNKNOWN ("please upload it again").
 */
import { rm } from 'node:fs/promises';
import { uploads } from '@tickline/db';
import type { AppContext } from '../context.ts';

export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** One sweep; answers how many uploads were removed. */
export async function expireUnclaimedUploads(ctx: AppContext): Promise<number> {
  const expired = await uploads.deleteUnclaimedBefore(ctx.pool, new Date(ctx.clock.now() - UNCLAIMED_UPLOAD_TTL_MS));
  for (const upload of expired) await rm(ctx.images.pathOf(upload.id, upload.format), { force: true });
  return expired.length;
}
