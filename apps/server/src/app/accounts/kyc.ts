import { inTransaction, uploads, users } from '@tickline/db';
import { ApproveStatus, Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { KYC_PENDING } from './register.ts';

export const KYC_VERIFIED = ApproveStatus.Verified;

/** A new verification photo (after a rejection, or a pending one replaced): status back to pending. */
export async function updateKyc(ctx: AppContext, userId: number, verificationImage: string): Promise<void> {
  if (verificationImage === '') throw new AppError(Errors.IMAGE_REQUIRED);
  await inTransaction(ctx.pool, async (db) => {
    const user = await users.findUserByIdForUpdate(db, userId);
    if (!user) throw new AppError(Errors.SESSION_INVALID);
    if (user.approveStatus === KYC_VERIFIED) throw new AppError(Errors.KYC_ALREADY_VERIFIED);
    const now = new Date(ctx.clock.now());
    if (!(await uploads.claimUpload(db, verificationImage, now))) throw new AppError(Errors.IMAGE_UNKNOWN);
    await users.updateKyc(db, userId, verificationImage, KYC_PENDING, now);
  });
}
