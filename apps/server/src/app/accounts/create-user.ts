import { users, type Queryable } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { newReferralCode } from './referral-codes.ts';

export interface NewAccount {
  userid: string;
  passwordHash: string;
  name: string;
  phone: string;
  referrerId: number | null;
  approveStatus: number;
  kycImageId: string | null;
  level?: number;
  role?: users.UserRole;
}

const REFERRAL_CODE_ATTEMPTS = 8;

/**
 * Inserts a user with a fresh deposit address (next child of the platform xpub) and a unique referral
 * code. Runs inside the caller's transaction; a taken userid answers USERID_TAKEN.
 */
export async function createUser(
  ctx: Pick<AppContext, 'depositAddresses' | 'clock'>,
  db: Queryable,
  account: NewAccount,
): Promise<users.UserRecord> {
  const depositAddressIndex = await users.nextDepositAddressIndex(db);
  const bscAddress = ctx.depositAddresses.addressAt(depositAddressIndex);
  const createdAt = new Date(ctx.clock.now());
  for (let attempt = 0; attempt < REFERRAL_CODE_ATTEMPTS; attempt++) {
    try {
      const user = await users.insertUser(db, {
        ...account,
        referralCode: newReferralCode(),
        depositAddressIndex,
        bscAddress,
        createdAt,
      });
      if (user) return user;
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'users_userid_key') throw new AppError(Errors.USERID_TAKEN);
      throw error;
    }
  }
  throw new Error(`no free referral code after ${REFERRAL_CODE_ATTEMPTS} attempts`);
}
