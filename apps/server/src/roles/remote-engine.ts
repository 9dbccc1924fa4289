import { randomUUID } from 'node:crypto';
import type { CommandResult } from '@tickline/engine';
import { Errors } from '@tickline/protocol';
import { CommandGateway } from '../app/engine/command-gateway.ts';
import type { EngineLink, EngineReadName, EngineReads } from '../app/engine/engine-link.ts';
import { AppError } from '../domain/errors.ts';
import {
  BusNoResponderError,
  BusTimeoutError,
  SUBJECTS,
  decodeJson,
  encodeJson,
  type Bus,
} from '../services/bus/bus.ts';

/** What an engine node answers on the bus. */
export type EngineReply<T> = { ok: true; value: T } | { ok: false; busy: true };

/** How often an API node asks again while no engine listens (a switch-over in progress). */
const NO_RESPONDER_RETRY_MS = 200;

/**
 * The engine as an API node reaches it: each command carries an idempotency key made here, so whatever the bus does,
 * the engine applies it at most once. While no engine listens (the active one died and the standby is taking over)
 * the request reached no one and is sent again until `timeoutMs` has passed; then SERVICE_UNAVAILABLE (1009: nothing
 * was applied, safe to retry). A request that reached an engine but got no answer in time is ENGINE_OUTCOME_UNKNOWN
 * (1010): it may have been applied, so the client looks before trying again.
 */
export function remoteEngineLink(bus: Bus, timeoutMs: number): EngineLink {
  async function ask<T>(subject: string, body: unknown): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    const data = encodeJson(body);
    for (;;) {
      try {
        const reply = decodeJson<EngineReply<T>>(await bus.request(subject, data, Math.max(1, deadline - Date.now())));
        if (!reply.ok) throw new AppError(Errors.SERVICE_BUSY);
        return reply.value;
      } catch (error) {
        if (error instanceof BusTimeoutError) throw new AppError(Errors.ENGINE_OUTCOME_UNKNOWN);
        if (!(error instanceof BusNoResponderError)) throw error;
        if (Date.now() + NO_RESPONDER_RETRY_MS >= deadline) throw new AppError(Errors.SERVICE_UNAVAILABLE);
        await new Promise((resolve) => setTimeout(resolve, NO_RESPONDER_RETRY_MS));
      }
    }
  }
  return {
    submit: (command, options = {}) =>
      ask<CommandResult>(SUBJECTS.engineCommand, {
        command,
        key: options.idempotencyKey ?? `api:${randomUUID()}`,
      }),
    read: <K extends EngineReadName>(name: K, arg = 0) => ask<EngineReads[K]>(SUBJECTS.engineQuery, { name, arg }),
  };
}

/** The command gateway of an API or jobs node: the engine over the bus. */
export function remoteCommandGateway(bus: Bus, timeoutMs: number): CommandGateway {
  return new CommandGateway(remoteEngineLink(bus, timeoutMs));
}
