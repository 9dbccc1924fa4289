import type { Pool } from '@tickline/db';
import type { Command, ExchangeConfig } from '@tickline/engine';
import { isEngineRead, localEngineLink, type EngineRead } from '../app/engine/engine-link.ts';
import { startLocalEngine, type LocalEngine } from '../app/trading/runtime.ts';
import { systemClock } from '../clock.ts';
import { SUBJECTS, decodeJson, encodeJson, type Bus, type Unsubscribe } from '../services/bus/bus.ts';
import { EngineMarketBridge } from '../services/market/engine-bridge.ts';
import type { MarketService } from '../services/market/market-service.ts';
import { SequencerLockedError } from '../services/sequencer/sequencer.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../ws/gateway-limits.ts';
import { MarketPump } from '../ws/pump.ts';
import { publishMarket } from './market-relay.ts';
import { serveMarketReads } from './market-mirror.ts';
import type { EngineServeCounters } from './metrics.ts';
import type { EngineReply } from './remote-engine.ts';
import { publishUserBatches } from './user-subjects.ts';

/** How often a standby engine tries the writer lock. */
const STANDBY_RETRY_MS = 250;

type Stop = () => Promise<void> | void;

export interface EngineRoleOptions {
  pool: Pool;
  /** The exchange's rules (fees, margin tiers, leverage, option rounds), the one copy GET /server/config serves. */
  exchangeConfig: Partial<ExchangeConfig>;
  log(message: string): void;
  /** The sequencer halted (its lock or database lost): the process must exit and be restarted. */
  fatal(reason: string): void;
  /** Once active: what the composition root starts around the engine (market data, the bus, the clocks). */
  whenActive(engine: LocalEngine, stops: Stop[]): Promise<void>;
}

export interface EngineRole {
  /** Resolves once this process holds the writer lock and serves (a standby waits here). */
  active: Promise<void>;
  /** 1 while this engine holds the writer lock, 0 as a standby (`tickline_engine_active`). */
  readonly isActive: () => number;
  stop(): Promise<void>;
}

/**
 * The engine role: a standby until it takes PostgreSQL's one-writer lock (the active engine holds it until it dies:
 * its session ends and the lock with it), then it restores from what was committed and the composition root starts
 * what serves around it. Two engines can never both commit: the lock, and the batch-id fence in every batch's
 * transaction.
 */
export function startEngineRole(options: EngineRoleOptions): EngineRole {
  const stops: Stop[] = [];
  let stopped = false;
  let isActive = 0;

  const active = (async () => {
    let waitingSaid = false;
    let engine: LocalEngine | null = null;
    while (!stopped && !engine) {
      try {
        engine = await startLocalEngine({
          pool: options.pool,
          clock: systemClock,
          exchangeConfig: options.exchangeConfig,
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
    if (!engine) return;
    const running = engine;
    stops.push(() => running.stop());
    isActive = 1;
    options.log(`engine: active (batch ${running.sequencer.lastBatchId}), serving on the bus`);
    await options.whenActive(running, stops);
  })();
  return {
    active,
    isActive: () => isActive,
    async stop() {
      stopped = true;
      for (const stop of stops.reverse()) await stop();
    },
  };
}

/**
 * The engine's side of the bus: what each committed batch changed for the market and the users, the market payloads
 * (built once here), the market reads, and the commands and named reads of API nodes.
 */
export async function serveEngineOnBus(
  engine: LocalEngine,
  deps: { market: MarketService; bus: Bus; maxInFlight: number; counters: EngineServeCounters },
): Promise<Stop[]> {
  const { market, bus } = deps;
  const { sequencer } = engine;
  const bridge = new EngineMarketBridge({
    readDepth: (levels, symbol) => sequencer.read((state) => state.depth(levels, symbol)),
  });
  market.attachDepthSource(bridge);
  market.attachTradeSource(bridge);
  market.attachLastPriceSource(bridge);
  const stops: Stop[] = [
    sequencer.onCommitted((batch) => {
      bridge.handleEvents(batch.events);
      publishUserBatches(bus, batch);
    }),
  ];
  for (const symbol of market.symbols()) await bridge.refreshDepth(symbol);
  const pump = new MarketPump(market, DEFAULT_GATEWAY_LIMITS);
  stops.push(() => pump.close());
  stops.push(publishMarket(pump, bus, market.symbols()), serveMarketReads(market, bus));
  stops.push(...serveCommands(engine, bus, deps.maxInFlight, deps.counters));
  return stops;
}

/**
 * Commands and named reads from API nodes, one per message or several (`engineCommands`, `engineQueries`: an API
 * node's requests of one event-loop turn, answered in order); above `maxInFlight` commands held at once, refused as
 * busy at once.
 */
function serveCommands(
  engine: LocalEngine,
  bus: Bus,
  maxInFlight: number,
  counters: EngineServeCounters,
): Unsubscribe[] {
  const link = localEngineLink(engine.sequencer);
  const busy = { ok: false, busy: true } as const satisfies EngineReply<never>;
  const command = async ({ command, key }: { command: Command; key?: string }): Promise<EngineReply<unknown>> => {
    if (counters.inFlight >= maxInFlight) {
      counters.refused += 1;
      return busy;
    }
    const startedAt = performance.now();
    counters.inFlight += 1;
    try {
      // The engine's answer as it is: the API node's gateway gives it its one treatment.
      return { ok: true, value: await link.submit(command, key ? { idempotencyKey: key } : {}) };
    } catch {
      return busy;
    } finally {
      counters.inFlight -= 1;
      counters.count += 1;
      counters.sumMs += performance.now() - startedAt;
    }
  };
  const read = async (request: EngineRead): Promise<EngineReply<unknown>> => {
    if (!isEngineRead(request)) return busy;
    try {
      return { ok: true, value: await link.read(request.name, request.arg, request.symbol) };
    } catch {
      return busy;
    }
  };
  const one =
    <T>(handle: (body: T) => Promise<EngineReply<unknown>>) =>
    async (data: Uint8Array) =>
      encodeJson(await handle(decodeJson<T>(data)));
  const many =
    <T>(handle: (body: T) => Promise<EngineReply<unknown>>) =>
    async (data: Uint8Array) =>
      encodeJson(await Promise.all(decodeJson<T[]>(data).map((body) => handle(body))));
  return [
    bus.serve(SUBJECTS.engineCommand, one(command), { queue: 'engine' }),
    bus.serve(SUBJECTS.engineCommands, many(command), { queue: 'engine' }),
    bus.serve(SUBJECTS.engineQuery, one(read), { queue: 'engine' }),
    bus.serve(SUBJECTS.engineQueries, many(read), { queue: 'engine' }),
  ];
}
