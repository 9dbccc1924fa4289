/**
 * The market half of the websocket gateway: decides which channels are due and builds each payload once.
 *
 * Depth, trades and klines flush at most once per interval (100, 100, 250 ms) and only when something changed; the
 * ticker every second. Flushes land on interval boundaries, so channels of different intervals fall due in the same
 * run (every second the depth and the ticker) and a fan-out can write them to a client in one go.
 * Payloads are stamped (`ts`) when built, before any fan-out.
 *
 * Fan-outs (`MarketSink`: the in-process gateway, or one per websocket worker process) link to the pump and tell it
 * which channels they have subscribers for; a channel nobody watches costs nothing.
 */
import {
  isMarketListStream,
  MARKET_LIST_SYMBOL,
  WS_PROTOCOL_VERSION,
  type MarketStreamType,
  type TradeData,
} from '@tickline/protocol';
import type { Unsubscribe } from '../services/market/types.ts';
import type { MarketFeed } from '../services/market/feed.ts';
import { encodeDepth, encodeMessage } from './serialize.ts';

export interface PumpLimits {
  depthLevels: number;
  /** Levels a side of `depthDeep` (coarse book groupings), built only while someone watches it. */
  deepDepthLevels: number;
  depthIntervalMs: number;
  tradeIntervalMs: number;
  klineIntervalMs: number;
  tickerIntervalMs: number;
  recentTrades: number;
}

/** One channel's payload for one pump run. */
export interface MarketFlush {
  symbol: string;
  stream: MarketStreamType;
  payload: Buffer;
  /** Only what changed since the last flush (trades): a client that missed one needs a snapshot instead. */
  delta: boolean;
}

/** Receives what a pump (or its relay in a worker process) sends. */
export interface MarketSink {
  /** The flushes of one run, for channels this sink watches. */
  deliverFlushes(flushes: readonly MarketFlush[]): void;
  /** The answer to `requestSnapshot`; null when the channel has no state yet. */
  deliverSnapshot(symbol: string, stream: MarketStreamType, payload: Buffer | null): void;
}

/** A sink's connection to the market. */
export interface MarketLink {
  isSymbol(symbol: string): boolean;
  /** The sink has a first subscriber on the channel. */
  watch(symbol: string, stream: MarketStreamType): void;
  /** The sink lost its last subscriber on the channel. */
  unwatch(symbol: string, stream: MarketStreamType): void;
  /** The channel's current state; answered through `deliverSnapshot`, possibly before this returns. */
  requestSnapshot(symbol: string, stream: MarketStreamType): void;
  /** Unwatches everything. */
  close(): void;
}

/** Where sinks link to: the pump itself, or a worker process's relay to it. */
export interface MarketHub {
  link(sink: MarketSink): MarketLink;
}

/** The shortest pump period, whatever the intervals. */
const MIN_TICK_MS = 5;

/** How long a built snapshot may be handed to new subscribers (changes invalidate it at once). */
const SNAPSHOT_REUSE_MS = 50;

class PumpChannel {
  readonly sinks = new Set<MarketSink>();
  /** Something changed since the last flush (depth, trade and kline channels). */
  dirty = false;
  lastFlushMs = -Infinity;
  /** Interval number (time / interval) of the last flush: flushes land on interval boundaries. */
  lastFlushBucket = -1;
  /** Trades waiting for the next flush (trade channels only). */
  pendingTrades: TradeData[] = [];
  /** The last snapshot built, reused for a short while: a reconnect storm costs one serialisation, not thousands. */
  cachedSnapshot: { payload: Buffer; builtAtMs: number } | null = null;

  constructor(
    readonly symbol: string,
    readonly stream: MarketStreamType,
  ) {}
}

