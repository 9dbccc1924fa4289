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
  async function ask<T>(subject: string, data: Uint8Array, deadline: number): Promise<T> {
    for (;;) {
      try {
        return decodeJson<T>(await bus.request(subject, data, Math.max(1, deadline - Date.now())));
      } catch (error) {
        if (error instanceof BusTimeoutError) throw new AppError(Errors.ENGINE_OUTCOME_UNKNOWN);
        if (!(error instanceof BusNoResponderError)) throw error;
        if (Date.now() + NO_RESPONDER_RETRY_MS >= deadline) throw new AppError(Errors.SERVICE_UNAVAILABLE);
        await new Promise((resolve) => setTimeout(resolve, NO_RESPONDER_RETRY_MS));
      }
    }
  }
  const valueOf = <T>(reply: EngineReply<T>): T => {
    if (!reply.ok) throw new AppError(Errors.SERVICE_BUSY);
    return reply.value;
  };
  const one = async <T>(subject: string, body: unknown): Promise<T> =>
    valueOf(await ask<EngineReply<T>>(subject, encodeJson(body), Date.now() + timeoutMs));
  /** Requests of one turn: one on its own subject, several as one message on the batch subject. */
  const coalesced = (single: string, batch: string) =>
    new Coalescer(async (bodies: unknown[]) => {
      if (bodies.length === 1) return [await settle(() => one(single, bodies[0]))];
      const replies = await ask<Array<EngineReply<unknown>>>(batch, encodeJson(bodies), Date.now() + timeoutMs);
      return replies.map((reply) => settleNow(() => valueOf(reply)));
    });
  const commands = coalesced(SUBJECTS.engineCommand, SUBJECTS.engineCommands);
  const reads = coalesced(SUBJECTS.engineQuery, SUBJECTS.engineQueries);
  return {
    submit: (command, options = {}) =>
      commands.add({ command, key: options.idempotencyKey ?? `api:${randomUUID()}` }) as Promise<CommandResult>,
    read: <K extends EngineReadName>(name: K, arg = 0, symbol?: string) =>
      reads.add(symbol === undefined ? { name, arg } : { name, arg, symbol }) as Promise<EngineReads[K]>,
  };
}

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

async function settle(run: () => Promise<unknown>): Promise<Settled> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error };
  }
}

function settleNow(run: () => unknown): Settled {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Most requests one bus message carries. */
const MAX_COALESCED = 64;

/**
 * Requests made in the same turn of the event loop go out as one bus message (#30): under load an API node has many
 * requests in flight and each message costs a hop through NATS and a wake-up of the engine; alone, a request goes out
 * at the end of its turn as before, on its own subject. A batch that reached no engine, or whose answer did not come
 * in time, fails each of its requests the way one request would (1009, 1010).
 */
class Coalescer {
  private pending: Array<{ body: unknown; resolve(value: unknown): void; reject(error: unknown): void }> = [];
  private scheduled = false;

  constructor(private readonly send: (bodies: unknown[]) => Promise<Settled[]>) {}

  add(body: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending.push({ body, resolve, reject });
      if (this.pending.length >= MAX_COALESCED) this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const batch = this.pending;
    if (batch.length === 0) return;
    this.pending = [];
    this.send(batch.map((item) => item.body)).then(
      (settled) =>
        batch.forEach((item, index) => {
          const outcome = settled[index];
          if (outcome?.ok) item.resolve(outcome.value);
          else item.reject(outcome ? outcome.error : new AppError(Errors.ENGINE_OUTCOME_UNKNOWN));
        }),
      (error: unknown) => batch.forEach((item) => item.reject(error)),
    );
  }
}

/** The command gateway of an API or jobs node: the engine over the bus. */
export function remoteCommandGateway(bus: Bus, timeoutMs: number): CommandGateway {
  return new CommandGateway(remoteEngineLink(bus, timeoutMs));
}
