import type { Command, CommandResult } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import { Errors, type ErrorDefinition } from '@tickline/protocol';
import { AppError } from '../../domain/errors.ts';
import { SequencerUnavailableError } from '../../services/sequencer/sequencer.ts';
import type { EngineAccess, EngineReadName, EngineReads } from './engine-access.ts';
import type { TradingFreezes } from './freezes.ts';

/** What every trading use case works with: the engine (commands and open state) and PostgreSQL (history). */
export interface TradingCore {
  engine: EngineAccess;
  pool: Pool;
  /** Users an operator froze: their new orders and bets are refused. */
  freezes: TradingFreezes;
}

/** How many rows the "recent" lists show, and a history page. */
export const RECENT_LIMIT = 20;
export const HISTORY_PAGE_SIZE = 10;

/** Submits a command, answered once durable; a refusal becomes its catalogue error, an outage SERVICE_BUSY. */
export async function execute<T>(
  core: TradingCore,
  command: Command,
  options: { idempotencyKey?: string } = {},
): Promise<T> {
  let result: CommandResult<T>;
  try {
    result = await core.engine.submit<T>(command, options);
  } catch (error) {
    if (error instanceof SequencerUnavailableError) throw new AppError(Errors.SERVICE_BUSY);
    throw error;
  }
  if (result.ok) return result.value;
  const definition = (Errors as Record<string, ErrorDefinition | undefined>)[result.reason];
  if (!definition) throw new Error(`engine refusal ${result.reason} is not in the error catalogue`);
  throw new AppError(definition);
}

/** Reads open state through the engine, consistent with the last committed batch. */
export function readEngine<K extends EngineReadName>(
  core: TradingCore,
  name: K,
  arg?: number,
): Promise<EngineReads[K]> {
  return core.engine.read(name, arg).catch((error: unknown) => {
    if (error instanceof SequencerUnavailableError) throw new AppError(Errors.SERVICE_BUSY);
    throw error;
  });
}