export class MarketPump implements MarketHub {
  private readonly channels = new Map<string, PumpChannel>();
  private readonly feedSubscriptions: Unsubscribe[];
  /** The pump runs on every multiple of this (the intervals' greatest common divisor): every channel's boundaries. */
  private readonly tickMs: number;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly feed: MarketFeed,
    private readonly limits: PumpLimits,
    private readonly clock: () => number = Date.now,
  ) {
    this.feedSubscriptions = [
      feed.onDepthChange((symbol) => {
        this.markChanged(symbol, 'depth');
        this.markChanged(symbol, 'depthDeep');
      }),
      feed.onKline((symbol) => this.markChanged(symbol, 'kline')),
      feed.onMarketLists(() => {
        this.markChanged(MARKET_LIST_SYMBOL, 'tickers');
        this.markChanged(MARKET_LIST_SYMBOL, 'coins');
      }),
      feed.onTrade((symbol, trade) => {
        const channel = this.channels.get(channelKey(symbol, 'trade'));
        if (!channel) return;
        channel.pendingTrades.push(trade);
        channel.cachedSnapshot = null;
        channel.dirty = true;
      }),
    ];
    const intervals = [limits.depthIntervalMs, limits.tradeIntervalMs, limits.klineIntervalMs, limits.tickerIntervalMs];
    this.tickMs = Math.max(MIN_TICK_MS, intervals.reduce(greatestCommonDivisor));
    this.schedule(Infinity);
  }

  link(sink: MarketSink): MarketLink {
    const watched = new Set<string>();
    return {
      isSymbol: (symbol) => this.feed.isSymbol(symbol),
      watch: (symbol, stream) => {
        const key = channelKey(symbol, stream);
        if (watched.has(key) || !isMarketChannel(this.feed, symbol, stream)) return;
        watched.add(key);
        let channel = this.channels.get(key);
        if (!channel) {
          channel = new PumpChannel(symbol, stream);
          // The first subscriber gets a snapshot now: the first flush waits for the next boundary (no duplicate).
          channel.lastFlushBucket = Math.floor(this.clock() / this.intervalOf(stream));
          this.channels.set(key, channel);
        }
        channel.sinks.add(sink);
      },
      unwatch: (symbol, stream) => {
        const key = channelKey(symbol, stream);
        if (watched.delete(key)) this.dropSink(key, sink);
      },
      requestSnapshot: (symbol, stream) => {
        const channel = this.channels.get(channelKey(symbol, stream));
        sink.deliverSnapshot(symbol, stream, channel ? this.snapshotOf(channel) : null);
      },
      close: () => {
        for (const key of watched) this.dropSink(key, sink);
        watched.clear();
      },
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const unsubscribe of this.feedSubscriptions) unsubscribe();
  }

  private dropSink(key: string, sink: MarketSink): void {
    const channel = this.channels.get(key);
    if (!channel) return;
    channel.sinks.delete(sink);
    if (channel.sinks.size === 0) this.channels.delete(key);
  }

  private markChanged(symbol: string, stream: 'depth' | 'depthDeep' | 'kline' | 'tickers' | 'coins'): void {
    const channel = this.channels.get(channelKey(symbol, stream));
    if (!channel) return;
    channel.cachedSnapshot = null;
    channel.dirty = true;
  }

  private intervalOf(stream: MarketStreamType): number {
    if (stream === 'depth' || stream === 'depthDeep') return this.limits.depthIntervalMs;
    if (stream === 'trade') return this.limits.tradeIntervalMs;
    if (stream === 'kline') return this.limits.klineIntervalMs;
    // The ticker, and the market-wide lists (each second, while they change).
    return this.limits.tickerIntervalMs;
  }

  /**
   * Times the next run: the next tick boundary, or sooner a channel held back by the spacing rule (`retryAtMs`).
   * Runs are locked to the boundaries instead of repeating on a timer of their own, whose period drifts against them:
   * drifted, the depth could go out half an interval after the ticker each second instead of with it, and the two
   * fan-outs then overlapped.
   */
  private schedule(retryAtMs: number): void {
    if (this.closed) return;
    const nowMs = this.clock();
    const nextBoundaryMs = nowMs - (nowMs % this.tickMs) + this.tickMs;
    // One millisecond late rather than early: the timer runs on the event loop's cached time, which may lag the clock.
    const delayMs = Math.ceil(Math.min(nextBoundaryMs, retryAtMs) - nowMs) + 1;
    this.timer = setTimeout(() => this.run(), Math.max(1, delayMs));
    this.timer.unref();
  }

  private run(): void {
    // The next boundary is timed before this run's work, which may take a while (an in-process fan-out).
    this.schedule(Infinity);
    const retryAtMs = this.pump();
    if (retryAtMs < Infinity && this.timer) {
      clearTimeout(this.timer);
      this.schedule(retryAtMs);
    }
  }

  /**
   * A channel is flushed on the first run after each boundary of its interval (multiples of it since the epoch), at
   * most once per interval, never sooner than 95 % of it after its last flush (after a late flush the next boundary
   * comes sooner: the channel then goes once the 95 % have passed, and is back on the boundary the interval after),
   * and only when changed (the ticker always). Each sink gets the run's flushes of the channels it watches in one
   * call. Returns when the earliest channel held back by the spacing may go (Infinity: none).
   */
  private pump(): number {
    let retryAtMs = Infinity;
    if (this.closed || this.channels.size === 0) return retryAtMs;
    const nowMs = this.clock();
    const bySink = new Map<MarketSink, MarketFlush[]>();
    for (const channel of this.channels.values()) {
      const intervalMs = this.intervalOf(channel.stream);
      // Floor: the interval number since the epoch.
      const bucket = Math.floor(nowMs / intervalMs);
      if (bucket === channel.lastFlushBucket) continue;
      if (channel.stream !== 'ticker' && !channel.dirty) continue;
      const earliestMs = channel.lastFlushMs + intervalMs * 0.95;
      if (nowMs < earliestMs) {
        retryAtMs = Math.min(retryAtMs, earliestMs);
        continue;
      }
      const flush = this.flushOf(channel);
      channel.dirty = false;
      channel.lastFlushBucket = bucket;
      channel.lastFlushMs = nowMs;
      if (!flush) continue;
      for (const sink of channel.sinks) {
        const flushes = bySink.get(sink);
        if (flushes) flushes.push(flush);
        else bySink.set(sink, [flush]);
      }
    }
    for (const [sink, flushes] of bySink) sink.deliverFlushes(flushes);
    return retryAtMs;
  }

  /**
   * What a flush of the channel sends: a snapshot built now, or for trades the ones since the last flush. Built now,
   * never the cached one: a subscriber's snapshot from just before the boundary would otherwise go out again, same
   * `ts`, as its first flush (the ticker has no change event to invalidate the cache).
   */
  private flushOf(channel: PumpChannel): MarketFlush | null {
    const { symbol, stream } = channel;
    if (stream !== 'trade') {
      const payload = this.freshSnapshotOf(channel, this.clock());
      return payload ? { symbol, stream, payload, delta: false } : null;
    }
    const trades = channel.pendingTrades;
    channel.pendingTrades = [];
    if (trades.length === 0) return null;
    const payload = encodeMessage({ type: 'trade', v: WS_PROTOCOL_VERSION, symbol, ts: this.clock(), data: trades });
    return { symbol, stream, payload, delta: true };
  }

  /** The channel's current state as one payload (what a new subscriber gets first); null when there is none yet. */
  private snapshotOf(channel: PumpChannel): Buffer | null {
    const nowMs = this.clock();
    const cached = channel.cachedSnapshot;
    if (cached && nowMs - cached.builtAtMs < SNAPSHOT_REUSE_MS) return cached.payload;
    return this.freshSnapshotOf(channel, nowMs);
  }

  /** Builds the channel's snapshot stamped `nowMs` and caches it for the subscribers that follow. */
  private freshSnapshotOf(channel: PumpChannel, nowMs: number): Buffer | null {
    const payload = this.buildSnapshot(channel, nowMs);
    channel.cachedSnapshot = payload ? { payload, builtAtMs: nowMs } : null;
    return payload;
  }

  private buildSnapshot(channel: PumpChannel, ts: number): Buffer | null {
    const { symbol } = channel;
    const { depthLevels, deepDepthLevels, recentTrades } = this.limits;
    switch (channel.stream) {
      case 'depth':
        return encodeDepth(symbol, this.feed.depth(symbol, depthLevels), depthLevels, ts);
      case 'depthDeep':
        return encodeDepth(symbol, this.feed.depth(symbol, deepDepthLevels), deepDepthLevels, ts, 'depthDeep');
      case 'ticker': {
        const data = this.feed.ticker(symbol);
        return data ? encodeMessage({ type: 'ticker', v: WS_PROTOCOL_VERSION, symbol, ts, data }) : null;
      }
      case 'kline': {
        const data = this.feed.kline(symbol);
        return data ? encodeMessage({ type: 'kline', v: WS_PROTOCOL_VERSION, symbol, ts, interval: '1m', data }) : null;
      }
      case 'trade': {
        const data = this.feed.recentTrades(symbol, recentTrades);
        return encodeMessage({ type: 'trade', v: WS_PROTOCOL_VERSION, symbol, ts, data });
      }
      case 'tickers':
        return encodeMessage({ type: 'tickers', v: WS_PROTOCOL_VERSION, symbol, ts, data: this.feed.tickers() });
      case 'coins':
        return encodeMessage({ type: 'coins', v: WS_PROTOCOL_VERSION, symbol, ts, data: this.feed.coins() });
    }
  }
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** A per-symbol stream of a symbol we have, or a market-wide list under MARKET_LIST_SYMBOL. */
export function isMarketChannel(
  market: { isSymbol(symbol: string): boolean },
  symbol: string,
  stream: MarketStreamType,
): boolean {
  return isMarketListStream(stream) ? symbol === MARKET_LIST_SYMBOL : market.isSymbol(symbol);
}

export function channelKey(symbol: string, stream: MarketStreamType): string {
  return `${stream}:${symbol}`;
}
