import type { FastifyInstance } from 'fastify';
import { Errors } from '@tickline/protocol';
import type { accountRoutes } from '@tickline/protocol/routes';
import { listAlarms } from '../app/accounts/alarms.ts';
import { submitFeedback } from '../app/accounts/feedback.ts';
import { userInfo } from '../app/accounts/profile.ts';
import { clientRules } from '../app/rules/client-rules.ts';
import { currentUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import { isValidLeverage } from '../domain/trading-rules.ts';
import type { RouteHandlers } from './routes/register.ts';

type ProfileRoutes = Pick<
  typeof accountRoutes,
  'userInfo' | 'balance' | 'updateLeverage' | 'leverage' | 'alarms' | 'serverTime' | 'serverConfig' | 'feedback'
>;

export function userHandlers(app: FastifyInstance): RouteHandlers<ProfileRoutes> {
  const ctx = app.context;
  return {
    userInfo: async ({ request }) => userInfo(ctx, currentUser(request).id),
    balance: async ({ request }) => ctx.services.balances.balanceOf(currentUser(request).id),
    updateLeverage: async ({ request, body: { leverage, symbol } }) => {
      // A whole number from 1 to the engine's maximum, else INVALID_LEVERAGE (the range is the server's rule).
      if (!isValidLeverage(leverage)) throw new AppError(Errors.INVALID_LEVERAGE);
      await ctx.services.trading.setLeverage(currentUser(request).id, leverage, symbol);
      return null;
    },
    leverage: async ({ request, query }) => ctx.services.trading.marketLeverage(currentUser(request).id, query.symbol),
    alarms: async ({ request }) => listAlarms(ctx, currentUser(request).id),
    serverTime: async () => ({ timestamp: ctx.clock.now() }),
    // Public: the web's estimates read these so the client keeps no copy of the server's rules.
    serverConfig: async () =>
      clientRules(ctx.config, ctx.config.mode === 'demo' && (ctx.services.wallet?.faucet ?? null) !== null),
    feedback: async ({ request, body }) => {
      await submitFeedback(ctx, request.user?.id ?? null, body);
      return null;
    },
  };
}
