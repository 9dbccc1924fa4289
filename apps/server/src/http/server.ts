import type { FastifyInstance } from 'fastify';
import { ok, type ServerTime } from '@tickline/protocol';

export async function serverRoutes(app: FastifyInstance): Promise<void> {
  app.get('/server/serverTime', async () => ok<ServerTime>({ timestamp: app.context.clock.now() }));
}
