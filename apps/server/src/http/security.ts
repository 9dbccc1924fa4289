import type { FastifyInstance } from 'fastify';
import type { securityRoutes } from '@tickline/protocol/routes';
import { changeOwnPassword, revokeOwnSession, securityOverview } from '../app/accounts/security/overview.ts';
import { confirmTotpSetup, disableTotp, startTotpSetup } from '../app/accounts/security/totp-enrolment.ts';
import {
  addWhitelistAddress,
  removeWhitelistAddress,
  setWhitelistEnabled,
} from '../app/accounts/security/whitelist.ts';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** The account security page (#17), for every member: sessions, password, two-factor, withdrawal whitelist. */
export function securityHandlers(app: FastifyInstance): RouteHandlers<typeof securityRoutes> {
  const ctx = app.context;
  return {
    securityOverview: async ({ request }) => {
      const user = currentUser(request);
      return securityOverview(ctx, user.id, user.sessionId);
    },
    revokeSession: async ({ request, body }) => {
      await revokeOwnSession(ctx, currentUser(request).id, body.sessionId);
      return null;
    },
    changeOwnPassword: async ({ request, body }) => {
      await changeOwnPassword(ctx, currentUser(request), body);
      return null;
    },
    startTotpSetup: async ({ request }) => startTotpSetup(ctx, currentUser(request).id),
    enableTotp: async ({ request, body }) => confirmTotpSetup(ctx, currentUser(request).id, body.code),
    disableTotp: async ({ request, body }) => {
      await disableTotp(ctx, currentUser(request).id, body.code);
      return null;
    },
    addWhitelistAddress: async ({ request, body }) => {
      await addWhitelistAddress(ctx, currentUser(request).id, body);
      return null;
    },
    removeWhitelistAddress: async ({ request, body }) => {
      await removeWhitelistAddress(ctx, currentUser(request).id, body.id);
      return null;
    },
    toggleWhitelist: async ({ request, body }) => {
      await setWhitelistEnabled(ctx, currentUser(request).id, body);
      return null;
    },
  };
}
