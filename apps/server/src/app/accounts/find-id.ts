import { users } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { isEmail, normalizePhone, normalizeUserid } from './rules.ts';

/** Answers the user id when an account has both this email and this phone number. */
export async function findId(ctx: AppContext, input: { email: string; phone: string }): Promise<string> {
  const email = normalizeUserid(input.email);
  if (email === '') throw new AppError(Errors.EMAIL_REQUIRED);
  if (!isEmail(email)) throw new AppError(Errors.FIND_ID_EMAIL_INVALID);
  if (input.phone === '') throw new AppError(Errors.FIND_ID_PHONE_REQUIRED);
  const phone = normalizePhone(input.phone);
  if (phone === null) throw new AppError(Errors.PHONE_INVALID);
  const user = await users.findUserByUseridAndPhone(ctx.pool, email, phone);
  if (!user) throw new AppError(Errors.FIND_ID_NOT_FOUND);
  return user.userid;
}
