import type { FastifyInstance } from 'fastify';
import { requireOperator, requireUser } from '../auth-guard.ts';
import { adminFeedbackRoutes } from './feedback.ts';
import { adminWithdrawalRoutes } from './withdrawals.ts';
import { adminPartnerRoutes } from './partners.ts';
import { adminOperationsRoutes } from './operations.ts';
import { adminUserRoutes } from './users.ts';
import { adminMarketRoutes } from './market.ts';

/**
 * The admin area's route plugins, mounted under /api/v1/admin. Each area adds one line; its routes inherit the
 * operator guard below and need none of their own.
 */
const ADMIN_ROUTE_PLUGINS: Array<(app: FastifyInstance) => Promise<void>> = [
  adminFeedbackRoutes,
  adminWithdrawalRoutes,
  adminPartnerRoutes,
  adminOperationsRoutes,
  adminUserRoutes,
  adminMarketRoutes,
];

/**
 * The operator API as one encapsulated Fastify plugin: the guard is a hook of this plugin, so it runs before every
 * route registered inside it (and nowhere else). A missing or dead token answers 40000, anyone but an operator
 * (users.role = 'operator'; members and partners alike) FORBIDDEN, both before the body is read.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireUser);
  app.addHook('onRequest', requireOperator);
  for (const plugin of ADMIN_ROUTE_PLUGINS) await app.register(plugin);
}
