import { users } from '@tickline/db';
import { Errors, type ErrorDefinition, type LoginAnswer } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { verifyPassword } from '../../services/auth/passwords.ts';
import { notifyUser } from './alarms.ts';
import { normalizeUserid } from './rules.ts';
import { startSession } from './sessions.ts';

/** The seeds' client shows `errorMessage` from the answer's data, so failures carry the same shape. */
function loginFailure(definition: ErrorDefinition, message = definition.message): AppError {
  const data: LoginAnswer = { level: 0, accessToken: '', refreshToken: '', errorMessage: message };
  return new AppError(definition, { message, data });
}

export async function login(ctx: AppContext, input: { userid: string; password: string }): Promise<LoginAnswer> {
  const userid = normalizeUserid(input.userid);
  if (userid === '') throw loginFailure(Errors.EMAIL_REQUIRED);
  if (input.password === '') throw loginFailure(Errors.PASSWORD_REQUIRED);
  const throttle = ctx.loginThrottle.check(userid);
  if (!throttle.allowed) {
    const seconds = Math.ceil(throttle.retryAfterMs / 1000);
    throw loginFailure(
      Errors.LOGIN_THROTTLED,
      `Too many failed sign-in attempts on this account. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
  }
  const user = await users.findUserByUserid(ctx.pool, userid);
  // Unknown user and wrong password answer alike, in about the same time.
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    if (ctx.loginThrottle.failed(userid) && user) {
      const count = ctx.loginThrottle.failureCount(userid);
      const text = `${count} failed sign-in attempts on your account in a row. If this was not you, change your password.`;
      await notifyUser(ctx.pool, user.id, text, new Date(ctx.clock.now()));
    }
    throw loginFailure(Errors.LOGIN_FAILED);
  }
  ctx.loginThrottle.succeeded(userid);
  const tokens = await startSession(ctx, user.id);
  return { level: user.level, ...tokens, errorMessage: '' };
}
