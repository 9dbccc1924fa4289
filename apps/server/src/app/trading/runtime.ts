import { Exchange, type ExchangeConfig } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import { TradingJobs, settleOverdueOptionRounds, type PriceFeed } from '../../jobs/trading-jobs.ts';
import { Sequencer, type BatchListener } from '../../services/sequencer/sequencer.ts';
import { TradingService } from './service.ts';

export interface TradingCoreOptions {
  pool: Pool;
  clock: Clock;
  exchangeConfig?: Partial<ExchangeConfig>;
  /** Index/mark prices and the funding rate; without one, no price ticks, round settlement or funding run. */
  feed?: PriceFeed;
  fundingIntervalMs?: number;
  /** Receivers of committed batches: the websocket gateway's user streams, alarms. */
  listeners?: BatchListener[];
  log?: (error: unknown, context: string) => void;
}

export interface TradingCore {
  sequencer: Sequencer<Exchange>;
  service: TradingService;
  jobs: TradingJobs | null;
  /** Stops the jobs, then lets the sequencer finish what is queued. */
  stop(): Promise<void>;
}

const DEFAULT_FUNDING_INTERVAL_MS = 8 * 60 * 60_000;

/**
 * Starts the trading core: restores the engine from PostgreSQL, settles option rounds that ended while the server
 * was down, then starts the jobs (price ticks, round clock, funding). main.ts calls this once; the returned service
 * is the app's `trading`, `balances` and `leverage` service.
 */
export async function startTradingCore(options: TradingCoreOptions): Promise<TradingCore> {
  const sequencer = await Sequencer.start({
    pool: options.pool,
    clock: options.clock,
    createEngine: (snapshot) => Exchange.fromSnapshot(snapshot, options.exchangeConfig),
    onError: options.log,
  });
  for (const listener of options.listeners ?? []) sequencer.onCommitted(listener);
  const roundMs = options.exchangeConfig?.option?.roundMs;
  await settleOverdueOptionRounds({ pool: options.pool, sequencer, clock: options.clock, roundMs });
  const jobs = options.feed
    ? new TradingJobs({
        sequencer,
        feed: options.feed,
        clock: options.clock,
        roundMs,
        fundingIntervalMs: options.fundingIntervalMs ?? DEFAULT_FUNDING_INTERVAL_MS,
        onError: options.log,
      })
    : null;
  jobs?.start();
  return {
    sequencer,
    service: new TradingService(sequencer, options.pool),
    jobs,
    async stop() {
      jobs?.stop();
      await sequencer.stop();
    },
  };
}
