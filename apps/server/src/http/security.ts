import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { changeOwnPassword, revokeOwnSession, securityOverview } from '../app/accounts/security/overview.ts';
import { confirmTotpSetup, disableTotp, startTotpSetup } from '../app/accounts/security/totp-enrolment.ts';
import {
  addWhitelistAddress,
  removeWhitelistAddress,
  setWhitelistEnabled,
} from '../app/accounts/security/whitelist.ts';
import { currentUser, requireUser } from './auth-guard.ts';
import { rateLimited } from './rate-limits.ts';
import { optionalText, parseInput } from './validation.ts';

const PASSWORD_INPUT_MAX_LENGTH = 1024;
const code = optionalText('code', 40);

const sessionBody = z.object({ sessionId: optionalText('sessionId', 64) });
const passwordBody = z.object({
  currentPassword: optionalText('currentPassword', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
  newPassword: optionalText('newPassword', PASSWORD_INPUT_MAX_LENGTH, { trim: false }),
});
const codeBody = z.object({ code });
const whitelistAddBody = z.object({
  address: optionalText('address', 100),
  label: optionalText('label', 200),
  otp: code,
});
const whitelistRemoveBody = z.object({ id: z.number({ error: 'id must be a number' }).int() });
const whitelistToggleBody = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }), otp: code });

/** The account security page (#17), for every member: sessions, password, two-factor, withdrawal whitelist. */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.context;
  const guarded = { preHandler: requireUser };
  const sensitive = { preHandler: requireUser, config: rateLimited(app, 'changePassword') };

  app.get('/user/security', guarded, async (request) => {
    const user = currentUser(request);
    return ok(await securityOverview(ctx, user.id, user.sessionId));
  });

  app.post('/user/sessions/revoke', guarded, async (request) => {
    const { sessionId } = parseInput(sessionBody, request.body);
    await revokeOwnSession(ctx, currentUser(request).id, sessionId);
    return ok(null, 'The session was ended.');
  });

  app.post('/user/password', sensitive, async (request) => {
    await changeOwnPassword(ctx, currentUser(request), parseInput(passwordBody, request.body));
    return ok(null, 'Your password has been changed.');
  });

  app.post('/user/totp/setup', guarded, async (request) => ok(await startTotpSetup(ctx, currentUser(request).id)));

  app.post('/user/totp/enable', sensitive, async (request) => {
    const { code: entered } = parseInput(codeBody, request.body);
    return ok(await confirmTotpSetup(ctx, currentUser(request).id, entered), 'Two-factor authentication is on.');
  });

  app.post('/user/totp/disable', sensitive, async (request) => {
    const { code: entered } = parseInput(codeBody, request.body);
    await disableTotp(ctx, currentUser(request).id, entered);
    return ok(null, 'Two-factor authentication is off.');
  });

  app.post('/user/whitelist/add', sensitive, async (request) => {
    await addWhitelistAddress(ctx, currentUser(request).id, parseInput(whitelistAddBody, request.body));
    return ok(null, 'The address was added. It can be used in 24 hours.');
  });

  app.post('/user/whitelist/remove', guarded, async (request) => {
    const { id } = parseInput(whitelistRemoveBody, request.body);
    await removeWhitelistAddress(ctx, currentUser(request).id, id);
    return ok(null);
  });

  app.post('/user/whitelist/toggle', sensitive, async (request) => {
    await setWhitelistEnabled(ctx, currentUser(request).id, parseInput(whitelistToggleBody, request.body));
    return ok(null);
  });
}
