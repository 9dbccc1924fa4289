import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors, ok } from '@tickline/protocol';
import { changePassword } from '../app/accounts/change-password.ts';
import { checkRegister } from '../app/accounts/check-register.ts';
import { findId } from '../app/accounts/find-id.ts';
import { updateKyc } from '../app/accounts/kyc.ts';
import { login } from '../app/accounts/login.ts';
import { register } from '../app/accounts/register.ts';
import { refreshSession, revokeSession, revokeSessionOfRefreshToken } from '../app/accounts/sessions.ts';
import { currentUser, optionalUser, requireUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import { rateLimited } from './rate-limits.ts';
import { optionalText, parseInput } from './validation.ts';

const IMAGE_REFERENCE_MAX_LENGTH = 100;
// Above the password rule's 128 so that rule, not a generic one, answers too-long passwords.
const PASSWORD_INPUT_MAX_LENGTH = 1024;
const TOKEN_MAX_LENGTH = 200;

const loginBody = z.object({
  userid: optionalText('userid', 254),
  password: optionalText('password', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
  /** The two-factor code (or a recovery code), once two-factor is on. */
  otp: optionalText('otp', 40),
});
const USER_AGENT_MAX_LENGTH = 300;

const registerBody = z.object({
  userid: optionalText('userid', 254),
  password: optionalText('password', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
  name: optionalText('name', 200),
  phone: optionalText('phone', 40),
  referralCode: optionalText('referralCode', 40),
  verificationImage: optionalText('verificationImage', IMAGE_REFERENCE_MAX_LENGTH),
});

// A missing userid and password (not empty ones) leave them unchecked: the screen checks a link's code alone.
const checkRegisterBody = z.object({
  userid: z
    .string({ error: 'userid must be a text' })
    .max(254, { error: 'userid must be at most 254 characters' })
    .trim()
    .optional(),
  password: z
    .string({ error: 'password must be a text' })
    .max(PASSWORD_INPUT_MAX_LENGTH, { error: `password must be at most ${PASSWORD_INPUT_MAX_LENGTH} characters` })
    .optional(),
  referralCode: optionalText('referralCode', 40),
});

const updateKycBody = z.object({ verificationImage: optionalText('verificationImage', IMAGE_REFERENCE_MAX_LENGTH) });

const findIdBody = z.object({ email: optionalText('email', 254), phone: optionalText('phone', 40) });

const changePasswordBody = z.object({
  userid: optionalText('userid', 254),
  bscAddress: optionalText('bscAddress', 100),
  password: optionalText('password', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
});

const refreshBody = z.object({ refreshToken: optionalText('refreshToken', TOKEN_MAX_LENGTH) });

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.context;

  app.post('/auth/login', { config: rateLimited(app, 'login') }, async (request) => {
    const device = {
      userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH),
      clientAddress: request.ip,
    };
    return ok(await login(ctx, parseInput(loginBody, request.body), device));
  });

  app.post('/auth/register', { config: rateLimited(app, 'register') }, async (request) => {
    await register(ctx, parseInput(registerBody, request.body));
    return ok(null, 'Successfully registered.');
  });

  // Ours (#18): what /auth/register would refuse before the photo, so the screen can say it at step 1.
  app.post('/auth/checkRegister', { config: rateLimited(app, 'checkRegister') }, async (request) => {
    await checkRegister(ctx, parseInput(checkRegisterBody, request.body));
    return ok(null);
  });

  app.post('/auth/updateKyc', { preHandler: requireUser }, async (request) => {
    const { verificationImage } = parseInput(updateKycBody, request.body);
    await updateKyc(ctx, currentUser(request).id, verificationImage);
    return ok(null, 'Successfully updated.');
  });

  app.post('/auth/findid', { config: rateLimited(app, 'findId') }, async (request) =>
    ok(await findId(ctx, parseInput(findIdBody, request.body))),
  );

  app.post('/auth/changePassword', { config: rateLimited(app, 'changePassword') }, async (request) => {
    await changePassword(ctx, parseInput(changePasswordBody, request.body));
    return ok(null, 'Your password has been changed.');
  });

  app.post('/auth/refresh', { config: rateLimited(app, 'refresh') }, async (request) => {
    const { refreshToken } = parseInput(refreshBody, request.body);
    if (refreshToken === '') throw new AppError(Errors.REFRESH_TOKEN_REQUIRED);
    return ok(await refreshSession(ctx, refreshToken));
  });

  // Ends the bearer token's session; a client whose access token already expired may send its refresh token.
  app.post('/auth/logout', { preHandler: optionalUser, config: rateLimited(app, 'refresh') }, async (request) => {
    const { refreshToken } = parseInput(refreshBody, request.body);
    if (request.user) await revokeSession(ctx, request.user.sessionId, 'logout');
    else if (refreshToken === '' || !(await revokeSessionOfRefreshToken(ctx, refreshToken)))
      throw new AppError(Errors.SESSION_INVALID);
    return ok(null);
  });
}
