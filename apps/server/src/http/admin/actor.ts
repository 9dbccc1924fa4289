import type { FastifyRequest } from 'fastify';
import type { OperatorActor } from '../../app/admin/actor.ts';
import { currentUser } from '../auth-guard.ts';

/** The operator behind an admin request, for the audit log. Only inside the admin plugin (its guard ran). */
export function operatorActor(request: FastifyRequest): OperatorActor {
  return { id: currentUser(request).id, clientAddress: request.ip ?? null };
}
