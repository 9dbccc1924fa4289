import type { AppContext } from '../context.ts';
import { normalizeReferralCode } from './referral-codes.ts';
import { checkCredentials, ensureUseridFree, referrerIdOf } from './register.ts';

export interface CheckRegisterInput {
  /** Undefined: the id and password are not checked (a referral code alone is). */
  userid?: string | undefined;
  password?: string | undefined;
  referralCode: string;
}

/**
 * What registration would refuse before the photo is needed (#18: the register screen asks before its step 2, so no
 * photo is uploaded for an attempt that cannot succeed): the id and password rules in the seeds' order, an id that
 * is taken, an unknown referral code, with the same errors as POST /auth/register. Writes nothing. With neither id
 * nor password only the code is checked: the screen says at once when a link's code does not exist.
 */
export async function checkRegister(ctx: AppContext, input: CheckRegisterInput): Promise<void> {
  if (input.userid !== undefined || input.password !== undefined) {
    const userid = checkCredentials({ userid: input.userid ?? '', password: input.password ?? '' });
    await ensureUseridFree(ctx.pool, userid);
  }
  await referrerIdOf(ctx.pool, input.referralCode === '' ? null : normalizeReferralCode(input.referralCode));
}
