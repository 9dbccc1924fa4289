import type { FastifyInstance } from 'fastify';
import type { auditRoutes } from '@tickline/protocol/routes';
import { auditServiceOf } from '../app/audit/service.ts';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** Provable fairness and provable reserves (#35): public proofs, the caller's inclusion proof, an operator's snapshot. */
export function auditHandlers(app: FastifyInstance): RouteHandlers<typeof auditRoutes> {
  const audit = () => auditServiceOf(app.context);
  return {
    auditRounds: async ({ query }) => audit().rounds(query),
    auditKey: async () => audit().key(),
    reserves: async () => audit().reserves(),
    userReservesProof: async ({ request }) => audit().proof(currentUser(request).id),
    adminReservesSnapshot: async () => audit().snapshot(),
  };
}
