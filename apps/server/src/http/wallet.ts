import type { FastifyInstance } from 'fastify';
import { Errors } from '@tickline/protocol';
import type { walletRoutes } from '@tickline/protocol/routes';
import type { Wallet } from '../app/wallet/runtime.ts';
import { currentUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import { withdrawalGuard } from '../app/accounts/security/withdrawal-guard.ts';
import type { RouteHandlers } from './routes/register.ts';

/** The wallet of this app; a server built without one answers SERVICE_BUSY on wallet routes. */
export function walletOf(app: FastifyInstance): Wallet {
  const wallet = app.context.services.wallet;
  if (!wallet) throw new AppError(Errors.SERVICE_BUSY);
  return wallet;
}

/** Deposits, withdrawals, transfers and the demo faucet (seed 001 §7; PRODUCT.md §5). */
export function walletHandlers(app: FastifyInstance): RouteHandlers<typeof walletRoutes> {
  // Read at each call: the configuration object may be replaced while the app runs (tests switch the mode).
  const config = () => app.context.config;
  const trading = () => app.context.services.trading;
  return {
    // What the deposit screen states about the chain, and whether the demo faucet exists (public, nothing secret).
    walletConfig: async () => {
      const wallet = walletOf(app);
      return {
        chainId: wallet.chainId,
        tokenAddress: wallet.tokenAddress,
        confirmations: config().chain.confirmations,
        faucet: config().mode === 'demo' && wallet.faucet !== null,
      };
    },
    deposits: async ({ request }) => ({ deposits: await walletOf(app).deposits(currentUser(request).id) }),
    withdrawals: async ({ request }) => ({ withdraws: await walletOf(app).withdrawals.list(currentUser(request).id) }),
    registerWithdrawal: async ({ request, body: { otp, ...body } }) => {
      const userId = currentUser(request).id;
      const guard = withdrawalGuard(app.context, userId, otp);
      return walletOf(app).withdrawals.register(userId, body, { guard });
    },
    cancelWithdrawal: async ({ request, body }) => {
      await walletOf(app).withdrawals.cancel(currentUser(request).id, body.no);
      return null;
    },
    faucet: async ({ request, body }) => {
      const faucet = config().mode === 'demo' ? walletOf(app).faucet : null;
      if (!faucet) throw new AppError(Errors.FAUCET_DEMO_ONLY);
      return faucet.send(currentUser(request).id, body.amount);
    },
    // Transfers between the caller's spot ('bsc') and futures ('usdtm') wallets.
    transfer: async ({ request, body }) => {
      await trading().transfer(currentUser(request).id, body);
      return null;
    },
    recentTransfers: async ({ request, query }) => ({
      transfers: await trading().recentTransfers(currentUser(request).id, query.type),
    }),
    transfers: async ({ request, query }) => ({
      transfers: await trading().transfers(currentUser(request).id, query.type),
    }),
  };
}
