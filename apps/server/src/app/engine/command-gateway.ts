// The one way a command reaches the engine: use cases, jobs, the wallet and the demo's accounts all send through a
// CommandGateway, in this process (the sequencer) or on a cluster's API and jobs nodes (over the bus), alike.
import type { Command, CommandValue, Exchange } from '@tickline/engine';
import { Errors, type ErrorDefinition } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { DUPLICATE_COMMAND, type Sequencer } from '../../services/sequencer/sequencer.ts';
import { localEngineLink, type EngineLink, type EngineReadName, type EngineReads } from './engine-link.ts';

/**
 * What became of a command, by its kind: `applied` with the value the engine answers for that kind; `duplicate` when
 * its idempotency key was applied before (the effect already stands, nothing changed now); `refused` with the
 * catalogue name of the reason (nothing changed).
 */
export type CommandOutcome<K extends Command['type']> =
  { status: 'applied'; value: CommandValue<K> } | { status: 'duplicate' } | { status: 'refused'; reason: string };

export interface SendOptions {
  /** Applied at most once ever under this key; a repeat answers `duplicate`. */
  idempotencyKey?: string;
}

/**
 * Commands and reads to the engine with one treatment of every answer. Thrown, whichever the wire, and nothing else:
 * SERVICE_BUSY (1007) and SERVICE_UNAVAILABLE (1009) when nothing was applied, ENGINE_OUTCOME_UNKNOWN (1010) when the
 * command was sent but not answered in time — it may stand: a caller with a key sends it again with the same key
 * (answered `duplicate` if it stood), a user looks before trying again.
 */
export class CommandGateway {
  constructor(private readonly link: EngineLink) {}

  /** The command's outcome, named (see CommandOutcome). For callers that act on refusals and duplicates themselves. */
  async send<C extends Command>(command: C, options: SendOptions = {}): Promise<CommandOutcome<C['type']>> {
    const result = await this.link.submit(command, options);
    if (result.ok) return { status: 'applied', value: result.value as CommandValue<C['type']> };
    if (result.reason === DUPLICATE_COMMAND) return { status: 'duplicate' };
    return { status: 'refused', reason: result.reason };
  }

  /** A user's request (no key): the value once durable; a refusal thrown as its catalogue error. */
  async execute<C extends Command>(command: C): Promise<CommandValue<C['type']>> {
    const outcome = await this.send(command);
    if (outcome.status === 'applied') return outcome.value;
    throw refusalError(outcome.status === 'refused' ? outcome.reason : DUPLICATE_COMMAND);
  }

  /**
   * Work that must stand once ever under its key (demo funding, partner accruals and payouts): done when applied now
   * or before. A refusal is a defect, thrown with `what` named; the job or start that sent it fails and tries again.
   */
  async ensure<C extends Command>(command: C, idempotencyKey: string, what: string): Promise<void> {
    const outcome = await this.send(command, { idempotencyKey });
    if (outcome.status === 'refused') throw new Error(`the ledger refused ${what}: ${outcome.reason}`);
  }

  /** Open state, consistent with the last committed batch. */
  read<K extends EngineReadName>(name: K, arg?: number, symbol?: string): Promise<EngineReads[K]> {
    return this.link.read(name, arg, symbol);
  }
}

/** A refusal named by the engine as its catalogue error (a name missing from the catalogue is a defect). */
export function refusalError(reason: string): Error {
  const definition = (Errors as Record<string, ErrorDefinition | undefined>)[reason];
  if (!definition) return new Error(`engine refusal ${reason} is not in the error catalogue`);
  return new AppError(definition);
}

/** The gateway to the sequencer of this process. */
export function localCommandGateway(sequencer: Sequencer<Exchange>): CommandGateway {
  return new CommandGateway(localEngineLink(sequencer));
}
