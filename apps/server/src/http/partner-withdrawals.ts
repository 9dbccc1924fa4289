import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { partnerWithdrawals, registerPartnerWithdrawal } from '../app/partners/partner-withdrawals.ts';
import { currentUser, requireUser } from './auth-guard.ts';
import { parseInput } from './validation.ts';
import { walletOf } from './wallet.ts';

const registerBody = z.object({ amount: z.unknown().optional(), walletAddress: z.unknown().optional() });

/** A partner's on-chain withdrawals from the spot wallet, sent in the daily batch at 22:00 KST (seed 001 §7). */
export async function partnerWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  const tree = () => app.context.services.partners.settlements.tree();

  app.post('/withdraw/registerWithdrawManager', guarded, async (request) => {
    const body = parseInput(registerBody, request.body);
    const wallet = walletOf(app);
    return ok(
      await registerPartnerWithdrawal(wallet, await tree(), currentUser(request).id, body),
      'Withdrawal request has been completed.',
    );
  });

  app.get('/withdraw/withdrawManagerLookup', guarded, async (request) =>
    ok(await partnerWithdrawals(app.context.pool, await tree(), currentUser(request).id)),
  );
}
