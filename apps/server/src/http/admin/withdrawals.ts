import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Errors, ok } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { parseInput } from '../validation.ts';
import { walletOf } from '../wallet.ts';
import { operatorActor } from './actor.ts';
import { withdrawalQueue } from '../../app/admin/withdrawal-queue.ts';

const statusQuery = z.object({
  status: z
    .string()
    .regex(/^[1-4]$/, { error: 'status must be 1 (wait), 2 (approval), 3 (cancel) or 4 (refuse)' })
    .transform(Number)
    .optional(),
});
const decisionBody = z.object({ no: z.unknown().optional(), reason: z.unknown().optional() });

function withdrawalNo(no: unknown): number {
  if (typeof no !== 'number' || !Number.isSafeInteger(no) || no < 1) throw new AppError(Errors.WITHDRAWAL_NOT_FOUND);
  return no;
}

/** The operators' withdrawal queue (inside the admin plugin, which guards it): list, approve, refuse. */
export async function adminWithdrawalRoutes(app: FastifyInstance): Promise<void> {
  app.get('/withdrawals', async (request) => {
    const { status } = parseInput(statusQuery, request.query);
    return ok(await withdrawalQueue(app.context.pool, walletOf(app), status ?? 1, operatorActor(request).id));
  });

  app.post('/withdrawals/approve', async (request) => {
    const { no } = parseInput(decisionBody, request.body);
    return ok(await walletOf(app).desk.approve(withdrawalNo(no), operatorActor(request)));
  });

  app.post('/withdrawals/refuse', async (request) => {
    const { no, reason } = parseInput(decisionBody, request.body);
    await walletOf(app).desk.refuse(withdrawalNo(no), operatorActor(request), reason);
    return ok(null);
  });
}
