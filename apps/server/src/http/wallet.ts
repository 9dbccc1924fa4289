import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors, ok, type WalletConfigAnswer } from '@tickline/protocol';
import type { Wallet } from '../app/wallet/runtime.ts';
import { currentUser, requireUser } from './auth-guard.ts';
import { AppError } from '../domain/errors.ts';
import { optionalText, parseInput } from './validation.ts';
import { withdrawalGuard } from '../app/accounts/security/withdrawal-guard.ts';

/** The wallet of this app; a server built without one answers SERVICE_BUSY on wallet routes. */
export function walletOf(app: FastifyInstance): Wallet {
  const wallet = app.context.services.wallet;
  if (!wallet) throw new AppError(Errors.SERVICE_BUSY);
  return wallet;
}

const registerBody = z.object({
  walletAddress: z.unknown().optional(),
  amount: z.unknown().optional(),
  otp: optionalText('otp', 40),
});
const cancelBody = z.object({ no: z.unknown().optional() });
const faucetBody = z.object({ amount: z.unknown().optional() });

/** Deposits, withdrawals and the demo faucet (seed 001 §7; PRODUCT.md §5). */
export async function walletRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };

  // What the deposit screen states about the chain, and whether the demo faucet exists (public, nothing secret).
  app.get('/wallet/config', async () => {
    const wallet = walletOf(app);
    return ok<WalletConfigAnswer>({
      chainId: wallet.chainId,
      tokenAddress: wallet.tokenAddress,
      confirmations: app.context.config.chain.confirmations,
      faucet: app.context.config.mode === 'demo' && wallet.faucet !== null,
    });
  });

  app.get('/deposit/lookup', guarded, async (request) => {
    return ok({ deposits: await walletOf(app).deposits(currentUser(request).id) });
  });

  app.get('/withdraw/lookup', guarded, async (request) => {
    return ok({ withdraws: await walletOf(app).withdrawals.list(currentUser(request).id) });
  });

  app.post('/withdraw/register', guarded, async (request) => {
    const { otp, ...body } = parseInput(registerBody, request.body);
    const userId = currentUser(request).id;
    const guard = withdrawalGuard(app.context, userId, otp);
    return ok(await walletOf(app).withdrawals.register(userId, body, { guard }), 'Successfully registered.');
  });

  app.post('/withdraw/cancel', guarded, async (request) => {
    const { no } = parseInput(cancelBody, request.body);
    await walletOf(app).withdrawals.cancel(currentUser(request).id, no);
    return ok(null);
  });

  app.post('/demo/faucet', guarded, async (request) => {
    const { amount } = parseInput(faucetBody, request.body);
    const faucet = app.context.config.mode === 'demo' ? walletOf(app).faucet : null;
    if (!faucet) throw new AppError(Errors.FAUCET_DEMO_ONLY);
    return ok(await faucet.send(currentUser(request).id, amount));
  });
}
