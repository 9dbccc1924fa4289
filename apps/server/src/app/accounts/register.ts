import { inTransaction, uploads, users, type Queryable } from '@tickline/db';
import { ApproveStatus, Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { createUser } from './create-user.ts';
import { normalizeReferralCode } from './referral-codes.ts';
import { isAcceptableName, isAcceptablePassword, isEmail, normalizePhone, normalizeUserid } from './rules.ts';

export interface RegisterInput {
  userid: string;
  password: string;
  name: string;
  phone: string;
  referralCode: string;
  verificationImage: string;
}

/** KYC status of a new account: pending until an operator looks at the photo. */
export const KYC_PENDING = ApproveStatus.Pending;

/** The id and password rules, first of the seeds' order; answers the normalised id or throws the first failure. */
export function checkCredentials(input: Pick<RegisterInput, 'userid' | 'password'>): string {
  const userid = normalizeUserid(input.userid);
  if (userid === '') throw new AppError(Errors.EMAIL_REQUIRED);
  if (!isEmail(userid)) throw new AppError(Errors.EMAIL_INVALID);
  if (input.password === '') throw new AppError(Errors.PASSWORD_REQUIRED);
  if (!isAcceptablePassword(input.password)) throw new AppError(Errors.PASSWORD_LENGTH);
  return userid;
}

/** Refuses an id that already has an account (USERID_TAKEN). */
export async function ensureUseridFree(db: Queryable, userid: string): Promise<void> {
  if (await users.findUserByUserid(db, userid)) throw new AppError(Errors.USERID_TAKEN);
}

/** The referrer's user id for a normalised code (null without one); an unknown code is REFERRAL_CODE_UNKNOWN. */
export async function referrerIdOf(db: Queryable, referralCode: string | null): Promise<number | null> {
  if (referralCode === null) return null;
  const referrer = await users.findUserByReferralCode(db, referralCode);
  if (!referrer) throw new AppError(Errors.REFERRAL_CODE_UNKNOWN);
  return referrer.id;
}

/** Checks the fields in the seeds' order; answers the normalised values or throws the first failure. */
export function checkRegistration(input: RegisterInput) {
  const userid = checkCredentials(input);
  if (input.name === '') throw new AppError(Errors.NAME_REQUIRED);
  if (!isAcceptableName(input.name)) throw new AppError(Errors.NAME_INVALID);
  if (input.phone === '') throw new AppError(Errors.PHONE_REQUIRED);
  const phone = normalizePhone(input.phone);
  if (phone === null) throw new AppError(Errors.PHONE_INVALID);
  if (input.verificationImage === '') throw new AppError(Errors.IMAGE_REQUIRED);
  const referralCode = input.referralCode === '' ? null : normalizeReferralCode(input.referralCode);
  return {
    userid,
    password: input.password,
    name: input.name,
    phone,
    referralCode,
    verificationImage: input.verificationImage,
  };
}

/** Creates the account in one transaction: either all of it (user, claimed image) or nothing. */
export async function register(ctx: AppContext, input: RegisterInput): Promise<users.UserRecord> {
  const checked = checkRegistration(input);
  await ensureUseridFree(ctx.pool, checked.userid);
  const passwordHash = await hashPassword(checked.password);
  return inTransaction(ctx.pool, async (db) => {
    const referrerId = await referrerIdOf(db, checked.referralCode);
    if (!(await uploads.claimUpload(db, checked.verificationImage, new Date(ctx.clock.now()))))
      throw new AppError(Errors.IMAGE_UNKNOWN);
    return createUser(ctx, db, {
      userid: checked.userid,
      passwordHash,
      name: checked.name,
      phone: checked.phone,
      referrerId,
      approveStatus: KYC_PENDING,
      kycImageId: checked.verificationImage,
    });
  });
}
