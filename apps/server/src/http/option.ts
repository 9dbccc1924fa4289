import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { currentUser, requireUser } from './auth-guard.ts';
import { pageQuery } from './queries.ts';
import { limitPerUser } from './user-rate-limits.ts';
import { parseInput } from './validation.ts';

const registerBody = z.object({
  symbol: z.unknown().optional(),
  betType: z.unknown().optional(),
  volume: z.unknown().optional(),
  clientOrderId: z.unknown().optional(),
});

const roundQuery = z.object({
  round: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'round must be the round start in milliseconds since 1970' })
    .transform(Number),
});

/** One-minute options (seed 001 §7). */
export async function optionRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  app.post('/optionOrder/register', { preHandler: [requireUser, limitPerUser(app, 'bet')] }, async (request) => {
    const body = parseInput(registerBody, request.body);
    return ok(
      await app.context.services.trading.registerOption(currentUser(request).id, body),
      'Order successfully completed.',
    );
  });

  app.get('/optionOrder/top', guarded, async (request) =>
    ok(await app.context.services.trading.recentOptionOrders(currentUser(request).id)),
  );

  app.get('/optionOrder/waitLookup', guarded, async (request) =>
    ok(await app.context.services.trading.waitingOptionOrders(currentUser(request).id)),
  );

  // Public: the round audit is for anyone to check a result.
  app.get('/optionRound/audit', async (request) => {
    const { round } = parseInput(roundQuery, request.query);
    return ok(await app.context.services.trading.optionRoundAudit(round, app.context.clock.now()));
  });

  app.get('/optionOrder/lookup', guarded, async (request) => {
    const { page } = parseInput(pageQuery, request.query);
    return ok(await app.context.services.trading.optionHistoryPage(currentUser(request).id, page));
  });
}
