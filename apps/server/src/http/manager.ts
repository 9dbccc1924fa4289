import type { FastifyInstance } from 'fastify';
import type { partnerRoutes } from '@tickline/protocol/routes';
import { partnerWithdrawals, registerPartnerWithdrawal } from '../app/partners/partner-withdrawals.ts';
import { currentUser } from './auth-guard.ts';
import type { RouteHandlers } from './routes/register.ts';
import { walletOf } from './wallet.ts';

/**
 * The partner back office (seed 001 §7 manager calls). Every call needs a session and a partner (level ≥ 2, checked
 * against the database, not the client's stored level); each shows only the caller's own downline.
 */
export function managerHandlers(app: FastifyInstance): RouteHandlers<typeof partnerRoutes> {
  const partners = () => app.context.services.partners;
  const tree = () => partners().settlements.tree();
  return {
    partner: async ({ request }) => partners().partner(currentUser(request).id),
    // The use case reads and checks the whole body as sent.
    distributePercent: async ({ request }) => {
      await partners().distributePercent(currentUser(request).id, request.body);
      return null;
    },
    members: async ({ request, query: { search, page } }) =>
      partners().members(currentUser(request).id, { search: search ?? '', page: page ?? 1 }),
    settlement: async ({ request }) => partners().settlement(currentUser(request).id),
    settlementDays: async ({ request }) => partners().settlementLookup(currentUser(request).id),
    settlementDay: async ({ request, query }) => partners().settlementDay(currentUser(request).id, query.day),
    settlementApplications: async ({ request }) => partners().withdrawSettlementLookup(currentUser(request).id),
    registerWithdrawSettlement: async ({ request, body }) =>
      partners().registerWithdrawSettlement(currentUser(request).id, body.settlement),
    downlineTrading: async ({ request, query }) => partners().trading(currentUser(request).id, query.search ?? ''),
    // A partner's on-chain withdrawals from the spot wallet, sent in the daily batch at 22:00 KST (seed 001 §7).
    registerPartnerWithdrawal: async ({ request, body }) =>
      registerPartnerWithdrawal(walletOf(app), await tree(), currentUser(request).id, body),
    partnerWithdrawals: async ({ request }) =>
      partnerWithdrawals(app.context.pool, await tree(), currentUser(request).id),
  };
}
