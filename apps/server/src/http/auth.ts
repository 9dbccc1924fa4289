import type { FastifyInstance } from 'fastify';
import { Errors } from '@tickline/protocol';
import type { accountRoutes } from '@tickline/protocol/routes';
import { changePassword } from '../app/accounts/change-password.ts';
import { checkRegister } from '../app/accounts/check-register.ts';
import { findId } from '../app/accounts/find-id.ts';
import { updateKyc } from '../app/accounts/kyc.ts';
import { login } from '../app/accounts/login.ts';
import { register } from '../app/accounts/register.ts';
import { refreshSession, revokeSession, revokeSessionOfRefreshToken } from '../app/accounts/sessions.ts';
import { currentUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import type { RouteHandlers } from './routes/register.ts';

const USER_AGENT_MAX_LENGTH = 300;

type SessionRoutes = Pick<
  typeof accountRoutes,
  'login' | 'register' | 'checkRegister' | 'updateKyc' | 'findId' | 'changePassword' | 'refreshSession' | 'logout'
>;

export function authHandlers(app: FastifyInstance): RouteHandlers<SessionRoutes> {
  const ctx = app.context;
  return {
    login: async ({ request, body }) => {
      const device = {
        userAgent: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH),
        clientAddress: request.ip,
      };
      return login(ctx, body, device);
    },
    register: async ({ body }) => {
      await register(ctx, body);
      return null;
    },
    // Ours (#18): what /auth/register would refuse before the photo, so the screen can say it at step 1.
    checkRegister: async ({ body }) => {
      await checkRegister(ctx, body);
      return null;
    },
    updateKyc: async ({ request, body }) => {
      await updateKyc(ctx, currentUser(request).id, body.verificationImage);
      return null;
    },
    findId: async ({ body }) => findId(ctx, body),
    changePassword: async ({ body }) => {
      await changePassword(ctx, body);
      return null;
    },
    refreshSession: async ({ body: { refreshToken } }) => {
      if (refreshToken === '') throw new AppError(Errors.REFRESH_TOKEN_REQUIRED);
      return refreshSession(ctx, refreshToken);
    },
    // Ends the bearer token's session; a client whose access token already expired may send its refresh token.
    logout: async ({ request, body: { refreshToken } }) => {
      if (request.user) await revokeSession(ctx, request.user.sessionId, 'logout');
      else if (refreshToken === '' || !(await revokeSessionOfRefreshToken(ctx, refreshToken)))
        throw new AppError(Errors.SESSION_INVALID);
      return null;
    },
  };
}
