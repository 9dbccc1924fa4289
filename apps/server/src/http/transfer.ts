import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { currentUser, requireUser } from './auth-guard.ts';
import { transferTypeQuery } from './queries.ts';
import { limitPerUser } from './user-rate-limits.ts';
import { parseInput } from './validation.ts';

const registerFuturesBody = z.object({ to: z.unknown().optional(), amount: z.unknown().optional() });

/** Transfers between the caller's spot ('bsc') and futures ('usdtm') wallets (seed 001 §7). */
export async function transferRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  app.post(
    '/transfer/registerFutures',
    { preHandler: [requireUser, limitPerUser(app, 'transfer')] },
    async (request) => {
      const body = parseInput(registerFuturesBody, request.body);
      await app.context.services.trading.transfer(currentUser(request).id, body);
      return ok(null);
    },
  );

  app.get('/transfer/lookupForTop', guarded, async (request) => {
    const { type } = parseInput(transferTypeQuery, request.query);
    return ok({ transfers: await app.context.services.trading.recentTransfers(currentUser(request).id, type) });
  });

  app.get('/transfer/lookup', guarded, async (request) => {
    const { type } = parseInput(transferTypeQuery, request.query);
    return ok({ transfers: await app.context.services.trading.transfers(currentUser(request).id, type) });
  });
}
