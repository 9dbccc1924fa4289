import type { FastifyInstance } from 'fastify';
import { ok, type ServerConfigAnswer, type ServerTime } from '@tickline/protocol';
import { clientRules } from '../app/rules/client-rules.ts';

export async function serverRoutes(app: FastifyInstance): Promise<void> {
  app.get('/server/serverTime', async () => ok<ServerTime>({ timestamp: app.context.clock.now() }));

  // Public: the rules the web's estimates use (fees, margin tiers, leverage, option payout and cut-off, withdrawal
  // fee and limits), so the client keeps no copy of them.
  app.get('/server/config', async () => {
    const { config, services } = app.context;
    const faucet = config.mode === 'demo' && (services.wallet?.faucet ?? null) !== null;
    return ok<ServerConfigAnswer>(clientRules(config, faucet));
  });
}
