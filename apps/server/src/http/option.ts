import type { FastifyInstance } from 'fastify';
import type { optionRoutes } from '@tickline/protocol/routes';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** One-minute options (seed 001 §7). */
export function optionHandlers(app: FastifyInstance): RouteHandlers<typeof optionRoutes> {
  const trading = () => app.context.services.trading;
  return {
    registerOption: async ({ request, body }) => trading().registerOption(currentUser(request).id, body),
    recentOptionOrders: async ({ request }) => trading().recentOptionOrders(currentUser(request).id),
    waitingOptionOrders: async ({ request }) => trading().waitingOptionOrders(currentUser(request).id),
    // Public: the round audit is for anyone to check a result.
    optionRoundAudit: async ({ query }) => trading().optionRoundAudit(query.round, app.context.clock.now()),
    optionHistoryPage: async ({ request, query }) => trading().optionHistoryPage(currentUser(request).id, query.page),
  };
}
