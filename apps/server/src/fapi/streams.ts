/**
 * Binance USDⓈ-M market streams under /fstream (#31 item 2), fed by the platform's own market pump (ws/pump.ts): the
 * hub is one more sink of it, so a payload is built once by the pump and turned into Binance events once here, then
 * fanned out. Paths: /fstream/ws/<stream>[/<stream>…] (raw events), /fstream/stream?streams=a/b (combined:
 * {stream, data}), and the /fstream/{public,market}/… forms ccxt uses; SUBSCRIBE, UNSUBSCRIBE and
 * LIST_SUBSCRIPTIONS on any of them. Streams, for every market the pump serves (#34): <symbol>@depth<5|10|20>[@100ms],
 * <symbol>@depth[@100ms] (diff depth with U/u/pu, numbered per market; the REST depth's lastUpdateId is that market's
 * last id here), @bookTicker, @aggTrade, @trade, @markPrice[@1s], @ticker, @kline_1m.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { MarketStreamType } from '@tickline/protocol';
import type { AppContext } from '../app/context.ts';
import type { MarketFlush, MarketHub, MarketLink, MarketSink } from '../ws/pump.ts';
import * as events from './stream-messages.ts';
import { accountUpdate, userEventsOf } from './user-stream.ts';
import { isListenKeyShaped, listenKeysOf, type ListenKeys } from './listen-keys.ts';
import { ListenKeyStreams, type KeyStream, type StreamKey } from './listen-key-streams.ts';
import type { EngineEvent } from '@tickline/engine';
import type { UserPresence } from '../ws/user-registry.ts';

const MAX_MESSAGE_BYTES = 16 * 1024;
const MAX_STREAMS_PER_CONNECTION = 200;
const PARTIAL_LEVELS = new Set([5, 10, 20]);

/** A connection; with `key`, a user data stream too. */
interface Connection extends KeyStream {
  streams: Set<string>;
}

/** A Binance stream name's market (upper case, as the pump names it) and the pump channel it reads. */
export interface StreamChannel {
  symbol: string;
  channel: MarketStreamType;
}

/** The pump channel a Binance stream name reads, or null for a name of no shape we serve (the market is not checked). */
export function channelOf(name: string): StreamChannel | null {
  const [lower, kind, rate, extra] = name.split('@');
  if (lower === undefined || !/^[a-z0-9]{1,20}$/.test(lower) || kind === undefined || extra !== undefined) return null;
  const channel = kindChannel(kind, rate);
  return channel === null ? null : { symbol: lower.toUpperCase(), channel };
}

function kindChannel(kind: string, rate: string | undefined): MarketStreamType | null {
  const depth = /^depth(\d+)?$/.exec(kind);
  if (depth) {
    if (depth[1] !== undefined && !PARTIAL_LEVELS.has(Number(depth[1]))) return null;
    return rate === undefined || /^(100|250|500)ms$/.test(rate) ? 'depth' : null;
  }
  if (kind === 'markPrice') return rate === undefined || rate === '1s' || rate === '3s' ? 'ticker' : null;
  if (rate !== undefined) return null;
  if (kind === 'bookTicker') return 'depth';
  if (kind === 'aggTrade' || kind === 'trade') return 'trade';
  if (kind === 'ticker') return 'ticker';
  if (kind === 'kline_1m') return 'kline';
  return null;
}

const hubs = new WeakMap<AppContext, FstreamHub>();

/** A market's diff depth's last update id for the REST snapshot (null when no stream hub runs in this process). */
export function depthUpdateIdOf(ctx: AppContext, symbol: string): number | null {
  return hubs.get(ctx)?.lastUpdateId(symbol) ?? null;
}

/** The user data streams of the app's /fstream (null when none runs in this process): a test runs their check. */
export function userStreamsOf(ctx: AppContext): ListenKeyStreams | null {
  return hubs.get(ctx)?.userStreams ?? null;
}

