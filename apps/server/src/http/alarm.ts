import type { FastifyInstance } from 'fastify';
import { ok } from '@tickline/protocol';
import { listAlarms } from '../app/accounts/alarms.ts';
import { currentUser, requireUser } from './auth-guard.ts';

export async function alarmRoutes(app: FastifyInstance): Promise<void> {
  app.get('/alarm/lookup', { preHandler: requireUser }, async (request) =>
    ok(await listAlarms(app.context, currentUser(request).id)),
  );
}
