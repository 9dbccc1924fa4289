import type { FastifyInstance } from 'fastify';
import type { programRoutes } from '@tickline/protocol/routes';
import { createApiKey, deleteApiKey, listApiKeys } from '../app/accounts/api-keys/manage.ts';
import { setCancelAllAfter } from '../app/trading/cancel-all-after.ts';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** API keys for programs (#29), on the account security page, and the dead-man's switch of their orders. */
export function programHandlers(app: FastifyInstance): RouteHandlers<typeof programRoutes> {
  const ctx = app.context;
  return {
    apiKeys: async ({ request }) => ({ keys: await listApiKeys(ctx, currentUser(request).id) }),
    createApiKey: async ({ request, body }) =>
      createApiKey(ctx, currentUser(request).id, body, { clientAddress: request.ip }),
    deleteApiKey: async ({ request, body }) => {
      await deleteApiKey(ctx, currentUser(request).id, body, { clientAddress: request.ip });
      return null;
    },
    // Unless renewed within timeoutMs, every open order is cancelled; 0 disarms.
    cancelAllAfter: async ({ request, body }) =>
      setCancelAllAfter(ctx.pool, ctx.clock, currentUser(request).id, body.timeoutMs),
  };
}
