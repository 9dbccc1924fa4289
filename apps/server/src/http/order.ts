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
      await trading().cancelOrder(currentUser(request).id, body.no, body.symbol);
      return null;
    },
    openOrders: async ({ request, query }) => ({
      orders: await trading().openOrders(currentUser(request).id, query.symbol),
    }),
    recentOrderHistory: async ({ request, query }) => ({
      orders: await trading().recentFuturesHistory(currentUser(request).id, query.symbol),
    }),
    // With a client order id (#29): what was done with it; otherwise the seeds' history page.
    orderHistoryPage: async ({ request, query }) =>
      query.clientOrderId === undefined
        ? trading().futuresHistoryPage(currentUser(request).id, query.page, query.symbol)
        : trading().lookupClientOrder(currentUser(request).id, query.clientOrderId),
    closePosition: async ({ request, body }) => {
      await trading().closePosition(currentUser(request).id, body.volume, body.clientOrderId, body.symbol);
      return null;
    },
    updateTpsl: async ({ request, body }) => {
      await trading().updateTpSl(currentUser(request).id, body);
      return null;
    },
    // `/postion/lookup`, spelled as the seeds spell it: the caller's positions (one-way mode: one per market).
    positions: async ({ request, query }) => trading().positions(currentUser(request).id, query.symbol),
  };
}
