import { Exchange, type ExchangeConfig } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import { Sequencer, type BatchListener } from '../../services/sequencer/sequencer.ts';
import { localEngine } from './engine-access.ts';
import { settleOverdueOptionRounds } from './settle-overdue-rounds.ts';
import { TradingService } from './service.ts';

export interface TradingCoreOptions {
  pool: Pool;
  clock: Clock;
  exchangeConfig?: Partial<ExchangeConfig>;
  /** Receivers of committed batches: the websocket gateway's user streams, alarms. */
  listeners?: BatchListener[];
  log?: (error: unknown, context: string) => void;
}

export interface TradingCore {
  sequencer: Sequencer<Exchange>;
  service: TradingService;
  /** Lets the sequencer finish what is queued (the jobs that feed it are stopped before). */
  stop(): Promise<void>;
}

/**
 * Starts the trading core: restores the engine from PostgreSQL and settles option rounds that ended while the server
 * was down. main.ts calls this once; the returned service is the app's `trading` service, and its clocks (price
 * ticks, round settlement, funding) are jobs of the scheduler (jobs/trading-jobs.ts).
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
  return {
    sequencer,
    service: new TradingService(localEngine(sequencer), options.pool),
    stop: () => sequencer.stop(),
  };
}
