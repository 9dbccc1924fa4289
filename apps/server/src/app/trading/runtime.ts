import { Exchange, type ExchangeConfig } from '@tickline/engine';
import type { Pool } from '@tickline/db';
import type { Clock } from '../../clock.ts';
import { Sequencer, type BatchListener } from '../../services/sequencer/sequencer.ts';
import { localCommandGateway, type CommandGateway } from '../engine/command-gateway.ts';
import { settleOverdueOptionRounds } from './settle-overdue-rounds.ts';

export interface LocalEngineOptions {
  pool: Pool;
  clock: Clock;
  exchangeConfig?: Partial<ExchangeConfig>;
  /** Receivers of committed batches: the websocket gateway's user streams, alarms. */
  listeners?: BatchListener[];
  log?: (error: unknown, context: string) => void;
}

/** The engine of this process: its sequencer, and the gateway every command of this process goes through. */
export interface LocalEngine {
  sequencer: Sequencer<Exchange>;
  gateway: CommandGateway;
  /** Lets the sequencer finish what is queued (the jobs that feed it are stopped before). */
  stop(): Promise<void>;
}

/**
 * Starts the engine of this process: restores it from PostgreSQL and settles option rounds that ended while the server
 * was down. The composition root calls this once (a cluster's engine role: once it holds the writer lock); its clocks (price
 * ticks, round settlement, funding) are jobs of the scheduler (jobs/trading-jobs.ts).
 */
export async function startLocalEngine(options: LocalEngineOptions): Promise<LocalEngine> {
  const sequencer = await Sequencer.start({
    pool: options.pool,
    clock: options.clock,
    createEngine: (snapshot) => Exchange.fromSnapshot(snapshot, options.exchangeConfig),
    onError: options.log,
  });
  for (const listener of options.listeners ?? []) sequencer.onCommitted(listener);
  const roundMs = options.exchangeConfig?.option?.roundMs;
  const gateway = localCommandGateway(sequencer);
  const { lastPrices } = sequencer;
  await settleOverdueOptionRounds({ pool: options.pool, engine: gateway, lastPrices, clock: options.clock, roundMs });
  return {
    sequencer,
    gateway,
    stop: () => sequencer.stop(),
  };
}
