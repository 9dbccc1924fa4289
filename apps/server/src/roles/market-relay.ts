import {
  MARKET_LIST_STREAM_TYPES,
  MARKET_LIST_SYMBOL,
  SYMBOL_STREAM_TYPES,
  type MarketStreamType,
} from '@tickline/protocol';
import { SUBJECTS, decodeJson, encodeJson, type Bus, type Unsubscribe } from '../services/bus/bus.ts';
import type { MarketFlush, MarketHub, MarketLink, MarketSink } from '../ws/pump.ts';

// The websocket market payloads across the bus: the engine node's pump builds each payload once and publishes it;
// every websocket node hands the bytes to its gateway (as the worker processes of ws/cluster.ts do over IPC).

/** Every channel there is: each futures market's streams (the MARKETS of the definitions) and the market-wide lists. */
export function marketChannels(symbols: readonly string[]): ReadonlyArray<readonly [string, MarketStreamType]> {
  return [
    ...symbols.flatMap((symbol) => SYMBOL_STREAM_TYPES.map((stream) => [symbol, stream] as const)),
    ...MARKET_LIST_STREAM_TYPES.map((stream) => [MARKET_LIST_SYMBOL, stream] as const),
  ];
}
const SNAPSHOT_TIMEOUT_MS = 2_000;

interface WireFlush {
  symbol: string;
  stream: MarketStreamType;
  delta: boolean;
  /** The message text as the gateway sends it. */
  payload: string;
}

interface SnapshotAsk {
  symbol: string;
  stream: MarketStreamType;
}

/**
 * Engine node: watches every channel of the pump for the futures markets `symbols` and publishes each run's flushes;
 * answers snapshot requests.
 */
export function publishMarket(hub: MarketHub, bus: Bus, symbols: readonly string[]): Unsubscribe {
  const channels = marketChannels(symbols);
  const isChannel = (symbol: string, stream: MarketStreamType) =>
    channels.some(([channelSymbol, channelStream]) => channelSymbol === symbol && channelStream === stream);
  const waiting = new Map<string, Array<(payload: Buffer | null) => void>>();
  const sink: MarketSink = {
    deliverFlushes(flushes: readonly MarketFlush[]) {
      const wire: WireFlush[] = flushes.map((flush) => ({
        symbol: flush.symbol,
        stream: flush.stream,
        delta: flush.delta,
        payload: flush.payload.toString('utf8'),
      }));
      bus.publish(SUBJECTS.marketFlush, encodeJson(wire));
    },
    deliverSnapshot(symbol, stream, payload) {
      const key = `${symbol}:${stream}`;
      const resolvers = waiting.get(key) ?? [];
      waiting.delete(key);
      for (const resolve of resolvers) resolve(payload);
    },
  };
  const link = hub.link(sink);
  for (const [symbol, stream] of channels) link.watch(symbol, stream);
  const stopServing = bus.serve(SUBJECTS.marketSnapshot, async (data) => {
    const { symbol, stream } = decodeJson<SnapshotAsk>(data);
    if (!isChannel(symbol, stream)) return encodeJson({ payload: null });
    const payload = await new Promise<Buffer | null>((resolve) => {
      const key = `${symbol}:${stream}`;
      waiting.set(key, [...(waiting.get(key) ?? []), resolve]);
      link.requestSnapshot(symbol, stream);
    });
    return encodeJson({ payload: payload?.toString('utf8') ?? null });
  });
  return () => {
    stopServing();
    link.close();
  };
}

/**
 * Websocket node: the engine node's pump as a hub for the local gateway and /fstream, for the futures markets
 * `symbols`. One subscription for all its sinks: each flush is delivered to the node and decoded once.
 */
export class BusMarketHub implements MarketHub {
  private readonly sinks = new Set<MarketSink>();
  private stopFlushes: Unsubscribe | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly symbols: readonly string[],
  ) {}

  link(sink: MarketSink): MarketLink {
    this.sinks.add(sink);
    this.stopFlushes ??= this.bus.subscribe(SUBJECTS.marketFlush, (data) => {
      const flushes = decodeJson<WireFlush[]>(data).map((flush) => ({ ...flush, payload: Buffer.from(flush.payload) }));
      for (const each of this.sinks) each.deliverFlushes(flushes);
    });
    const stop = () => {
      this.sinks.delete(sink);
      if (this.sinks.size > 0) return;
      this.stopFlushes?.();
      this.stopFlushes = null;
    };
    return {
      isSymbol: (symbol) => this.symbols.includes(symbol),
      // Every channel is published: the engine node does not track which ones a websocket node has subscribers for.
      watch: () => undefined,
      unwatch: () => undefined,
      requestSnapshot: (symbol, stream) => {
        // Fire and forget: an unanswered request delivers "no snapshot"; a failing delivery is reported, not thrown.
        void this.bus
          .request(SUBJECTS.marketSnapshot, encodeJson({ symbol, stream }), SNAPSHOT_TIMEOUT_MS)
          .then((answer) => decodeJson<{ payload: string | null }>(answer).payload)
          .catch(() => null)
          .then((payload) => sink.deliverSnapshot(symbol, stream, payload === null ? null : Buffer.from(payload)))
          .catch((error: unknown) => console.error(`market relay: snapshot of ${symbol} ${stream}:`, error));
      },
      close: stop,
    };
  }
}
