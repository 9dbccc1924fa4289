import { accountSecurity, users } from '@tickline/db';
import { Errors, type ErrorDefinition, type LoginAnswer } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { verifyPassword } from '../../services/auth/passwords.ts';
import { notifyUser } from './alarms.ts';
import { MEMBER_POLICY, OPERATOR_POLICY, type ThrottlePolicy } from './login-throttle.ts';
import { normalizeUserid } from './rules.ts';
import { checkSecondFactor } from './security/second-factor.ts';
import { startSession } from './sessions.ts';

/** Where a sign-in comes from: kept on the session and in the login history. */
export interface LoginDevice {
  userAgent: string;
  clientAddress: string;
}

/** The seeds' client shows `errorMessage` from the answer's data, so failures carry the same shape. */
function loginFailure(definition: ErrorDefinition, message = definition.message): AppError {
  const data: LoginAnswer = { level: 0, accessToken: '', refreshToken: '', errorMessage: message };
  return new AppError(definition, { message, data });
}

export async function login(
  ctx: AppContext,
  input: { userid: string; password: string; otp?: string },
  device: LoginDevice = { userAgent: '', clientAddress: '' },
): Promise<LoginAnswer> {
  const userid = normalizeUserid(input.userid);
  if (userid === '') throw loginFailure(Errors.EMAIL_REQUIRED);
  if (input.password === '') throw loginFailure(Errors.PASSWORD_REQUIRED);
  const remember = (userId: number, outcome: accountSecurity.LoginOutcome) =>
    accountSecurity.recordLogin(ctx.pool, userId, { at: new Date(ctx.clock.now()), ...device, outcome });
  // Looked up first: an operator's account is throttled more strictly than a member's (login-throttle.ts).
  const user = await users.findUserByUserid(ctx.pool, userid);
  const policy = user?.role === 'operator' ? OPERATOR_POLICY : MEMBER_POLICY;
  const throttle = ctx.loginThrottle.check(userid, policy);
  if (!throttle.allowed) {
    if (user) await remember(user.id, 'throttled');
    const seconds = Math.ceil(throttle.retryAfterMs / 1000);
    throw loginFailure(
      Errors.LOGIN_THROTTLED,
      `Too many failed sign-in attempts on this account. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
  }
  // Unknown user and wrong password answer alike, in about the same time.
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    if (user) await remember(user.id, 'wrong_password');
    await countFailure(ctx, userid, user?.id ?? null, policy);
    throw loginFailure(Errors.LOGIN_FAILED);
  }
  // With two-factor on, the password alone is not enough: the client asks for the code and sends both again.
  const secondFactor = await checkSecondFactor(ctx, user.id, input.otp ?? '');
  if (secondFactor === 'missing') {
    await remember(user.id, 'code_required');
    throw loginFailure(Errors.TOTP_REQUIRED);
  }
  if (secondFactor === 'wrong') {
    await remember(user.id, 'wrong_code');
    await countFailure(ctx, userid, user.id, policy);
    throw loginFailure(Errors.TOTP_INVALID);
  }
  ctx.loginThrottle.succeeded(userid);
  await remember(user.id, 'success');
  const tokens = await startSession(ctx, user, device);
  return { level: user.level, ...tokens, errorMessage: '' };
}

/** A failed attempt counts toward the throttle; a run of them warns the account's owner. */
async function countFailure(
  ctx: AppContext,
  userid: string,
  userId: number | null,
  policy: ThrottlePolicy,
): Promise<void> {
  if (!ctx.loginThrottle.failed(userid, policy) || userId === null) return;
  const count = ctx.loginThrottle.failureCount(userid);
  const text = `${count} failed sign-in attempts on your account in a row. If this was not you, change your password.`;
  await notifyUser(ctx.pool, userId, text, new Date(ctx.clock.now()));
}
