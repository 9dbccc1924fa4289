import { describe, expect, it } from 'vitest';
import type { Command } from '@tickline/engine';
import { Scheduler } from '../../src/jobs/scheduler.ts';
import {
  FUNDING_JOB,
  fundingJobName,
  TradingJobs,
  type PriceFeed,
  type PriceTick,
  type TradingCommands,
} from '../../src/jobs/trading-jobs.ts';
import { ManualClock } from '../trading/helpers/sequencer.ts';

const HOUR = 60 * 60 * 1000;
const FUNDING_TIME = Date.UTC(2026, 10, 26, 16, 0, 0);

/** The engine's edge: records every command and its idempotency key, applies them all. */
function recordingEngine() {
  const sent: Array<{ command: Command; key?: string }> = [];
  const engine: TradingCommands = {
    send: (async (command: Command, options?: { idempotencyKey?: string }) => {
      sent.push({ command, key: options?.idempotencyKey });
      return { status: 'applied' };
    }) as TradingCommands['send'],
  };
  return { engine, sent };
}

/** Each market's funding rate and ticks, set by the test. */
function feedOf(rates: Record<string, number>) {
  const listeners = new Set<(tick: PriceTick) => void>();
  const feed: PriceFeed = {
    indexPrice: () => null,
    markPrice: () => null,
    fundingRatePpm: (symbol = 'BTCUSDT') => rates[symbol] ?? null,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { feed, push: (tick: PriceTick) => listeners.forEach((listener) => listener(tick)) };
}

async function startedJobs(tradedSymbols: string[]) {
  const clock = new ManualClock(FUNDING_TIME - 1_000);
  const scheduler = new Scheduler(clock);
  const { engine, sent } = recordingEngine();
  const { feed, push } = feedOf({ BTCUSDT: 100, ETHUSDT: 250, SOLUSDT: -75 });
  const jobs = new TradingJobs({
    engine,
    feed,
    clock,
    scheduler,
    fundingIntervalMs: 8 * HOUR,
    markets: [
      { symbol: 'BTCUSDT', fundingIntervalMs: 8 * HOUR },
      { symbol: 'ETHUSDT', fundingIntervalMs: 8 * HOUR },
      { symbol: 'SOLUSDT', fundingIntervalMs: 4 * HOUR },
    ],
    tradedSymbols: async () => tradedSymbols,
  });
  jobs.start();
  await new Promise((resolve) => setImmediate(resolve)); // the traded markets are learnt at start
  return { jobs, scheduler, sent, push, clock };
}

describe('funding and price ticks of each market', () => {
  it("settles each market's funding on its own clock, with its own symbol, rate and idempotency key", async () => {
    const { jobs, scheduler, sent } = await startedJobs(['BTCUSDT', 'ETHUSDT', 'SOLUSDT']);
    expect(scheduler.names()).toEqual(
      expect.arrayContaining([FUNDING_JOB, fundingJobName('ETHUSDT'), fundingJobName('SOLUSDT')]),
    );
    await scheduler.runNow(FUNDING_JOB, FUNDING_TIME);
    await scheduler.runNow(fundingJobName('ETHUSDT'), FUNDING_TIME);
    await scheduler.runNow(fundingJobName('SOLUSDT'), FUNDING_TIME + 4 * HOUR);
    expect(sent).toEqual([
      // BTCUSDT's command and key are as they were before there were other markets.
      { command: { type: 'settleFunding', fundingRatePpm: 100 }, key: `funding:${FUNDING_TIME}` },
      {
        command: { type: 'settleFunding', fundingRatePpm: 250, symbol: 'ETHUSDT' },
        key: `funding:ETHUSDT:${FUNDING_TIME}`,
      },
      {
        command: { type: 'settleFunding', fundingRatePpm: -75, symbol: 'SOLUSDT' },
        key: `funding:SOLUSDT:${FUNDING_TIME + 4 * HOUR}`,
      },
    ]);
    jobs.stop();
    expect(scheduler.names()).toEqual([]);
  });

  it('sends nothing for a market the engine does not run yet, and its ticks never reach an option round', async () => {
    const { jobs, scheduler, sent, push, clock } = await startedJobs(['BTCUSDT', 'ETHUSDT']);
    await scheduler.runNow(fundingJobName('SOLUSDT'), FUNDING_TIME);
    push({ symbol: 'SOLUSDT', indexPrice: 16_000, markPrice: 16_001, timeMs: clock.now() });
    push({ symbol: 'ETHUSDT', indexPrice: 260_000, markPrice: 260_010, timeMs: clock.now() });
    push({ indexPrice: 6_700_000, markPrice: 6_700_100, timeMs: clock.now() });
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.map(({ command }) => command)).toEqual([
      { type: 'priceTick', indexPrice: 260_000, markPrice: 260_010, symbol: 'ETHUSDT' },
      { type: 'priceTick', indexPrice: 6_700_000, markPrice: 6_700_100 },
    ]);
    // The option rounds see BTCUSDT's index alone.
    expect(jobs.priceAt(clock.now())).toBe(6_700_000);
    jobs.stop();
  });
});
