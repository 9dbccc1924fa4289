import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { operatorAudit } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { adminConsoleRoutes } from '@tickline/protocol/routes';
import { feedbackInbox } from '../../app/admin/feedback-inbox.ts';
import { KycQueue } from '../../app/admin/kyc-queue.ts';
import { ledgerHealth } from '../../app/admin/ledger-health.ts';
import { MarketRisk } from '../../app/admin/market-risk.ts';
import { paginationView } from '../../app/pagination.ts';
import { AppError } from '../../domain/errors.ts';
import type { RouteHandlers } from '../routes/register.ts';
import { operatorActor } from './actor.ts';

const AUDIT_PAGE_SIZE = 50;

type OperationRoutes = Omit<
  typeof adminConsoleRoutes,
  'adminUsers' | 'adminUserDetail' | 'adminFreeze' | 'adminUnfreeze' | 'adminRevokeSessions'
>;

/** KYC queue, ledger health, audit log, feedback inbox and the market and risk panel of the operator console (#16). */
export function adminOperationsHandlers(app: FastifyInstance): RouteHandlers<OperationRoutes> {
  const { pool, clock, services, images } = app.context;
  const kyc = new KycQueue(pool, clock, (userId, content, createdAt) =>
    services.wallet?.userEvents.alarm(userId, content, createdAt),
  );
  const risk = new MarketRisk(pool, clock, services.trading);
  return {
    adminKyc: async ({ query }) => ({ users: await kyc.list(query.status ?? 3) }),
    adminKycImage: async ({ reply, params }) => {
      const image = await kyc.image(Number(params.userNo));
      if (!image) throw new AppError(Errors.USER_NOT_FOUND);
      reply.header('Cache-Control', 'private, no-store');
      reply.type(image.format === 'jpeg' ? 'image/jpeg' : 'image/png');
      return reply.send(createReadStream(images.pathOf(image.id, image.format)));
    },
    adminDecideKyc: async ({ request, body }) => {
      await kyc.decide(body, operatorActor(request));
      return null;
    },
    adminLedgerHealth: async () => ({ checks: await ledgerHealth(pool, services.wallet) }),
    adminAudit: async ({ query: { action, targetType, targetId, page } }) => {
      const result = await operatorAudit.searchOperatorActions(
        pool,
        { action, targetType, targetId },
        page ?? 1,
        AUDIT_PAGE_SIZE,
      );
      return {
        list: result.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        pagination: paginationView(result),
      };
    },
    adminFeedback: async ({ query }) => feedbackInbox(app.context, query.page),
    adminRounds: async ({ query }) => risk.rounds(query.page),
    adminRevenue: async ({ query }) => risk.revenue(query.days),
    adminInsurance: async ({ query }) => risk.insurance(query.days),
    adminRiskPositions: async () => risk.positions(),
  };
}
