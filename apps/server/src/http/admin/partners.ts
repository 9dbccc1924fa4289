import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { toNumber, USDT_SCALE } from '@tickline/money';
import { parseInput } from '../validation.ts';
import { operatorActor } from './actor.ts';

const statusQuery = z.object({
  status: z
    .string()
    .regex(/^[1-4]$/, { error: 'status must be 1 (applied), 2 (approved), 3 (cancelled) or 4 (refused)' })
    .transform(Number)
    .optional(),
});
const decisionBody = z.object({ no: z.unknown().optional(), reason: z.unknown().optional() });
const levelBody = z.object({ userNo: z.unknown().optional(), level: z.unknown().optional() });
const feeBody = z.object({ userNo: z.unknown().optional(), nowFee: z.unknown().optional() });

const applicationNo = (no: unknown) => (typeof no === 'number' && Number.isSafeInteger(no) ? no : -1);

/** The operators' partner calls (#20 item 4), inside the admin plugin's operator guard; every decision audited. */
export async function adminPartnerRoutes(app: FastifyInstance): Promise<void> {
  const decisions = () => app.context.services.partners.decisions;

  app.get('/settlement-withdrawals', async (request) => {
    const { status } = parseInput(statusQuery, request.query);
    const rows = await decisions().queue(status ?? 1);
    const viewer = operatorActor(request).id;
    return ok({
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
    });
  });

  app.post('/settlement-withdrawals/approve', async (request) => {
    const { no } = parseInput(decisionBody, request.body);
    await decisions().approve(applicationNo(no), operatorActor(request));
    return ok(null);
  });

  app.post('/settlement-withdrawals/refuse', async (request) => {
    const { no, reason } = parseInput(decisionBody, request.body);
    await decisions().refuse(applicationNo(no), operatorActor(request), reason);
    return ok(null);
  });

  app.post('/users/level', async (request) => {
    const { userNo, level } = parseInput(levelBody, request.body);
    await decisions().setLevel(userNo, level, operatorActor(request));
    return ok(null);
  });

  app.post('/users/fee', async (request) => {
    const { userNo, nowFee } = parseInput(feeBody, request.body);
    await decisions().setTopFee(userNo, nowFee, operatorActor(request));
    return ok(null);
  });
}
