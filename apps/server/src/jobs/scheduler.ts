import type { Clock } from '../clock.ts';

/**
 * When a job runs. `everyMs`: at every multiple of the interval since the epoch (a one-minute job runs on each UTC
 * minute boundary, an 8-hour one at 00:00, 08:00 and 16:00 UTC). `next`: a clock of its own, answering the first
 * run time after `afterMs` (see dailyAt).
 */
export type JobSchedule = { everyMs: number } | { next: (afterMs: number) => number };

export interface JobDefinition {
  /** Unique, kebab-case: it names the job in every log line. */
  name: string;
  schedule: JobSchedule;
  /**
   * The work for the run due at `dueAtMs` (the boundary, not the moment the timer fired). It must be idempotent: a run
   * may be repeated for the same `dueAtMs` (a timer firing early, a retry, a restart), and running it twice must
   * change nothing the first did not.
   */
  run(dueAtMs: number): Promise<unknown>;
  /** Frequent jobs (price ticks, demo quotes) log each run at debug level only; every failure is still an error. */
  quiet?: boolean;
}

/** The slice of a pino / Fastify logger the scheduler writes to. */
export interface JobLogger {
  info(details: object, message: string): void;
  debug(details: object, message: string): void;
  error(details: object, message: string): void;
}

export const silentJobLogger: JobLogger = { info: () => undefined, debug: () => undefined, error: () => undefined };

interface ScheduledJob {
  definition: JobDefinition;
  timer: NodeJS.Timeout | null;
  lastDueAtMs: number;
  /** The run under way (or resolved); the next run starts after it, so runs of one job never overlap. */
  running: Promise<void>;
}

/** Runs at `hour:minute` every day in the time zone `utcOffsetMs` from UTC (KST: +9 h, no daylight saving). */
export function dailyAt(hour: number, minute: number, utcOffsetMs: number): JobSchedule {
  const dayMs = 24 * 3600 * 1000;
  const offsetInDayMs = (hour * 60 + minute) * 60_000 - utcOffsetMs;
  return {
    next: (afterMs) => {
      const dayStartMs = Math.floor((afterMs - offsetInDayMs) / dayMs) * dayMs;
      return dayStartMs + offsetInDayMs + dayMs;
    },
  };
}

/** The first run time strictly after `afterMs`. */
export function nextRunAfter(schedule: JobSchedule, afterMs: number): number {
  if ('everyMs' in schedule) return (Math.floor(afterMs / schedule.everyMs) + 1) * schedule.everyMs;
  return schedule.next(afterMs);
}

/**
 * The one scheduler of the server: every clock (price ticks, option rounds, funding, partner settlement, withdrawal
 * batches, the chain watcher...) is a job registered here, with its name, its schedule and an idempotent run. Each
 * run is logged with its due time and duration, each failure with the error; a run due while the previous one of the
 * same job is still going waits for it. Areas register their jobs from their own module:
 *
 *   scheduler.register({ name: 'withdrawal-batch', schedule: dailyAt(22, 0, KST_OFFSET_MS), run: (dueAtMs) => ... });
 */
export class Scheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private started = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: JobLogger = silentJobLogger,
  ) {}

  /** Adds a job; registered after start, it is scheduled at once. */
  register(definition: JobDefinition): void {
    if (this.jobs.has(definition.name)) throw new Error(`job ${definition.name} is already registered`);
    if ('everyMs' in definition.schedule && !(definition.schedule.everyMs >= 1))
      throw new Error(`job ${definition.name}: everyMs must be at least 1`);
    const job: ScheduledJob = { definition, timer: null, lastDueAtMs: -Infinity, running: Promise.resolve() };
    this.jobs.set(definition.name, job);
    if (this.started) this.schedule(job);
  }

  /** Removes a job; a run under way finishes. */
  unregister(name: string): void {
    const job = this.jobs.get(name);
    if (job?.timer) clearTimeout(job.timer);
    this.jobs.delete(name);
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
    this.log.info({ jobs: this.names() }, 'jobs scheduled');
  }

  /** Stops every timer and waits for the runs under way. */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.timer = null;
    }
    await Promise.all([...this.jobs.values()].map((job) => job.running));
  }

  /** Runs a job now for `dueAtMs` (after its run under way, if any); resolves when done. Failures are logged. */
  runNow(name: string, dueAtMs = this.clock.now()): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    return this.enqueueRun(job, dueAtMs);
  }

  private schedule(job: ScheduledJob): void {
    const nowMs = this.clock.now();
    // Never the same due time twice in a row from the timer, even when it fired a little before the boundary.
    const dueAtMs = Math.max(
      nextRunAfter(job.definition.schedule, nowMs),
      nextRunAfter(job.definition.schedule, job.lastDueAtMs),
    );
    job.lastDueAtMs = dueAtMs;
    job.timer = setTimeout(
      () => {
        job.timer = null;
        if (!this.started || this.jobs.get(job.definition.name) !== job) return;
        void this.enqueueRun(job, dueAtMs);
        this.schedule(job);
      },
      Math.max(0, dueAtMs - nowMs),
    );
    job.timer.unref();
  }

  private enqueueRun(job: ScheduledJob, dueAtMs: number): Promise<void> {
    job.running = job.running.then(() => this.runOnce(job.definition, dueAtMs));
    return job.running;
  }

  private async runOnce(definition: JobDefinition, dueAtMs: number): Promise<void> {
    const startedMs = this.clock.now();
    const details = { job: definition.name, dueAt: new Date(dueAtMs).toISOString() };
    try {
      await definition.run(dueAtMs);
      const done = { ...details, durationMs: this.clock.now() - startedMs };
      if (definition.quiet) this.log.debug(done, 'job ran');
      else this.log.info(done, 'job ran');
    } catch (error) {
      this.log.error({ ...details, err: error }, 'job failed');
    }
  }
}
