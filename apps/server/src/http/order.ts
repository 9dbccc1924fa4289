import type { FastifyInstance } from 'fastify';
import type { futuresRoutes } from '@tickline/protocol/routes';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** Futures order entry, the position and history (seed 000 §7, seed 001 §7). */
export function orderHandlers(app: FastifyInstance): RouteHandlers<typeof futuresRoutes> {
  const trading = () => app.context.services.trading;
  return {
    placeOrder: async ({ request, body }) => trading().placeOrder(currentUser(request).id, body),
    cancelOrder: async ({ request, body }) => {
      await trading().cancelOrder(currentUser(request).id, body.no);
      return null;
    },
    openOrders: async ({ request }) => ({ orders: await trading().openOrders(currentUser(request).id) }),
    recentOrderHistory: async ({ request }) => ({
      orders: await trading().recentFuturesHistory(currentUser(request).id),
    }),
    // With a client order id (#29): what was done with it; otherwise the seeds' history page.
    orderHistoryPage: async ({ request, query }) =>
      query.clientOrderId === undefined
        ? trading().futuresHistoryPage(currentUser(request).id, query.page)
        : trading().lookupClientOrder(currentUser(request).id, query.clientOrderId),
    closePosition: async ({ request, body }) => {
      await trading().closePosition(currentUser(request).id, body.volume, body.clientOrderId);
      return null;
    },
    updateTpsl: async ({ request, body }) => {
      await trading().updateTpSl(currentUser(request).id, body);
      return null;
    },
    // `/postion/lookup`, spelled as the seeds spell it: the caller's position (one-way mode: at most one).
    positions: async ({ request }) => trading().positions(currentUser(request).id),
  };
}