/** One market's diff depth: the book as last sent and the last update id (each market numbers its own). */
interface DepthState {
  book: { bids: events.Level[]; asks: events.Level[] } | null;
  id: number;
}

const channelKey = ({ symbol, channel }: StreamChannel) => `${symbol}@${channel}`;

/** Committed batches' events: the sequencer's (one process), or each user's part from the bus (a cluster's node). */
export interface CommittedEvents {
  onCommitted(listener: (batch: { events: readonly EngineEvent[] }) => void): () => void;
}

export class FstreamHub implements MarketSink {
  private readonly link: MarketLink;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly subscribers = new Map<string, Set<Connection>>();
  /** Subscribers per pump channel (`SYMBOL@channel`). */
  private readonly watching = new Map<string, number>();
  private readonly depths = new Map<string, DepthState>();
  /** The user data streams (connections opened on a listen key). */
  readonly userStreams: ListenKeyStreams;
  private readonly listener = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    this.upgrade(request, socket, head);

  constructor(
    hub: MarketHub,
    private readonly server: Server,
    listenKeys: ListenKeys,
    /** A cluster's node: listens to a user's events while a user data stream of theirs is open here. */
    private readonly presence: UserPresence | null = null,
  ) {
    this.link = hub.link(this);
    this.userStreams = new ListenKeyStreams(listenKeys);
    server.on('upgrade', this.listener);
  }

  lastUpdateId(symbol: string): number {
    return this.depths.get(symbol)?.id ?? 0;
  }

  /** The stream names served: a known shape of a market the pump serves. */
  private served(name: string): StreamChannel | null {
    const stream = channelOf(name);
    return stream !== null && this.link.isSymbol(stream.symbol) ? stream : null;
  }

  private depthOf(symbol: string): DepthState {
    let state = this.depths.get(symbol);
    if (!state) this.depths.set(symbol, (state = { book: null, id: 0 }));
    return state;
  }

  async close(): Promise<void> {
    this.server.off('upgrade', this.listener);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    this.link.close();
    await this.userStreams.close();
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://fstream');
    const path = url.pathname.replace(/^\/fstream(\/(public|market|private))?/, '');
    if (!url.pathname.startsWith('/fstream/')) return;
    const combined = path === '/stream';
    if (!combined && path !== '/ws' && !path.startsWith('/ws/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const names = combined ? (url.searchParams.get('streams') ?? '').split('/') : path.slice('/ws/'.length).split('/');
    // A listen key: `?listenKey=`, or a name of a key's shape among the streams (Binance's /ws/<key>, ?streams=<key>).
    const listenKey = url.searchParams.get('listenKey') ?? names.find(isListenKeyShaped) ?? null;
    if (listenKey === null) return this.accept(request, socket, head, combined, names, null);
    this.userStreams.keys.find(listenKey).then(
      (found) => {
        if (found === null) return void socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
        if (!socket.destroyed) this.acceptUser(request, socket, head, combined, names, { key: listenKey, ...found });
      },
      () => void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n'),
    );
  }

  private acceptUser(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    combined: boolean,
    names: string[],
    key: StreamKey,
  ): void {
    if (!this.presence) return this.accept(request, socket, head, combined, names, key);
    // Opened once the user's events reach this node, so the stream's first events are not lost.
    const presence = this.presence;
    const userId = key.userId;
    void presence.join(userId).then(() => {
      if (socket.destroyed) return presence.leave(userId);
      // One leave per join, whether the upgrade completes or not.
      socket.once('close', () => presence.leave(userId));
      this.accept(request, socket, head, combined, names, key);
    });
  }

  private accept(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    combined: boolean,
    names: string[],
    key: StreamKey | null,
  ): void {
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = { ws, combined, streams: new Set() };
      if (key !== null) this.userStreams.add(connection, key);
      // ccxt appends a connection number (/ws/0): path parts that are no stream name are not streams.
      this.subscribe(
        connection,
        names.filter((name) => this.served(name) !== null),
      );
      ws.on('message', (data: RawData) => this.handleMessage(connection, data));
      ws.on('close', () => {
        this.unsubscribe(connection, [...connection.streams]);
        this.userStreams.remove(connection);
      });
    });
  }

