import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { operatorAudit } from '@tickline/db';
import { Errors, ok, type AdminHealthCheck } from '@tickline/protocol';
import { KycQueue } from '../../app/admin/kyc-queue.ts';
import { ledgerHealth } from '../../app/admin/ledger-health.ts';
import { paginationView } from '../../app/pagination.ts';
import { AppError } from '../../domain/errors.ts';
import { parseInput } from '../validation.ts';
import { operatorActor } from './actor.ts';

const kycQuery = z.object({
  status: z
    .string()
    .regex(/^[123]$/, { error: 'status must be 1 (approved), 2 (rejected) or 3 (waiting)' })
    .transform(Number)
    .optional(),
});
const decideBody = z.object({
  userNo: z.unknown().optional(),
  approveStatus: z.unknown().optional(),
  reason: z.unknown().optional(),
});
const imageParams = z.object({ userNo: z.string().regex(/^\d{1,12}$/, { error: 'userNo must be a number' }) });
const auditQuery = z.object({
  action: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{0,60}$/, { error: 'action is an action name or its area, e.g. withdrawal' })
    .optional(),
  targetType: z
    .string()
    .regex(/^[a-z-]{1,40}$/, { error: 'targetType is a target kind, e.g. user' })
    .optional(),
  targetId: z.string().max(64).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'page must be a page number from 1' })
    .transform(Number)
    .optional(),
});
const AUDIT_PAGE_SIZE = 50;

/** KYC queue, ledger health and the audit log of the operator console (#16), inside the admin plugin's guard. */
export async function adminOperationsRoutes(app: FastifyInstance): Promise<void> {
  const kyc = new KycQueue(app.context.pool, app.context.clock, (userId, content, createdAt) =>
    app.context.services.wallet?.userEvents.alarm(userId, content, createdAt),
  );

  app.get('/kyc', async (request) => {
    const { status } = parseInput(kycQuery, request.query);
    return ok({ users: await kyc.list(status ?? 3) });
  });

  app.get('/kyc/image/:userNo', async (request, reply) => {
    const { userNo } = parseInput(imageParams, request.params);
    const image = await kyc.image(Number(userNo));
    if (!image) throw new AppError(Errors.USER_NOT_FOUND);
    reply.header('Cache-Control', 'private, no-store');
    reply.type(image.format === 'jpeg' ? 'image/jpeg' : 'image/png');
    return reply.send(createReadStream(app.context.images.pathOf(image.id, image.format)));
  });

  app.post('/kyc/decide', async (request) => {
    await kyc.decide(parseInput(decideBody, request.body), operatorActor(request));
    return ok(null);
  });

  app.get('/ledger-health', async () => {
    const checks: AdminHealthCheck[] = await ledgerHealth(app.context.pool, app.context.services.wallet);
    return ok({ checks });
  });

  app.get('/audit', async (request) => {
    const { action, targetType, targetId, page } = parseInput(auditQuery, request.query);
    const result = await operatorAudit.searchOperatorActions(
      app.context.pool,
      { action, targetType, targetId },
      page ?? 1,
      AUDIT_PAGE_SIZE,
    );
    return ok({
      list: result.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      pagination: paginationView(result),
    });
  });
}
