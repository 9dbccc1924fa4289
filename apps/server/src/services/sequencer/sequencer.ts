import type { Command, CommandResult, EngineSnapshot } from '@tickline/engine';
import { balanceRowOf, findCommandKeys, type BalanceRow, type SequencerState } from '@tickline/db';
import { BatchChanges, loadEngineState, SequencerFencedError, writeBatch } from '../postgres/trading-batches.ts';
import {
  SequencerUnavailableError,
  type BatchListener,
  type CommittedBatch,
  type SequencedEngine,
  type SequencerOptions,
} from './contracts.ts';
import { answerEntries, applyEntry, keysOf, type Answer, type Entry } from './entries.ts';
import { takeWriterLock, type WriterLock } from './writer-lock.ts';

// The sequencer's public face: callers import its contracts from here.
export * from './contracts.ts';

/** A batch applied to the engine, with its commit under way (`write` resolves to null or the failure). */
interface AppliedBatch<E> {
  entries: Array<Entry<E>>;
  answers: Answer[];
  changes: BatchChanges;
  batchId: number;
  keys: Set<string>;
  write?: Promise<unknown>;
}

/**
 * The one writer of all trading state (ARCHITECTURE.md, "one writer, in memory, group commit").
 *
 * Commands and reads queue; one loop takes everything waiting (up to `maxBatchSize`), applies it in order to the
 * in-memory engine, writes what changed to PostgreSQL in one transaction, and only after COMMIT answers the callers
 * (in order) and publishes the events. While a batch is being written the next one is applied and starts its own
 * transaction with the rows only it has (it commits only after the first one), and the one after accumulates: the
 * batch size grows with load, one transaction per batch, not per command.
 *
 * Reads go through the same queue, so a read sees exactly the commands before it and is answered only once those
 * are durable: nobody ever sees state that a failed commit would take back.
 *
 * If a batch cannot be committed (or the engine throws), the in-memory engine may be ahead of the database: the
 * batch's callers are failed and the engine is rebuilt from the database before anything else is applied.
 */
export class Sequencer<E extends SequencedEngine> {
  private engine: E;
  private state: SequencerState;
  /** Balance rows that are stored (or will be once the batch being written commits). */
  private storedBalanceRows: Set<BalanceRow>;
  /** Highest order id stored (or being stored by the batch in flight). */
  private storedMaxOrderId: number;
  private queue: Array<Entry<E>> = [];
  /** The batch whose transaction is being committed, if any. */
  private inflight: (AppliedBatch<E> & { write: Promise<unknown> }) | null = null;
  private readonly listeners = new Set<BatchListener>();
  private wake: (() => void) | null = null;
  private stopping = false;
  /** Why this sequencer stopped for good, once it has lost its claim to be the database's only writer. */
  private halted: SequencerUnavailableError | null = null;
  private lockReleased = false;
  private readonly loopDone: Promise<void>;
  private readonly maxBatchSize: number;
  private readonly maxQueueLength: number;

  private constructor(
    private readonly options: SequencerOptions<E>,
    restored: { engine: E; state: SequencerState; snapshot: EngineSnapshot },
    /** The one-writer lock, held for as long as the sequencer runs. */
    private readonly lock: WriterLock,
  ) {
    this.engine = restored.engine;
    this.state = restored.state;
    this.storedBalanceRows = balanceRowsOf(restored.snapshot);
    this.storedMaxOrderId = restored.snapshot.nextIds.order - 1;
    this.maxBatchSize = options.maxBatchSize ?? 4096;
    this.maxQueueLength = options.maxQueueLength ?? 100_000;
    this.loopDone = this.run();
  }

  /**
   * Takes the database's one-writer lock, restores the engine from the database and starts the loop. A second
   * sequencer on the same database would apply commands to a state the first keeps changing: it is refused.
   */
  static async start<E extends SequencedEngine>(options: SequencerOptions<E>): Promise<Sequencer<E>> {
    let sequencer: Sequencer<E> | null = null;
    const lock = await takeWriterLock(options.pool, (error) => {
      options.onError?.(error, 'the sequencer lock connection was lost');
      sequencer?.halt('its database writer lock was lost');
    });
    try {
      const { snapshot, state } = await loadEngineState(options.pool);
      if (lock.lost) throw new SequencerUnavailableError('the database writer lock was lost while starting');
      sequencer = new Sequencer(options, { engine: options.createEngine(snapshot), state, snapshot }, lock);
      return sequencer;
    } catch (error) {
      await lock.abandon();
      throw error;
    }
  }

  /** The last prices the engine applied and when (restored from the database on start). */
  get lastPrices(): Readonly<Pick<SequencerState, 'lastIndexPrice' | 'lastMarkPrice' | 'lastPriceAtMs'>> {
    const { lastIndexPrice, lastMarkPrice, lastPriceAtMs } = this.state;
    return { lastIndexPrice, lastMarkPrice, lastPriceAtMs };
  }