  private handleMessage(connection: Connection, data: RawData): void {
    let message: { method?: unknown; params?: unknown; id?: unknown };
    try {
      message = JSON.parse(data.toString()) as typeof message;
    } catch {
      return this.reply(connection, { error: { code: 3, msg: 'Invalid JSON' }, id: null });
    }
    const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
    const params = Array.isArray(message.params) ? message.params.filter((p) => typeof p === 'string') : [];
    if (message.method === 'LIST_SUBSCRIPTIONS') return this.reply(connection, { result: [...connection.streams], id });
    if (message.method !== 'SUBSCRIBE' && message.method !== 'UNSUBSCRIBE')
      return this.reply(connection, { error: { code: 2, msg: 'Invalid request: unknown method' }, id });
    const unknown = params.find((name) => this.served(name) === null);
    if (unknown !== undefined || params.length === 0)
      return this.reply(connection, { error: { code: 2, msg: `Invalid request: stream ${unknown ?? ''}` }, id });
    if (message.method === 'SUBSCRIBE') {
      if (connection.streams.size + params.length > MAX_STREAMS_PER_CONNECTION)
        return this.reply(connection, { error: { code: 2, msg: 'Invalid request: too many streams' }, id });
      this.subscribe(connection, params);
    } else this.unsubscribe(connection, params);
    this.reply(connection, { result: null, id });
  }

  private reply(connection: Connection, answer: unknown): void {
    if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(JSON.stringify(answer));
  }

  private subscribe(connection: Connection, names: string[]): void {
    for (const name of names) {
      if (connection.streams.has(name)) continue;
      connection.streams.add(name);
      let set = this.subscribers.get(name);
      if (!set) this.subscribers.set(name, (set = new Set()));
      set.add(connection);
      const stream = this.served(name)!;
      const key = channelKey(stream);
      const count = this.watching.get(key) ?? 0;
      this.watching.set(key, count + 1);
      if (count === 0) {
        this.link.watch(stream.symbol, stream.channel);
        if (stream.channel === 'depth') this.link.requestSnapshot(stream.symbol, stream.channel);
      }
    }
  }

  private unsubscribe(connection: Connection, names: string[]): void {
    for (const name of names) {
      if (!connection.streams.delete(name)) continue;
      this.subscribers.get(name)?.delete(connection);
      const stream = channelOf(name)!;
      const key = channelKey(stream);
      const count = (this.watching.get(key) ?? 1) - 1;
      this.watching.set(key, count);
      if (count === 0) {
        this.link.unwatch(stream.symbol, stream.channel);
        if (stream.channel === 'depth') this.depthOf(stream.symbol).book = null;
      }
    }
  }

  /** Sends one event to the subscribers of every name of the market ending in one of `suffixes` (after `btcusdt@`). */
  private emit(symbol: string, suffixes: readonly string[], event: unknown): void {
    let raw: string | null = null;
    const lower = symbol.toLowerCase();
    for (const suffix of suffixes) {
      const name = `${lower}@${suffix}`;
      const set = this.subscribers.get(name);
      if (!set || set.size === 0) continue;
      raw ??= JSON.stringify(event);
      const wrapped = `{"stream":${JSON.stringify(name)},"data":${raw}}`;
      for (const connection of set)
        if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(connection.combined ? wrapped : raw);
    }
  }

  deliverSnapshot(symbol: string, stream: MarketStreamType, payload: Buffer | null): void {
    // The diff depth starts from the book as it is when first watched; other streams start with the next flush.
    if (stream !== 'depth' || !payload) return;
    const state = this.depthOf(symbol);
    state.book ??= events.levelsOf(JSON.parse(payload.toString()).data);
  }

