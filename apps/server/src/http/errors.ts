import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors, fail, type ErrorDefinition } from '@tickline/protocol';
import { AppError } from '../domain/errors.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './database-unavailable.ts';

/** Maps Fastify's and its plugins' own failures (bad JSON, body too large, rate limit) to the catalogue. */
function definitionForFrameworkError(error: FastifyError): ErrorDefinition {
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return Errors.PAYLOAD_TOO_LARGE;
  if (status === 429) return Errors.RATE_LIMITED;
  if (status === 404) return Errors.NOT_FOUND;
  if (status >= 400 && status < 500) return Errors.MALFORMED_REQUEST;
  return Errors.INTERNAL;
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.httpStatus).send(fail(error.code, error.message, error.data));
}

/** Installs the envelope for every failure, including unknown paths, on the root instance. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendError(reply, new AppError(Errors.SERVICE_UNAVAILABLE));
    }
    const definition = definitionForFrameworkError(error);
    if (definition === Errors.INTERNAL) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ code: error.code, statusCode: error.statusCode }, error.message);
    return sendError(reply, new AppError(definition));
  });
}

export function notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendError(
    reply,
    new AppError(Errors.NOT_FOUND, { message: `${request.method} ${request.url.split('?')[0]} does not exist.` }),
  );
}
