import type { FastifyInstance } from 'fastify';
import type { orderControlRoutes } from '@tickline/protocol/routes';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** Order controls (#32): amend an order, move isolated margin, the funding history. */
export function orderControlHandlers(app: FastifyInstance): RouteHandlers<typeof orderControlRoutes> {
  const trading = () => app.context.services.trading;
  return {
    amendOrder: async ({ request, body }) => trading().amendOrder(currentUser(request).id, body),
    positionMargin: async ({ request, body }) => trading().adjustPositionMargin(currentUser(request).id, body),
    fundingHistoryPage: async ({ request, query }) =>
      trading().fundingHistoryPage(currentUser(request).id, query.page, query.symbol),
  };
}
