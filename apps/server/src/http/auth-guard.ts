import type { FastifyReply, FastifyRequest } from 'fastify';
import { Errors } from '@tickline/protocol';
import { authenticate, type AuthenticatedUser } from '../app/accounts/sessions.ts';
import type { AppContext } from '../app/context.ts';
import { AppError } from '../domain/errors.ts';
import { authenticateProgram, isSignedRequest } from './api-key-auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by every route plugin; set once by buildApp. */
    context: AppContext;
  }
  interface FastifyRequest {
    /** Set by `requireUser` (always) or `optionalUser` (when a token was sent). */
    user: AuthenticatedUser | null;
  }
}

function bearerToken(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** preHandler: a valid access token of a live session, else 40000; or a program's signed request (#29). */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isSignedRequest(request)) return void (request.user = await authenticateProgram(request, reply));
  const token = bearerToken(request);
  if (!token) throw new AppError(Errors.SESSION_INVALID);
  request.user = await authenticate(request.server.context, token);
}

/** preHandler: no Authorization header → anonymous; a header with a bad token → 40000. */
export async function optionalUser(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request);
  if (token === undefined) return;
  if (token === null) throw new AppError(Errors.SESSION_INVALID);
  request.user = await authenticate(request.server.context, token);
}

/** Hook or preHandler, after requireUser: operators only (users.role = 'operator'), else FORBIDDEN. */
export async function requireOperator(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== 'operator') throw new AppError(Errors.FORBIDDEN);
}

/** The caller of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw new AppError(Errors.SESSION_INVALID);
  return request.user;
}
