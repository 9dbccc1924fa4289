/**
 * Registers every route of the route table (@tickline/protocol/routes) under /api/v1: the guard its auth kind needs,
 * its rate limit, and its input parsed through its schemas (parseInput: the first problem answers VALIDATION_FAILED
 * or the error the schema attaches) before the handler keyed by the route's name runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../app/context.ts';
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

type UserLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type UserLimits = Map<UserRateLimitName, UserLimit>;

/** A route's input before its schemas parsed it: the body, the query and the path parameters as received. */
export interface RawRouteInput {
  body: unknown;
  query: unknown;
  params: unknown;
}

/**
 * One call of a route once its caller is authenticated (`request.user` set, or not needed): its per-user limit, its
 * input parsed through its schemas (parseInput: the first problem answers VALIDATION_FAILED or the error the schema
 * attaches), its handler, and the envelope with the route's success message. Refusals are thrown as AppError. The
 * one invocation shared by the REST routes and the websocket's requests (ws/route-requests.ts).
 */
export type RouteInvoker = (request: FastifyRequest, reply: FastifyReply, input: RawRouteInput) => Promise<unknown>;

// The invokers of each app's table (keyed by its context, shared by its encapsulated plugins), for other transports.
const invokersOfApp = new WeakMap<AppContext, ReadonlyMap<RouteName, RouteInvoker>>();

/** The invokers of the route table `registerRouteTable` registered for this app; empty before it ran. */
export function routeInvokers(ctx: AppContext): ReadonlyMap<RouteName, RouteInvoker> {
  return invokersOfApp.get(ctx) ?? new Map();
}

/** The per-user limit of a route (one budget per limit name shared by its routes: closing and TP/SL count as orders). */
function userLimitOf(app: FastifyInstance, route: RouteDefinition, userLimits: UserLimits): UserLimit | null {
  const name = route.rateLimit?.per === 'user' ? route.rateLimit.name : null;
  if (!name) return null;
  if (!userLimits.has(name)) userLimits.set(name, limitPerUser(app, name));
  return userLimits.get(name)!;
}

/** The hooks of a route: its guard (operators before the body is read); the rest of the call is its invoker's. */
function guards(route: RouteDefinition): Pick<RouteOptions, 'onRequest' | 'preHandler' | 'config'> {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (route.auth === 'optional') preHandler.push(optionalUser);
  if (route.auth === 'user' || route.auth === 'partner') preHandler.push(requireUser);
  return {
    ...(route.auth === 'operator' ? { onRequest: [requireUser, requireOperator] } : {}),
    ...(preHandler.length > 0 ? { preHandler } : {}),
  };
}

function invokerOf(app: FastifyInstance, name: RouteName, handlers: RouteHandlers<Routes>, limits: UserLimits) {
  const route: RouteDefinition = ROUTES[name];
  const handler = handlers[name] as RouteHandler<RouteDefinition>;
  const userLimit = userLimitOf(app, route, limits);
  const invoke: RouteInvoker = async (request, reply, input) => {
    if (userLimit) await userLimit(request, reply);
    const answer = await handler({
      request,
      reply,
      body: route.body ? parseInput(route.body, input.body) : undefined,
      query: route.query ? parseInput(route.query, input.query) : undefined,
      params: route.params ? parseInput(route.params, input.params) : undefined,
    });
    return route.produces ? answer : ok(answer, route.message);
  };
  return invoke;
}

function register(app: FastifyInstance, name: RouteName, invoke: RouteInvoker): void {
  const route: RouteDefinition = ROUTES[name];
  app.route({
    method: route.method,
    url: route.path,
    ...guards(route),
    ...(route.rateLimit?.per === 'address' ? { config: rateLimited(app, route.rateLimit.name) } : {}),
    handler: async (request, reply) => invoke(request, reply, request),
  });
}

/** Every route of the table, under the caller's prefix; uploads in their own scope, the only one taking multipart. */
export async function registerRouteTable(app: FastifyInstance, handlers: RouteHandlers<Routes>): Promise<void> {
  const names = Object.keys(ROUTES) as RouteName[];
  const uploads = names.filter((name) => (ROUTES[name] as RouteDefinition).upload !== undefined);
  const userLimits: UserLimits = new Map();
  const invokers = new Map(names.map((name) => [name, invokerOf(app, name, handlers, userLimits)]));
  invokersOfApp.set(app.context, invokers);
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
    for (const name of uploads) register(scope, name, invokers.get(name)!);
  });
  for (const name of names) if (!uploads.includes(name)) register(app, name, invokers.get(name)!);
}
