import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { currentUser, requireUser } from './auth-guard.ts';
import { parseInput } from './validation.ts';

const membersQuery = z.object({
  search: z.string().max(100, { error: 'search is at most 100 characters' }).optional(),
  page: z
    .string()
    .regex(/^[1-9]\d{0,5}$/, { error: 'page must be a page number from 1' })
    .transform(Number)
    .optional(),
});
const searchQuery = z.object({ search: z.string().max(100, { error: 'search is at most 100 characters' }).optional() });
const settlementBody = z.object({ settlement: z.unknown().optional() });
const dayQuery = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'day must be a date as YYYY-MM-DD' }),
});

/**
 * The partner back office (seed 001 §7 manager calls). Every call needs a session and a partner (level ≥ 2, checked
 * against the database, not the client's stored level); each shows only the caller's own downline.
 */
export async function managerRoutes(app: FastifyInstance): Promise<void> {
  const guarded = { preHandler: requireUser };
  const partners = () => app.context.services.partners;

  app.get('/manager/partner', guarded, async (request) => ok(await partners().partner(currentUser(request).id)));

  app.post('/manager/distributePercent', guarded, async (request) => {
    await partners().distributePercent(currentUser(request).id, request.body);
    return ok(null, 'Success');
  });

  app.get('/manager/members', guarded, async (request) => {
    const { search, page } = parseInput(membersQuery, request.query);
    return ok(await partners().members(currentUser(request).id, { search: search ?? '', page: page ?? 1 }));
  });

  app.get('/manager/settlement', guarded, async (request) => ok(await partners().settlement(currentUser(request).id)));

  app.get('/manager/settlementLookup', guarded, async (request) =>
    ok(await partners().settlementLookup(currentUser(request).id)),
  );

  app.get('/manager/settlementDay', guarded, async (request) => {
    const { day } = parseInput(dayQuery, request.query);
    return ok(await partners().settlementDay(currentUser(request).id, day));
  });

  app.get('/manager/withdrawSettlementLookup', guarded, async (request) =>
    ok(await partners().withdrawSettlementLookup(currentUser(request).id)),
  );

  app.post('/manager/registerWithdrawSettlement', guarded, async (request) => {
    const { settlement } = parseInput(settlementBody, request.body);
    return ok(
      await partners().registerWithdrawSettlement(currentUser(request).id, settlement),
      'Withdrawal request has been completed.',
    );
  });

  app.get('/manager/trading', guarded, async (request) => {
    const { search } = parseInput(searchQuery, request.query);
    return ok(await partners().trading(currentUser(request).id, search ?? ''));
  });
}