  deliverFlushes(flushes: readonly MarketFlush[]): void {
    for (const flush of flushes) {
      // A cluster's relay sends every channel (it does not track what a node watches): unwatched ones are skipped.
      if (!this.watching.get(channelKey({ symbol: flush.symbol, channel: flush.stream }))) continue;
      const message = JSON.parse(flush.payload.toString()) as { ts: number; data: never };
      const time = message.ts;
      const symbol = flush.symbol;
      if (flush.stream === 'depth') this.depth(symbol, time, message.data);
      else if (flush.stream === 'trade')
        for (const trade of message.data as Parameters<typeof events.tradeEvent>[1][]) {
          this.emit(symbol, ['aggTrade'], events.aggTradeEvent(symbol, trade, time));
          this.emit(symbol, ['trade'], events.tradeEvent(symbol, trade, time));
        }
      else if (flush.stream === 'ticker') {
        const mark = events.markPriceEvent(symbol, message.data, time);
        this.emit(symbol, ['markPrice', 'markPrice@1s', 'markPrice@3s'], mark);
        this.emit(symbol, ['ticker'], events.tickerEvent(symbol, message.data, time));
      } else if (flush.stream === 'kline')
        this.emit(symbol, ['kline_1m'], events.klineEvent(symbol, message.data, time));
    }
  }

  private depth(symbol: string, time: number, data: Parameters<typeof events.levelsOf>[0]): void {
    const state = this.depthOf(symbol);
    const next = events.levelsOf(data);
    const previous = state.book ?? { bids: [], asks: [] };
    state.book = next;
    const bids = events.diffLevels(previous.bids, next.bids);
    const asks = events.diffLevels(previous.asks, next.asks);
    if (bids.length === 0 && asks.length === 0) return;
    const pu = state.id;
    state.id += 1;
    const ids = { U: state.id, u: state.id, pu };
    const diff = events.depthEvent(symbol, time, ids, bids, asks);
    this.emit(symbol, ['depth', 'depth@100ms', 'depth@250ms', 'depth@500ms'], diff);
    for (const levels of PARTIAL_LEVELS) {
      const partial = events.depthEvent(symbol, time, ids, next.bids.slice(0, levels), next.asks.slice(0, levels));
      const names = [`depth${levels}`, `depth${levels}@100ms`, `depth${levels}@250ms`, `depth${levels}@500ms`];
      this.emit(symbol, names, partial);
    }
    this.emit(symbol, ['bookTicker'], events.bookTickerEvent(symbol, time, state.id, next.bids, next.asks));
  }
}

/**
 * Serves /fstream on the app's server from the platform's pump, and the user data streams from the committed batches
 * (the source of the platform's own user events); answers how to stop it.
 */
export function attachFstream(
  app: FastifyInstance,
  hub: MarketHub,
  sequencer?: CommittedEvents,
  presence?: UserPresence,
): () => Promise<void> {
  const fstream = new FstreamHub(hub, app.server, listenKeysOf(app.context), presence);
  hubs.set(app.context, fstream);
  const trading = app.context.services.trading;
  const users = fstream.userStreams;
  const stopBatches = sequencer?.onCommitted((batch) => {
    const time = app.context.clock.now();
    for (const item of userEventsOf(batch.events, time)) {
      if (!users.hasUser(item.userId)) continue;
      if ('event' in item) users.publishToUser(item.userId, item.event);
      else
        void trading
          .balanceOf(item.userId)
          .then((balance) => users.publishToUser(item.userId, accountUpdate(item.position, item.symbol, balance, time)))
          .catch(() => undefined);
    }
  });
  return async () => {
    stopBatches?.();
    hubs.delete(app.context);
    await fstream.close();
  };
}
