// The sequencer's queue entries (commands and reads), how one is applied and how a durable batch's are answered.
import type { CommandResult, Command } from '@tickline/engine';
import type { Clock } from '../../clock.ts';
import type { BatchChanges } from '../postgres/trading-batches.ts';
import { DUPLICATE_COMMAND, type SequencedEngine } from './contracts.ts';

export interface CommandEntry {
  kind: 'command';
  command: Command;
  key: string | undefined;
  resolve: (result: CommandResult) => void;
  reject: (error: Error) => void;
}

export interface ReadEntry<E> {
  kind: 'read';
  read: (engine: E) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export type Entry<E> = CommandEntry | ReadEntry<E>;

/** An answer decided while applying a batch, delivered only once the batch is durable. */
export type Answer = { ok: true; value: unknown } | { ok: false; error: Error };

/**
 * Applies one queued entry to the engine: a read's value, or a command's result (a repeated idempotency key is refused
 * with DUPLICATE_COMMAND, and nothing applied). Only an engine fault throws.
 */
export function applyEntry<E extends SequencedEngine>(
  engine: E,
  clock: Clock,
  entry: Entry<E>,
  changes: BatchChanges,
  appliedKeys: ReadonlySet<string>,
  batchKeys: Set<string>,
): Answer {
  if (entry.kind === 'read') {
    try {
      return { ok: true, value: entry.read(engine) };
    } catch (error) {
      // A read cannot change the engine, so its failure is its own.
      return { ok: false, error: error as Error };
    }
  }
  const { command, key } = entry;
  if (key !== undefined && (appliedKeys.has(key) || batchKeys.has(key))) {
    const duplicate: CommandResult = {
      ok: false,
      reason: DUPLICATE_COMMAND,
      message: 'This request was already applied.',
    };
    return { ok: true, value: duplicate };
  }
  const nowMs = clock.now();
  const output = engine.apply(command, nowMs);
  if (output.result.ok) {
    if (key !== undefined) batchKeys.add(key);
    changes.add(command, nowMs, output.events, output.postings, key, output.result.value);
  }
  return { ok: true, value: output.result };
}

/** Answers a durable batch's callers, in order. */
export function answerEntries<E>(entries: ReadonlyArray<Entry<E>>, answers: readonly Answer[]): void {
  entries.forEach((entry, index) => {
    const answer = answers[index]!;
    if (!answer.ok) entry.reject(answer.error);
    else if (entry.kind === 'command') entry.resolve(answer.value as CommandResult);
    else entry.resolve(answer.value);
  });
}

/** The idempotency keys of a batch's commands. */
export function keysOf<E>(entries: ReadonlyArray<Entry<E>>): string[] {
  const keys: string[] = [];
  for (const entry of entries) if (entry.kind === 'command' && entry.key !== undefined) keys.push(entry.key);
  return keys;
}
