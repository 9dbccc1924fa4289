import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { createApiKey, deleteApiKey, listApiKeys } from '../app/accounts/api-keys/manage.ts';
import { currentUser, requireUser } from './auth-guard.ts';
import { rateLimited } from './rate-limits.ts';
import { optionalText, parseInput } from './validation.ts';

const otp = optionalText('otp', 40);
const createBody = z.object({
  label: optionalText('label', 200),
  permissions: z.unknown().optional(),
  ips: z.unknown().optional(),
  otp,
});
const deleteBody = z.object({ apiKey: optionalText('apiKey', 100), otp });

/** API keys for programs (#29), on the account security page. Sessions only: a key never manages keys. */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.context;
  const guarded = { preHandler: requireUser };
  const sensitive = { preHandler: requireUser, config: rateLimited(app, 'changePassword') };

  app.get('/user/apiKeys', guarded, async (request) => ok({ keys: await listApiKeys(ctx, currentUser(request).id) }));

  app.post('/user/apiKeys', sensitive, async (request) => {
    const body = parseInput(createBody, request.body);
    const created = await createApiKey(ctx, currentUser(request).id, body, { clientAddress: request.ip });
    return ok(created, 'The API key was created. Copy its secret now: it will not be shown again.');
  });

  app.post('/user/apiKeys/delete', sensitive, async (request) => {
    const body = parseInput(deleteBody, request.body);
    await deleteApiKey(ctx, currentUser(request).id, body, { clientAddress: request.ip });
    return ok(null, 'The API key was deleted.');
  });
}
