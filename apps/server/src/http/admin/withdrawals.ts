import type { FastifyInstance } from 'fastify';
import { Errors } from '@tickline/protocol';
import type { adminMoneyRoutes } from '@tickline/protocol/routes';
import { toNumber, USDT_SCALE } from '@tickline/money';
import { AppError } from '../../domain/errors.ts';
import { walletOf } from '../wallet.ts';
import type { RouteHandlers } from '../routes/register.ts';
import { operatorActor } from './actor.ts';
import { withdrawalQueue } from '../../app/admin/withdrawal-queue.ts';

function withdrawalNo(no: unknown): number {
  if (typeof no !== 'number' || !Number.isSafeInteger(no) || no < 1) throw new AppError(Errors.WITHDRAWAL_NOT_FOUND);
  return no;
}

const applicationNo = (no: unknown) => (typeof no === 'number' && Number.isSafeInteger(no) ? no : -1);

/** The operators' money queues: user withdrawals, partners' settlement applications, partner level and fee rate. */
export function adminMoneyHandlers(app: FastifyInstance): RouteHandlers<typeof adminMoneyRoutes> {
  const decisions = () => app.context.services.partners.decisions;
  return {
    adminWithdrawals: async ({ request, query }) =>
      withdrawalQueue(app.context.pool, walletOf(app), query.status ?? 1, operatorActor(request).id),
    adminApproveWithdrawal: async ({ request, body }) =>
      walletOf(app).desk.approve(withdrawalNo(body.no), operatorActor(request)),
    adminRefuseWithdrawal: async ({ request, body }) => {
      await walletOf(app).desk.refuse(withdrawalNo(body.no), operatorActor(request), body.reason);
      return null;
    },
    adminSettlementApplications: async ({ request, query }) => {
      const rows = await decisions().queue(query.status ?? 1);
      const viewer = operatorActor(request).id;
      return {
        withdrawals: rows.map((row) => ({
          no: row.no,
          userNo: row.partnerId,
          userid: row.userid,
          name: row.name,
          amount: toNumber(row.amount, USDT_SCALE),
          status: row.status,
          reason: row.reason,
          paid: row.paid,
          // The viewer's own application: not theirs to decide (the console says why its buttons are absent).
          own: row.partnerId === viewer,
          insertDate: row.insertedAt.toISOString(),
        })),
      };
    },
    adminApproveSettlement: async ({ request, body }) => {
      await decisions().approve(applicationNo(body.no), operatorActor(request));
      return null;
    },
    adminRefuseSettlement: async ({ request, body }) => {
      await decisions().refuse(applicationNo(body.no), operatorActor(request), body.reason);
      return null;
    },
    adminSetLevel: async ({ request, body }) => {
      await decisions().setLevel(body.userNo, body.level, operatorActor(request));
      // The level is part of what authentication caches (#30): every node reads the user again.
      await app.context.sessionRevocations.usersChanged([body.userNo as number]);
      return null;
    },
    adminSetFee: async ({ request, body }) => {
      await decisions().setTopFee(body.userNo, body.nowFee, operatorActor(request));
      return null;
    },
  };
}
