// What the sequencer offers and needs: its engine, its options, what it publishes and how it refuses.
import type { ApplyOutput, Command, EngineEvent, EngineSnapshot, Posting } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import type { NoticeAlarm } from '../../domain/notices.ts';

/** What the sequencer needs from the engine: apply a command at a time. Reads get the whole engine. */
export interface SequencedEngine {
  apply(command: Command, nowMs: number): ApplyOutput;
}

/** A batch that is durable: published to listeners (websocket user streams, alarms) after its COMMIT. */
export interface CommittedBatch {
  batchId: number;
  events: readonly EngineEvent[];
  postings: readonly Posting[];
  /** The batch's notices as stored alarms, for the users' streams. */
  alarms: readonly NoticeAlarm[];
}

export type BatchListener = (batch: CommittedBatch) => void;

/** The sequencer could not make the command durable (database down, engine fault): nothing was applied. */
export class SequencerUnavailableError extends Error {}

/** Another sequencer holds the database: there is one writer per database. */
export class SequencerLockedError extends Error {}

/** Refusal of a command whose idempotency key was already applied. */
export const DUPLICATE_COMMAND = 'DUPLICATE_COMMAND';

export interface SequencerOptions<E extends SequencedEngine> {
  pool: Pool;
  /** Builds the engine from restored state (at start and after a failed batch). */
  createEngine: (snapshot: EngineSnapshot) => E;
  /** Every command is stamped with `clock.now()` when applied. */
  clock: Clock;
  /** Most commands (and reads) taken into one batch. */
  maxBatchSize?: number;
  /** Submissions beyond this many waiting are refused at once (back-pressure). */
  maxQueueLength?: number;
  /** Called with errors the sequencer recovered from (failed batch, failed restore attempt). */
  onError?: (error: unknown, context: string) => void;
}
