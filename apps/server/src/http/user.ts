import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors, ok } from '@tickline/protocol';
import { userInfo } from '../app/accounts/profile.ts';
import { currentUser, requireUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import { MAX_LEVERAGE, MIN_LEVERAGE } from '../domain/trading-rules.ts';
import { integerInRange, parseInput } from './validation.ts';

const updateLeverageBody = z.object({
  leverage: integerInRange(MIN_LEVERAGE, MAX_LEVERAGE, new AppError(Errors.INVALID_LEVERAGE)),
});

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.context;

  app.get('/user/info', { preHandler: requireUser }, async (request) =>
    ok(await userInfo(ctx, currentUser(request).id)),
  );

  app.get('/user/balance', { preHandler: requireUser }, async (request) =>
    ok(await ctx.services.balances.balanceOf(currentUser(request).id)),
  );

  app.post('/user/updateLeverage', { preHandler: requireUser }, async (request) => {
    const { leverage } = parseInput(updateLeverageBody, request.body);
    await ctx.services.trading.setLeverage(currentUser(request).id, leverage);
    return ok(null);
  });
}
