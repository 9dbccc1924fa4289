/**
 * Uploads are made before registration (the KYC photo) without an account, so many are never claimed: those older
 * than a day are deleted, row and file, by a sweep every hour. A claim racing the sweep finds the row locked or gone
 * and answers IMAGE_UNKNOWN ("please upload it again").
 */
import { rm } from 'node:fs/promises';
import { uploads } from '@tickline/db';
import type { AppContext } from '../context.ts';

export const UNCLAIMED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** One sweep; answers how many uploads were removed. */
export async function expireUnclaimedUploads(ctx: AppContext): Promise<number> {
  const expired = await uploads.deleteUnclaimedBefore(ctx.pool, new Date(ctx.clock.now() - UNCLAIMED_UPLOAD_TTL_MS));
  for (const upload of expired) await rm(ctx.images.pathOf(upload.id, upload.format), { force: true });
  return expired.length;
}

/** Sweeps now and every hour; answers the function that stops it. */
export function startUploadExpiry(ctx: AppContext, log: (error: unknown) => void): () => void {
  const sweep = () => void expireUnclaimedUploads(ctx).catch(log);
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
