import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@tickline/protocol';
import { UserControls } from '../../app/admin/users/controls.ts';
import { UserDirectory } from '../../app/admin/users/directory.ts';
import { pageQuery } from '../queries.ts';
import { parseInput } from '../validation.ts';
import { operatorActor } from './actor.ts';

const searchQuery = pageQuery.extend({
  q: z.string().max(100, { error: 'q must be at most 100 characters' }).optional(),
});
const detailQuery = z.object({
  no: z.string({ error: 'no must be a user number' }).regex(/^[1-9]\d{0,14}$/, { error: 'no must be a user number' }),
});
const freezeBody = z.object({
  userNo: z.unknown().optional(),
  trading: z.unknown().optional(),
  withdrawals: z.unknown().optional(),
  reason: z.unknown().optional(),
});
const userBody = z.object({ userNo: z.unknown().optional() });

/** Users in the operator console (#16 item 4), inside the admin plugin's guard: search, detail, freezes, sessions. */
export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  const { pool, clock, services, sessionRevocations } = app.context;
  const directory = new UserDirectory(pool, clock, services.trading);
  // Made at the first call: an app built without a trading service (a logging test) still registers these routes.
  let made: UserControls | null = null;
  const controls = () =>
    (made ??= new UserControls(pool, clock, services.trading.freezes, sessionRevocations, (userId, text, at) =>
      services.wallet?.userEvents.alarm(userId, text, at),
    ));

  app.get('/users', async (request) => {
    const { q, page } = parseInput(searchQuery, request.query);
    return ok(await directory.search(q ?? '', page));
  });

  app.get('/users/detail', async (request) => {
    const { no } = parseInput(detailQuery, request.query);
    return ok(await directory.detail(Number(no)));
  });

  app.post('/users/freeze', async (request) =>
    ok(await controls().freeze(parseInput(freezeBody, request.body), operatorActor(request))),
  );

  app.post('/users/unfreeze', async (request) =>
    ok(await controls().unfreeze(parseInput(freezeBody, request.body), operatorActor(request))),
  );

  app.post('/users/revoke-sessions', async (request) =>
    ok(await controls().revokeSessions(parseInput(userBody, request.body), operatorActor(request))),
  );
}