  /**
   * Applies `command` in order and answers once it is durable. A rejection (the caller's fault) resolves with
   * `{ok:false, reason}`; the promise rejects only when the sequencer could not commit (SequencerUnavailableError).
   * With `idempotencyKey`, a command is applied at most once ever; a repeat is refused with DUPLICATE_COMMAND.
   */
  submit<T = unknown>(command: Command, options: { idempotencyKey?: string } = {}): Promise<CommandResult<T>> {
    return new Promise((resolve, reject) => {
      this.enqueue({
        kind: 'command',
        command,
        key: options.idempotencyKey,
        resolve: resolve as (result: CommandResult) => void,
        reject,
      });
    });
  }

  /** Runs `read` against the engine in order with the commands, answering once everything before it is durable. */
  read<T>(read: (engine: E) => T): Promise<T> {
    return new Promise((resolve, reject) => {
      this.enqueue({ kind: 'read', read, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /** Subscribes to committed batches; returns the unsubscribe function. */
  onCommitted(listener: BatchListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The last batch committed (restored on start): what a standby that took over continues from. */
  get lastBatchId(): number {
    return this.state.lastBatchId;
  }

  get queueLength(): number {
    return this.queue.length;
  }

  /** Finishes everything already queued, then stops the loop; later submissions are refused. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loopDone;
    if (this.lockReleased) return;
    this.lockReleased = true;
    // A lock connection that died is discarded, not returned to the pool.
    await this.lock.unlock(this.halted !== null);
  }

  /**
   * Stops for good once this sequencer can no longer be sure it is the database's only writer (its lock connection
   * died, so another server may have taken the lock; or a batch found another writer's batch in the database):
   * everything queued is refused, nothing more is applied, and the batch being committed commits only if the
   * database is still where it was applied (the fence in writeBatch). Restarting the server restores from the database.
   */
  private halt(reason: string): void {
    if (this.halted) return;
    this.halted = new SequencerUnavailableError(`trading is halted: ${reason}`);
    this.options.onError?.(this.halted, 'sequencer halted');
    this.stopping = true;
    // The loop refuses what is queued (see run) and then ends.
    this.wake?.();
  }

  private enqueue(entry: Entry<E>): void {
    if (this.halted) return entry.reject(this.halted);
    if (this.stopping) return entry.reject(new SequencerUnavailableError('the trading engine is stopping'));
    if (this.queue.length >= this.maxQueueLength)
      return entry.reject(new SequencerUnavailableError('the trading engine is overloaded'));
    this.queue.push(entry);
    if (this.wake) {
      const wake = this.wake;
      this.wake = null;
      wake();
    }
  }

  private async run(): Promise<void> {
    for (;;) {
      if (this.halted && this.queue.length > 0) {
        // Nothing more is applied after a halt: what was queued (or put back by an engine fault) is refused.
        for (const entry of this.queue) entry.reject(this.halted);
        this.queue = [];
      }
      if (this.queue.length === 0) {
        const inflight = this.inflight;
        if (inflight) {
          // Whichever comes first: the commit (answer it) or new work (apply and start writing it meanwhile).
          await Promise.race([inflight.write, new Promise<void>((resolve) => (this.wake = resolve))]);
          this.wake = null;
          if (this.queue.length === 0) await this.settleInflight();
          continue;
        }
        if (this.stopping) return;
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      const batch = this.queue.length <= this.maxBatchSize ? this.queue : this.queue.slice(0, this.maxBatchSize);
      this.queue = this.queue.length <= this.maxBatchSize ? [] : this.queue.slice(this.maxBatchSize);
      await this.processBatch(batch);
    }
  }

  /**
   * Applies one batch while the previous one may still be committing (the engine works while PostgreSQL writes),
   * starts its write (which overlaps the previous one's until that commits), then waits for the previous commit and
   * answers it.
   */
  private async processBatch(entries: Array<Entry<E>>): Promise<void> {
    let appliedKeys: Set<string>;
    try {
      appliedKeys = await findCommandKeys(this.options.pool, keysOf(entries));
    } catch (error) {
      this.fail(entries, error, 'idempotency key lookup');
      return;
    }
    // Keys of the batch still committing are not in the database yet.
    for (const key of this.inflight?.keys ?? []) appliedKeys.add(key);

    const changes = new BatchChanges();
    const answers: Answer[] = [];
    const batchKeys = new Set<string>();
    for (let index = 0; index < entries.length; index++) {
      // While the previous batch commits, let its statements go out between slices of this one: the engine and the
      // database then work at the same time instead of taking turns.
      if (this.inflight && index > 0 && index % APPLY_SLICE === 0) await yieldToIo();
      const entry = entries[index]!;
      try {
        answers.push(applyEntry(this.engine, this.options.clock, entry, changes, appliedKeys, batchKeys));
      } catch (error) {
        // The engine threw mid-command: its state can no longer be trusted. The batch before this one may still
        // commit; the entries applied here fail, the ones not yet applied go back to the front of the queue, and the
        // engine is rebuilt from the database.
        this.queue = [...entries.slice(index + 1), ...this.queue];
        if (await this.settleInflight()) {
          this.fail(entries.slice(0, index + 1), error, 'engine fault');
          await this.recover();
        } else this.fail(entries.slice(0, index + 1), error, 'engine fault after a failed batch');
        return;
      }
    }

    if (changes.isEmpty()) {
      // Nothing to write, but the answers (reads included) may depend on the batch still committing.
      if (await this.settleInflight())
        this.deliver({ entries, answers, changes, batchId: this.state.lastBatchId, keys: batchKeys });
      else this.fail(entries, new Error('the previous batch failed'), 'batch commit');
      return;
    }
    const batchId = this.state.lastBatchId + 1;
    const newRows = new Set<BalanceRow>();
    const { users, house } = changes.balanceChanges.changedRows();
    for (const [row] of users) if (!this.storedBalanceRows.has(row)) newRows.add(row);
    for (const [row] of house) if (!this.storedBalanceRows.has(row)) newRows.add(row);
    for (const row of newRows) this.storedBalanceRows.add(row);
    const stored = {
      balanceRows: { has: (row: BalanceRow) => !newRows.has(row) },
      maxOrderId: this.storedMaxOrderId,
    };
    for (const orderId of changes.orders.keys()) this.storedMaxOrderId = Math.max(this.storedMaxOrderId, orderId);
    // This batch was applied on top of the one still committing: its write starts now and commits only after that
    // one (see writeBatch), and fails if that one does.
    const previous = this.inflight;
    const write = writeBatch(this.options.pool, batchId, changes, stored, previous?.write ?? null).then(
      () => null,
      (error: unknown) => error ?? new Error('batch commit failed'),
    );
    this.state = { ...this.state, ...changes.prices, lastBatchId: batchId };
    const batch = { entries, answers, changes, batchId, keys: batchKeys, write };
    const previousError = previous ? await previous.write : null;
    if (previousError !== null) {
      // The engine is rebuilt from the database, which has neither batch: wait for this one to roll back first.
      await write;
      this.inflight = null;
      this.fail(previous!.entries, previousError, 'batch commit');
      this.fail(entries, new Error('the previous batch failed'), 'batch commit');
      await this.recover(previousError);
      return;
    }
    if (previous) this.deliver(previous);
    this.inflight = batch;
  }

  /** Waits for the batch being committed: answers it on success, or fails it and rebuilds the engine. */
  private async settleInflight(): Promise<boolean> {
    const batch = this.inflight;
    if (!batch) return true;
    const error = await batch.write;
    this.inflight = null;
    if (error !== null) {
      this.fail(batch.entries, error, 'batch commit');
      await this.recover(error);
      return false;
    }
    this.deliver(batch);
    return true;
  }

  /** Answers a durable batch's callers in order, then publishes its events. */
  private deliver(batch: AppliedBatch<E>): void {
    answerEntries(batch.entries, batch.answers);
    if (batch.changes.events.length > 0 || batch.changes.postings.length > 0)
      this.publish(batch.batchId, batch.changes);
  }

  private fail(entries: Array<Entry<E>>, error: unknown, context: string): void {
    this.options.onError?.(error, context);
    const failure = new SequencerUnavailableError(`the trading engine could not complete the request (${context})`, {
      cause: error,
    });
    for (const entry of entries) entry.reject(failure);
  }

  /** Rebuilds the engine from the database, retrying until the database answers; a fenced sequencer halts instead. */
  private async recover(cause?: unknown): Promise<void> {
    if (cause instanceof SequencerFencedError) this.halt('another sequencer has written to the database');
    if (this.halted) return;
    for (let delayMs = 50; ; delayMs = Math.min(delayMs * 2, 5_000)) {
      try {
        const { snapshot, state } = await loadEngineState(this.options.pool);
        this.engine = this.options.createEngine(snapshot);
        this.state = state;
        this.storedBalanceRows = balanceRowsOf(snapshot);
        this.storedMaxOrderId = snapshot.nextIds.order - 1;
        return;
      } catch (error) {
        this.options.onError?.(error, 'restore after failed batch');
        if (this.stopping) {
          // Nobody will wait for the database any more: refuse what is left instead of applying it to a stale engine.
          const left = this.queue;
          this.queue = [];
          this.fail(left, error, 'stopped while the database was unavailable');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  private publish(batchId: number, changes: BatchChanges): void {
    const batch: CommittedBatch = {
      batchId,
      events: changes.events,
      postings: changes.postings,
      alarms: changes.alarms,
    };
    for (const listener of this.listeners) {
      try {
        listener(batch);
      } catch (error) {
        this.options.onError?.(error, 'batch listener');
      }
    }
  }
}

/** Commands applied between two chances for database I/O to proceed. */
const APPLY_SLICE = 8;

function yieldToIo(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The balance rows a restored snapshot's balances are stored in (an all-zero row may be missing: it is upserted). */
function balanceRowsOf(snapshot: EngineSnapshot): Set<BalanceRow> {
  return new Set(snapshot.balances.map(([account]) => balanceRowOf(account)));
}
