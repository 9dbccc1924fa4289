/**
 * The route table over the websocket (#30): a signed-in connection's `{id, method, params}` runs the route named
 * `method` through the same invoker as its REST route (http/routes/register.ts: per-user limit, schemas, handler,
 * envelope), so that every route a program may call (WsMethod: a member's routes with key permission `read` or
 * `trade`) is offered with no code of its own. A connection signed in with an API key is checked as a signed REST
 * call is: the route's key permission, and its weight charged to the key's and the user's budgets (shared with REST).
 * Runs where the handlers run: the API's process (a websocket worker relays its connections' calls here).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors, fail, WS_LOGIN_METHOD, WS_LOGIN_PATH, type Envelope } from '@tickline/protocol';
import { isWsRoute, ROUTES, type RouteDefinition, type RouteName } from '@tickline/protocol/routes';
import { authenticateSignedRequest } from '../app/accounts/api-keys/authenticate.ts';
import type { AuthenticatedUser } from '../app/accounts/sessions.ts';
import { AppError } from '../domain/errors.ts';
import { programLimits } from '../http/api-key-auth.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../http/database-unavailable.ts';
import { routeInvokers, type RawRouteInput } from '../http/routes/register.ts';
import type { RequestAnswer, WsRequests } from './gateway-limits.ts';

const API_PREFIX = '/api/v1';

/** The headers a handler or a limit sets on its reply: over the socket they become the answer's fields. */
class AnswerHeaders {
  readonly headers = new Map<string, string>();

  header(name: string, value: string): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }

  code(): this {
    return this;
  }

  /** The answer: the envelope, and what the key's budget and Retry-After said. */
  answer(envelope: Envelope<unknown>): RequestAnswer {
    const answer: RequestAnswer = { code: envelope.code, message: envelope.message, data: envelope.data };
    const number = (name: string) => Number(this.headers.get(name));
    if (this.headers.has('x-ratelimit-limit'))
      answer.rateLimit = {
        limit: number('x-ratelimit-limit'),
        remaining: number('x-ratelimit-remaining'),
        resetSeconds: number('x-ratelimit-reset'),
        weight: number('x-ratelimit-weight'),
      };
    if (this.headers.has('retry-after')) answer.retryAfterSeconds = number('retry-after');
    return answer;
  }
}

/** A REST query holds text: numbers and booleans sent over the socket are read as their text, as in a URL. */
function asQuery(params: Record<string, unknown>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params))
    query[name] = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
  return query;
}

function inputOf(route: RouteDefinition, params: Record<string, unknown>): RawRouteInput {
  return route.method === 'GET'
    ? { body: undefined, query: asQuery(params), params: {} }
    : { body: params, query: {}, params: {} };
}

export function routeRequests(app: FastifyInstance): WsRequests {
  const ctx = app.context;

  const envelopeOf = (error: unknown, reply: AnswerHeaders, method: string): Envelope<unknown> => {
    if (error instanceof AppError) return fail(error.code, error.message, error.data);
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return fail(Errors.SERVICE_UNAVAILABLE.code, Errors.SERVICE_UNAVAILABLE.message);
    }
    app.log.error({ err: error, method }, 'unhandled error in a websocket request');
    return fail(Errors.INTERNAL.code, Errors.INTERNAL.message);
  };

  /** The caller's right to this call: a key's permission and budgets, or a session that has not lapsed. */
  const admit = (user: AuthenticatedUser, route: RouteDefinition, reply: AnswerHeaders): void => {
    const now = ctx.clock.now();
    if (!user.apiKey) {
      if (user.expiresAtMs <= now) throw new AppError(Errors.SESSION_INVALID);
      return;
    }
    if (route.permission === 'none' || !user.apiKey.permissions.includes(route.permission))
      throw new AppError(Errors.API_KEY_PERMISSION_DENIED);
    const caller = { keyId: user.apiKey.id, userId: user.id };
    programLimits(ctx).charge(reply as unknown as FastifyReply, caller, route.weight ?? 1, now);
  };

  return {
    async login(login, clientAddress) {
      try {
        const user = await authenticateSignedRequest(ctx, {
          ...login,
          method: WS_LOGIN_METHOD,
          path: WS_LOGIN_PATH,
          body: '',
          clientAddress,
          permission: null,
        });
        // No expiry: the connection keeps the key until it is deleted (sessionRevocations end it) or closes.
        return { userId: user.id, sessionId: user.sessionId, principal: user };
      } catch (error) {
        if (error instanceof AppError) return { code: error.code, message: error.message };
        throw error;
      }
    },

    async call(principal, method, params, clientAddress) {
      const route = Object.hasOwn(ROUTES, method) ? (ROUTES[method as RouteName] as RouteDefinition) : null;
      const invoke = route && isWsRoute(route) ? routeInvokers(ctx).get(method as RouteName) : undefined;
      if (!route || !invoke) return { ...fail(Errors.WS_UNKNOWN_METHOD.code, Errors.WS_UNKNOWN_METHOD.message) };
      const user = principal as AuthenticatedUser;
      const reply = new AnswerHeaders();
      // What the handlers read of a request: its caller, the app, the address; the reply takes headers only.
      const request = {
        user,
        server: app,
        ip: clientAddress,
        headers: {},
        method: route.method,
        url: API_PREFIX + route.path,
        log: app.log,
      } as unknown as FastifyRequest;
      try {
        admit(user, route, reply);
        const envelope = (await invoke(request, reply as unknown as FastifyReply, inputOf(route, params))) as Envelope;
        return reply.answer(envelope);
      } catch (error) {
        return reply.answer(envelopeOf(error, reply, method));
      }
    },
  };
}
