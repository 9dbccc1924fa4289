/**
 * One Binance-compatible route: method, path, security (NONE, USER_STREAM = 'key', SIGNED), the key permission and
 * weight it is charged, and ONE zod schema over its parameters (query string and form body together, as Binance
 * reads them). The schemas are loose: Binance's bookkeeping parameters (timestamp, recvWindow, signature) and ones we
 * ignore pass through.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { KeyPermission } from '@tickline/protocol/routes';
import type { AuthenticatedUser } from '../app/accounts/sessions.ts';
import { BinanceError } from './errors.ts';
import { keyedCaller, missingParameter, rawQueryOf, signedCaller, type Security } from './signing.ts';

export interface FapiCall<P> {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  params: P;
  /** The signed caller (SIGNED routes). */
  user: AuthenticatedUser | null;
  /** The key's user (USER_STREAM routes). */
  keyUserId: number | null;
}

export interface FapiRoute<S extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  security: Security;
  permission: KeyPermission;
  weight: number;
  schema: S;
  handler: (call: FapiCall<z.infer<S>>) => Promise<unknown>;
}

/** Typed constructor (the handler's params are the schema's output). */
export function route<S extends z.ZodType>(definition: FapiRoute<S>): FapiRoute {
  return definition as unknown as FapiRoute;
}

/** Query string and form body as one flat record, as Binance reads parameters. */
function parametersOf(request: FastifyRequest): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const text of [rawQueryOf(request), request.rawBody ?? ''])
    for (const [name, value] of new URLSearchParams(text)) merged[name] = value;
  return merged;
}

function invalid(error: z.ZodError): BinanceError {
  const issue = error.issues[0];
  const name = issue?.path.join('.') || 'parameters';
  if (issue?.code === 'invalid_type' && issue.input === undefined) return missingParameter(name);
  return new BinanceError(-1130, `Data sent for parameter '${name}' is not valid.`);
}

export function registerFapiRoute(app: FastifyInstance, definition: FapiRoute): void {
  app.route({
    method: definition.method,
    url: definition.path,
    handler: async (request, reply) => {
      const raw = parametersOf(request);
      let user: AuthenticatedUser | null = null;
      let keyUserId: number | null = null;
      if (definition.security === 'signed') user = await signedCaller(request, reply, raw, definition);
      else if (definition.security === 'key') keyUserId = await keyedCaller(request, reply, definition.weight);
      const parsed = definition.schema.safeParse(raw);
      if (!parsed.success) throw invalid(parsed.error);
      const answer = await definition.handler({ app, request, reply, params: parsed.data, user, keyUserId });
      return reply.send(answer);
    },
  });
}

/** The two kinds of SIGNED route: reads (GET, a `read` key) and trades (a `trade` key). */
export const SIGNED_READ = { security: 'signed', permission: 'read', method: 'GET' } as const;
export const SIGNED_TRADE = { security: 'signed', permission: 'trade' } as const;
