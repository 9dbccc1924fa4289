import { optionRoundTicks, type Pool } from '@tickline/db';
import type { Command, Exchange } from '@tickline/engine';
import { isEngineReadName, localEngineLink, type EngineRead } from '../app/engine/engine-link.ts';
import { startLocalEngine, type LocalEngine } from '../app/trading/runtime.ts';
import { systemClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { registerMarketJobs } from '../jobs/market-jobs.ts';
import { Scheduler } from '../jobs/scheduler.ts';
import { TradingJobs } from '../jobs/trading-jobs.ts';
import { SUBJECTS, decodeJson, encodeJson, type Bus, type Unsubscribe } from '../services/bus/bus.ts';
import { EngineMarketBridge } from '../services/market/engine-bridge.ts';
import { startMarketData } from '../services/market/runtime.ts';
import type { MetricsRegistry } from '../services/metrics/registry.ts';
import { SequencerLockedError, type Sequencer } from '../services/sequencer/sequencer.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../ws/gateway-limits.ts';
import { MarketPump } from '../ws/pump.ts';
import { publishCommittedBatch } from '../ws/user-events.ts';
import { publishMarket } from './market-relay.ts';
import { LEDGER_CHECK_JOB, ledgerCheckJob, sequencerMetrics } from './metrics.ts';
import { serveMarketReads } from './market-mirror.ts';
import type { EngineReply } from './remote-engine.ts';

/** How often a standby engine tries the writer lock. */
const STANDBY_RETRY_MS = 250;

export interface EngineRoleOptions {
  config: Config;
  pool: Pool;
  bus: Bus;
  metrics: MetricsRegistry;
  log(message: string): void;
  /** The sequencer halted (its lock or database lost): the process must exit and be restarted. */
  fatal(reason: string): void;
}

export interface EngineRole {
  /** Resolves once this process holds the writer lock and serves (a standby waits here). */
  active: Promise<void>;
  stop(): Promise<void>;
}

/**
 * The engine role: a standby until it takes PostgreSQL's one-writer lock (the active engine holds it until it dies:
 * its session ends and the lock with it), then it restores from what was committed and serves commands and reads
 * over the bus, runs the trading clocks and market data, and publishes what each batch committed. Two engines can
 * never both commit: the lock, and the batch-id fence in every batch's transaction.
 */
export function startEngineRole(options: EngineRoleOptions): EngineRole {
  const stops: Array<() => Promise<void> | void> = [];
  let stopped = false;
  let isActive = 0;
  options.metrics.gauge(
    'tickline_engine_active',
    '1 while this engine holds the writer lock, 0 as a standby',
    () => isActive,
  );

  const active = (async () => {
    let waitingSaid = false;
    let trading: LocalEngine | null = null;
    while (!stopped && !trading) {
      try {
        trading = await startLocalEngine({
          pool: options.pool,
          clock: systemClock,
          log: (error, context) => {
            console.error(`trading core: ${context}:`, error);
            if (context === 'sequencer halted') options.fatal(`Trading halted: ${String(error)}`);
          },
        });
      } catch (error) {
        if (!(error instanceof SequencerLockedError)) throw error;
        if (!waitingSaid) options.log('engine: standby, waiting for the writer lock held by the active engine');
        waitingSaid = true;
        await new Promise((resolve) => setTimeout(resolve, STANDBY_RETRY_MS));
      }
    }
    if (!trading) return;
    stops.push(() => trading.stop());
    isActive = 1;
    options.log(`engine: active (batch ${trading.sequencer.lastBatchId}), serving on the bus`);
    await serveActive(trading, options, stops);
  })();
  return {
    active,
    async stop() {
      stopped = true;
      for (const stop of stops.reverse()) await stop();
    },
  };
}

async function serveActive(
  engine: LocalEngine,
  options: EngineRoleOptions,
  stops: Array<() => Promise<void> | void>,
): Promise<void> {
  const { bus, pool, config, metrics } = options;
  const { sequencer } = engine;
  const market = await startMarketData({ db: pool, config: config.market });
  stops.push(() => market.stop());
  const bridge = new EngineMarketBridge({ readDepth: (levels) => sequencer.read((engine) => engine.depth(levels)) });
  market.service.attachDepthSource(bridge);
  market.service.attachTradeSource(bridge);
  market.service.attachLastPriceSource(bridge);
  stops.push(
    sequencer.onCommitted((batch) => {
      bridge.handleEvents(batch.events);
      const events: Array<[number, string, unknown]> = [];
      publishCommittedBatch(batch, (userId, event, data) => events.push([userId, event, data]));
      if (events.length > 0) bus.publish(SUBJECTS.userEvents, encodeJson(events));
    }),
    sequencerMetrics(metrics, sequencer),
  );
  await bridge.refreshDepth();
  const pump = new MarketPump(market.service, DEFAULT_GATEWAY_LIMITS);
  stops.push(() => pump.close());
  stops.push(publishMarket(pump, bus), serveMarketReads(market.service, bus));
  stops.push(...serveEngine(sequencer, bus, config.engineMaxInFlight, metrics));

  const scheduler = new Scheduler(systemClock);
  registerMarketJobs(scheduler, market.service, market.config.tickIntervalMs);
  scheduler.register(ledgerCheckJob(metrics, pool));
  const tradingJobs = new TradingJobs({
    engine: engine.gateway,
    feed: market.service,
    clock: systemClock,
    fundingIntervalMs: market.config.fundingIntervalMs,
    onError: (error, context) => console.error(`trading job: ${context}:`, error),
    scheduler,
    roundAudit: { record: (round) => optionRoundTicks.recordRoundTicks(pool, round, systemClock.now()) },
  });
  tradingJobs.start();
  scheduler.start();
  void scheduler.runNow(LEDGER_CHECK_JOB);
  stops.push(async () => {
    tradingJobs.stop();
    await scheduler.stop();
  });
}

/** Commands and named reads from API nodes; above `maxInFlight` commands held at once, refused as busy at once. */
function serveEngine(
  sequencer: Sequencer<Exchange>,
  bus: Bus,
  maxInFlight: number,
  metrics: MetricsRegistry,
): Unsubscribe[] {
  const link = localEngineLink(sequencer);
  let inFlight = 0;
  const latency = { count: 0, sumMs: 0, refused: 0 };
  metrics.gauge('tickline_engine_commands_in_flight', 'Commands from API nodes being applied', () => inFlight);
  metrics.counter('tickline_engine_commands_total', 'Commands from API nodes answered', () => latency.count);
  metrics.counter(
    'tickline_engine_command_seconds_sum',
    'Time from a command arriving to its durable answer',
    () => latency.sumMs / 1000,
  );
  metrics.counter(
    'tickline_engine_commands_refused_busy_total',
    'Commands refused over ENGINE_MAX_IN_FLIGHT',
    () => latency.refused,
  );
  const busy = encodeJson({ ok: false, busy: true } satisfies EngineReply<never>);
  return [
    bus.serve(
      SUBJECTS.engineCommand,
      async (data) => {
        if (inFlight >= maxInFlight) {
          latency.refused += 1;
          return busy;
        }
        const { command, key } = decodeJson<{ command: Command; key?: string }>(data);
        const startedAt = performance.now();
        inFlight += 1;
        try {
          // The engine's answer as it is: the API node's gateway gives it its one treatment.
          const value = await link.submit(command, key ? { idempotencyKey: key } : {});
          return encodeJson({ ok: true, value });
        } catch {
          return busy;
        } finally {
          inFlight -= 1;
          latency.count += 1;
          latency.sumMs += performance.now() - startedAt;
        }
      },
      { queue: 'engine' },
    ),
    bus.serve(
      SUBJECTS.engineQuery,
      async (data) => {
        const read = decodeJson<EngineRead>(data);
        if (!isEngineReadName(read.name)) return busy;
        try {
          return encodeJson({ ok: true, value: await link.read(read.name, read.arg) });
        } catch {
          return busy;
        }
      },
      { queue: 'engine' },
    ),
  ];
}
