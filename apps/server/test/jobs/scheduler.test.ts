import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler, dailyAt, nextRunAfter, type JobLogger } from '../../src/jobs/scheduler.ts';

const START = Date.UTC(2026, 10, 21, 12, 0, 30);
const KST_OFFSET_MS = 9 * 3600_000;

function recordingLogger() {
  const lines: Array<{ level: string; details: Record<string, unknown>; message: string }> = [];
  const logger: JobLogger = {
    info: (details, message) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    debug: (details, message) => lines.push({ level: 'debug', details: details as Record<string, unknown>, message }),
    error: (details, message) => lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
  };
  return { logger, lines };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

const clock = { now: () => Date.now() };

describe('the job scheduler', () => {
  it('runs an interval job on each boundary since the epoch, with the boundary as its due time, and logs each run', async () => {
    const { logger, lines } = recordingLogger();
    const scheduler = new Scheduler(clock, logger);
    const dues: number[] = [];
    scheduler.register({ name: 'option-rounds', schedule: { everyMs: 60_000 }, run: async (due) => dues.push(due) });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(dues).toEqual([]);
    await vi.advanceTimersByTimeAsync(1 + 60_000);
    expect(dues).toEqual([Date.UTC(2026, 10, 21, 12, 1), Date.UTC(2026, 10, 21, 12, 2)]);
    const runs = lines.filter((line) => line.message === 'job ran');
    expect(runs.map((line) => [line.level, line.details.job, line.details.dueAt])).toEqual([
      ['info', 'option-rounds', '2026-11-21T12:01:00.000Z'],
      ['info', 'option-rounds', '2026-11-21T12:02:00.000Z'],
    ]);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(dues).toHaveLength(2);
  });

  it('never overlaps two runs of one job: a run due while the previous is going waits, none is lost', async () => {
    const scheduler = new Scheduler(clock);
    const events: string[] = [];
    let release!: () => void;
    scheduler.register({
      name: 'slow',
      schedule: { everyMs: 1_000 },
      run: async (due) => {
        events.push(`start ${due - START}`);
        if (events.length === 1) await new Promise<void>((resolve) => (release = resolve));
        events.push(`end ${due - START}`);
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(events).toEqual(['start 1000']);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['start 1000', 'end 1000', 'start 2000', 'end 2000']);
    await scheduler.stop();
  });

  it('logs a failing run as an error with the job name and keeps the job scheduled', async () => {
    const { logger, lines } = recordingLogger();
    const scheduler = new Scheduler(clock, logger);
    let calls = 0;
    scheduler.register({
      name: 'funding',
      schedule: { everyMs: 1_000 },
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toBe(2);
    const failure = lines.find((line) => line.level === 'error');
    expect(failure).toMatchObject({ message: 'job failed', details: { job: 'funding' } });
    expect(String((failure!.details.err as Error).message)).toBe('database down');
    await scheduler.stop();
  });

  it('logs quiet jobs at debug level, refuses a second job of the same name, and schedules jobs registered later', async () => {
    const { logger, lines } = recordingLogger();
    const scheduler = new Scheduler(clock, logger);
    scheduler.start();
    let ran = 0;
    scheduler.register({ name: 'price-tick', schedule: { everyMs: 250 }, quiet: true, run: async () => (ran += 1) });
    expect(() =>
      scheduler.register({ name: 'price-tick', schedule: { everyMs: 250 }, run: async () => undefined }),
    ).toThrow(/already registered/);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toBe(4);
    expect(lines.filter((line) => line.message === 'job ran').every((line) => line.level === 'debug')).toBe(true);
    await scheduler.stop();
  });

  it('computes daily clocks in a time zone: 22:00 KST is 13:00 UTC', () => {
    const batch = dailyAt(22, 0, KST_OFFSET_MS);
    expect(nextRunAfter(batch, Date.UTC(2026, 10, 21, 12, 59))).toBe(Date.UTC(2026, 10, 21, 13, 0));
    expect(nextRunAfter(batch, Date.UTC(2026, 10, 21, 13, 0))).toBe(Date.UTC(2026, 10, 22, 13, 0));
    const kstMidnight = dailyAt(0, 0, KST_OFFSET_MS);
    expect(nextRunAfter(kstMidnight, Date.UTC(2026, 10, 21, 16, 0))).toBe(Date.UTC(2026, 10, 22, 15, 0));
  });
});
