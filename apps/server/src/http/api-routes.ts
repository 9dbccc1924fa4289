import type { FastifyInstance } from 'fastify';
import { buildOpenApiDocument, ROUTES } from '@tickline/protocol/routes';
import { adminMoneyHandlers } from './admin/withdrawals.ts';
import { adminOperationsHandlers } from './admin/operations.ts';
import { adminUserHandlers } from './admin/users.ts';
import { programHandlers } from './api-keys.ts';
import { auditHandlers } from './audit.ts';
import { authHandlers } from './auth.ts';
import { managerHandlers } from './manager.ts';
import { marketHandlers } from './market.ts';
import { optionHandlers } from './option.ts';
import { orderHandlers } from './order.ts';
import { orderControlHandlers } from './order-controls.ts';
import { registerRouteTable } from './routes/register.ts';
import { securityHandlers } from './security.ts';
import { uploadHandlers } from './upload.ts';
import { userHandlers } from './user.ts';
import { walletHandlers } from './wallet.ts';

export const OPENAPI_PATH = '/openapi.json';
const API_VERSION = '1';

/**
 * The API under /api/v1: every route of the table with its handler (the compiler checks that each route has one),
 * and GET /openapi.json, the document made from the same table (built once, at the first request).
 */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await registerRouteTable(app, {
    ...authHandlers(app),
    ...userHandlers(app),
    ...uploadHandlers(app),
    ...securityHandlers(app),
    ...programHandlers(app),
    ...orderHandlers(app),
    ...orderControlHandlers(app),
    ...optionHandlers(app),
    ...walletHandlers(app),
    ...marketHandlers(app),
    ...managerHandlers(app),
    ...adminMoneyHandlers(app),
    ...adminOperationsHandlers(app),
    ...adminUserHandlers(app),
    ...auditHandlers(app),
  });
  let document: object | null = null;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= buildOpenApiDocument(ROUTES, { version: API_VERSION });
    return reply.header('cache-control', 'no-cache').send(document);
  });
}
