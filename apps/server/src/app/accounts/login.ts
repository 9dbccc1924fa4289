import { accountSecurity, users } from '@tickline/db';
import { Errors, type ErrorDefinition, type LoginAnswer } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { verifyPassword } from '../../services/auth/passwords.ts';
import { notifyUser } from './alarms.ts';
import { MEMBER_POLICY, OPERATOR_POLICY, secondsToWait, type ThrottlePolicy } from './account-throttle.ts';
import { normalizeUserid } from './rules.ts';
import { guardedSecondFactor } from './security/second-factor.ts';
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
  // Looked up first: an operator's account is throttled more strictly than a member's (account-throttle.ts).
  const user = await users.findUserByUserid(ctx.pool, userid);
  const policy = user?.role === 'operator' ? OPERATOR_POLICY : MEMBER_POLICY;
  const throttle = await ctx.accountThrottle.check('login', userid, policy);
  if (!throttle.allowed) {
    if (user) await remember(user.id, 'throttled');
    throw loginFailure(
      Errors.LOGIN_THROTTLED,
      `Too many failed sign-in attempts on this account. Please try again in ${secondsToWait(throttle.retryAfterMs)}.`,
    );
  }
  // Unknown user and wrong password answer alike, in about the same time.
  if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
    if (user) await remember(user.id, 'wrong_password');
    await countFailure(ctx, userid, user?.id ?? null, policy);
    throw loginFailure(Errors.LOGIN_FAILED);
  }
  // With two-factor on, the password alone is not enough: the client asks for the code and sends both again.
  // A wrong code here also counts toward the account's second-factor lock, like on every route that takes a code.
  const secondFactor = await guardedSecondFactor(ctx, user.id, input.otp ?? '', device);
  if (secondFactor.outcome === 'locked') throw loginFailure(Errors.SECOND_FACTOR_LOCKED, secondFactor.message);
  if (secondFactor.outcome === 'missing') {
    await remember(user.id, 'code_required');
    throw loginFailure(Errors.TOTP_REQUIRED);
  }
  if (secondFactor.outcome === 'wrong') {
    await remember(user.id, 'wrong_code');
    await countFailure(ctx, userid, user.id, policy);
    throw loginFailure(Errors.TOTP_INVALID);
  }
  await ctx.accountThrottle.succeeded('login', userid);
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
  const { count, tellOwner } = await ctx.accountThrottle.failed('login', userid, policy);
  if (!tellOwner || userId === null) return;
  const text = `${count} failed sign-in attempts on your account in a row. If this was not you, change your password.`;
  await notifyUser(ctx.pool, userId, text, new Date(ctx.clock.now()));
}
