/**
 * Registers every route of the route table (@tickline/protocol/routes) under /api/v1: the guard its auth kind needs,
 * its rate limit, and its input parsed through its schemas (parseInput: the first problem answers VALIDATION_FAILED
 * or the error the schema attaches) before the handler keyed by the route's name runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from '@tickline/protocol';
import {
  ROUTES,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type RouteData,
  type RouteDefinition,
  type RouteName,
  type Routes,
} from '@tickline/protocol/routes';
import { MAX_IMAGE_BYTES } from '../../services/uploads/images.ts';
import { optionalUser, requireOperator, requireUser } from '../auth-guard.ts';
import { rateLimited } from '../rate-limits.ts';
import { limitPerUser, type UserRateLimitName } from '../user-rate-limits.ts';
import { parseInput } from '../validation.ts';

/** What a handler gets: the request and reply, and the input as the route's schemas parsed it. */
export interface RouteCall<R extends RouteDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: ParsedBody<R>;
  query: ParsedQuery<R>;
  params: ParsedParams<R>;
}

/**
 * A handler answers the route's `data`, which goes out in the envelope with the route's success message; a file
 * route sends the file itself and answers the reply.
 */
export type RouteHandler<R extends RouteDefinition> = (
  call: RouteCall<R>,
) => Promise<R extends { produces: string } ? FastifyReply : RouteData<R>>;

export type RouteHandlers<T extends Record<string, RouteDefinition>> = { [K in keyof T]: RouteHandler<T[K]> };

type UserLimits = Map<UserRateLimitName, preHandlerAsyncHookHandler>;

/**
 * The hooks of a route: its guard (operators before the body is read), then the per-user limit, one budget per
 * limit name shared by its routes (closing a position and TP/SL count as orders).
 */
function guards(
  app: FastifyInstance,
  route: RouteDefinition,
  userLimits: UserLimits,
): Pick<RouteOptions, 'onRequest' | 'preHandler' | 'config'> {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (route.auth === 'optional') preHandler.push(optionalUser);
  if (route.auth === 'user' || route.auth === 'partner') preHandler.push(requireUser);
  const userLimit = route.rateLimit?.per === 'user' ? route.rateLimit.name : null;
  if (userLimit) {
    if (!userLimits.has(userLimit)) userLimits.set(userLimit, limitPerUser(app, userLimit));
    preHandler.push(userLimits.get(userLimit)!);
  }
  return {
    ...(route.auth === 'operator' ? { onRequest: [requireUser, requireOperator] } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
    ...(route.rateLimit?.per === 'address' ? { config: rateLimited(app, route.rateLimit.name) } : {}),
  };
}

function register(
  app: FastifyInstance,
  name: RouteName,
  handlers: RouteHandlers<Routes>,
  userLimits: UserLimits,
): void {
  const route: RouteDefinition = ROUTES[name];
  const handler = handlers[name] as RouteHandler<RouteDefinition>;
  app.route({
    method: route.method,
    url: route.path,
    ...guards(app, route, userLimits),
    handler: async (request, reply) => {
      const answer = await handler({
        request,
        reply,
        body: route.body ? parseInput(route.body, request.body) : undefined,
        query: route.query ? parseInput(route.query, request.query) : undefined,
        params: route.params ? parseInput(route.params, request.params) : undefined,
      });
      return route.produces ? answer : ok(answer, route.message);
    },
  });
}

/** Every route of the table, under the caller's prefix; uploads in their own scope, the only one taking multipart. */
export async function registerRouteTable(app: FastifyInstance, handlers: RouteHandlers<Routes>): Promise<void> {
  const names = Object.keys(ROUTES) as RouteName[];
  const uploads = names.filter((name) => (ROUTES[name] as RouteDefinition).upload !== undefined);
  const userLimits: UserLimits = new Map();
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
    for (const name of uploads) register(scope, name, handlers, userLimits);
  });
  for (const name of names) if (!uploads.includes(name)) register(app, name, handlers, userLimits);
}
