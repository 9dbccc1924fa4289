import { users } from '@tickline/db';
import { Errors, type ErrorDefinition, type LoginAnswer } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { verifyPassword } from '../../services/passwords.ts';
import { normalizeUserid } from './rules.ts';
import { startSession } from './sessions.ts';

/** The seeds' client shows `errorMessage` from the answer's data, so failures carry the same shape. */
function loginFailure(definition: ErrorDefinition): AppError {
  const data: LoginAnswer = { level: 0, accessToken: '', refreshToken: '', errorMessage: definition.message };
  return new AppError(definition, { data });
}

export async function login(ctx: AppContext, input: { userid: string; password: string }): Promise<LoginAnswer> {
  const userid = normalizeUserid(input.userid);
  if (userid === '') throw loginFailure(Errors.EMAIL_REQUIRED);
  if (input.password === '') throw loginFailure(Errors.PASSWORD_REQUIRED);
  const user = await users.findUserByUserid(ctx.pool, userid);
  // Unknown user and wrong password answer alike, in about the same time.
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user)
    throw loginFailure(Errors.LOGIN_FAILED);
  const tokens = await startSession(ctx, user.id);
  return { level: user.level, ...tokens, errorMessage: '' };
}
