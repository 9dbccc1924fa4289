import type { FastifyInstance } from 'fastify';
import type { adminConsoleRoutes } from '@tickline/protocol/routes';
import { UserControls } from '../../app/admin/users/controls.ts';
import { UserDirectory } from '../../app/admin/users/directory.ts';
import type { RouteHandlers } from '../routes/register.ts';
import { operatorActor } from './actor.ts';

type UserRoutes = Pick<
  typeof adminConsoleRoutes,
  'adminUsers' | 'adminUserDetail' | 'adminFreeze' | 'adminUnfreeze' | 'adminRevokeSessions'
>;

/** Users in the operator console (#16 item 4): search, detail, freezes, sessions. */
export function adminUserHandlers(app: FastifyInstance): RouteHandlers<UserRoutes> {
  const { pool, clock, services, sessionRevocations } = app.context;
  const directory = new UserDirectory(pool, clock, services.trading);
  // Made at the first call: an app built without a trading service (a logging test) still registers these routes.
  let made: UserControls | null = null;
  const controls = () =>
    (made ??= new UserControls(pool, clock, services.trading.freezes, sessionRevocations, (userId, text, at) =>
      services.wallet?.userEvents.alarm(userId, text, at),
    ));
  return {
    adminUsers: async ({ query: { q, page } }) => directory.search(q ?? '', page),
    adminUserDetail: async ({ query }) => directory.detail(Number(query.no)),
    adminFreeze: async ({ request, body }) => controls().freeze(body, operatorActor(request)),
    adminUnfreeze: async ({ request, body }) => controls().unfreeze(body, operatorActor(request)),
    adminRevokeSessions: async ({ request, body }) => controls().revokeSessions(body, operatorActor(request)),
  };
}
