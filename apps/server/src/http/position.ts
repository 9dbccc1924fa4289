import type { FastifyInstance } from 'fastify';
import { ok } from '@tickline/protocol';
import { currentUser, requireUser } from './auth-guard.ts';

/** `GET /postion/lookup`, spelled as the seeds spell it: the caller's position (one-way mode: at most one). */
export async function positionRoutes(app: FastifyInstance): Promise<void> {
  app.get('/postion/lookup', { preHandler: requireUser }, async (request) =>
    ok(await app.context.services.trading.positions(currentUser(request).id)),
  );
}
