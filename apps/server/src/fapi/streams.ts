/**
 * Binance USDⓈ-M market streams under /fstream (#31 item 2), fed by the platform's own market pump (ws/pump.ts): the
 * hub is one more sink of it, so a payload is built once by the pump and turned into Binance events once here, then
 * fanned out. Paths: /fstream/ws/<stream>[/<stream>…] (raw events), /fstream/stream?streams=a/b (combined:
 * {stream, data}), and the /fstream/{public,market}/… forms ccxt uses; SUBSCRIBE, UNSUBSCRIBE and
 * LIST_SUBSCRIPTIONS on any of them. Streams: <symbol>@depth<5|10|20>[@100ms], <symbol>@depth[@100ms] (diff depth
 * with U/u/pu; the REST depth's lastUpdateId is this hub's last id), @bookTicker, @aggTrade, @trade,
 * @markPrice[@1s], @ticker, @kline_1m.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { MarketStreamType } from '@tickline/protocol';
import type { AppContext } from '../app/context.ts';
import type { MarketFlush, MarketHub, MarketLink, MarketSink } from '../ws/pump.ts';
import * as events from './stream-messages.ts';
import { SYMBOL } from './views.ts';
import { accountUpdate, listenKeysOf, userEventsOf, type ListenKeys } from './user-stream.ts';
import type { Exchange } from '@tickline/engine';
import type { Sequencer } from '../services/sequencer/sequencer.ts';

const MAX_MESSAGE_BYTES = 16 * 1024;
const MAX_STREAMS_PER_CONNECTION = 200;
const PARTIAL_LEVELS = new Set([5, 10, 20]);

interface Connection {
  ws: WebSocket;
  combined: boolean;
  streams: Set<string>;
  /** A user data stream's key (and user). */
  listenKey?: string;
  userId?: number;
}

const EXPIRY_CHECK_MS = 10_000;

/** The pump channel a Binance stream name reads, or null for a name we do not serve. */
export function channelOf(name: string): MarketStreamType | null {
  const [symbol, kind, rate, extra] = name.split('@');
  if (symbol !== events.LOWER_SYMBOL || kind === undefined || extra !== undefined) return null;
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

/** The diff depth's last update id for the REST snapshot (null when no stream hub runs in this process). */
export function depthUpdateIdOf(ctx: AppContext): number | null {
  return hubs.get(ctx)?.lastUpdateId ?? null;
}

export class FstreamHub implements MarketSink {
  private readonly link: MarketLink;
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly watching = new Map<MarketStreamType, number>();
  private book: { bids: events.Level[]; asks: events.Level[] } | null = null;
  private readonly users = new Map<number, Set<Connection>>();
  private readonly expiryTimer: NodeJS.Timeout;
  private depthId = 0;
  private readonly listener = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    this.upgrade(request, socket, head);

  constructor(
    hub: MarketHub,
    private readonly server: Server,
    private readonly listenKeys: ListenKeys,
  ) {
    this.link = hub.link(this);
    server.on('upgrade', this.listener);
    this.expiryTimer = setInterval(() => this.expireKeys(), EXPIRY_CHECK_MS);
    this.expiryTimer.unref();
  }

  /** Sends a user data event to the user's streams. */
  publishToUser(userId: number, event: unknown): void {
    const set = this.users.get(userId);
    if (!set) return;
    const raw = JSON.stringify(event);
    for (const connection of set) {
      if (connection.ws.readyState !== WebSocket.OPEN) continue;
      connection.ws.send(connection.combined ? `{"stream":"${connection.listenKey}","data":${raw}}` : raw);
    }
  }

  hasUser(userId: number): boolean {
    return (this.users.get(userId)?.size ?? 0) > 0;
  }

  private expireKeys(): void {
    const lapsed = new Set(this.listenKeys.expire());
    if (lapsed.size === 0) return;
    for (const set of this.users.values())
      for (const connection of set)
        if (connection.listenKey && lapsed.has(connection.listenKey)) {
          const event = { e: 'listenKeyExpired', E: Date.now(), listenKey: connection.listenKey };
          this.publishToUser(connection.userId!, event);
          connection.ws.close();
        }
  }

  get lastUpdateId(): number {
    return this.depthId;
  }

  close(): void {
    this.server.off('upgrade', this.listener);
    clearInterval(this.expiryTimer);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
    this.link.close();
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://fstream');
    const path = url.pathname.replace(/^\/fstream(\/(public|market|private))?/, '');
    if (!url.pathname.startsWith('/fstream/')) return;
    const named = path.startsWith('/ws/') ? path.slice('/ws/'.length) : '';
    const listenKey = url.searchParams.get('listenKey') ?? (this.listenKeys.userOf(named) === null ? null : named);
    const userId = listenKey === null ? null : this.listenKeys.userOf(listenKey);
    if (listenKey !== null && userId === null) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const combined = path === '/stream';
    if (!combined && path !== '/ws' && !path.startsWith('/ws/')) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const names = combined ? (url.searchParams.get('streams') ?? '').split('/') : path.slice('/ws/'.length).split('/');
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = { ws, combined, streams: new Set() };
      if (listenKey !== null && userId !== null) this.addUser(connection, listenKey, userId);
      // ccxt appends a connection number (/ws/0): path parts that are no stream name are not streams.
      this.subscribe(
        connection,
        names.filter((name) => channelOf(name) !== null),
      );
      ws.on('message', (data: RawData) => this.handleMessage(connection, data));
      ws.on('close', () => {
        this.unsubscribe(connection, [...connection.streams]);
        if (connection.userId !== undefined) this.users.get(connection.userId)?.delete(connection);
      });
    });
  }

  private addUser(connection: Connection, listenKey: string, userId: number): void {
    connection.listenKey = listenKey;
    connection.userId = userId;
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(connection);
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
    const unknown = params.find((name) => channelOf(name) === null);
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
      const channel = channelOf(name)!;
      const count = this.watching.get(channel) ?? 0;
      this.watching.set(channel, count + 1);
      if (count === 0) {
        this.link.watch(SYMBOL, channel);
        if (channel === 'depth') this.link.requestSnapshot(SYMBOL, channel);
      }
    }
  }

  private unsubscribe(connection: Connection, names: string[]): void {
    for (const name of names) {
      if (!connection.streams.delete(name)) continue;
      this.subscribers.get(name)?.delete(connection);
      const channel = channelOf(name)!;
      const count = (this.watching.get(channel) ?? 1) - 1;
      this.watching.set(channel, count);
      if (count === 0) {
        this.link.unwatch(SYMBOL, channel);
        if (channel === 'depth') this.book = null;
      }
    }
  }

  /** Sends one event to the subscribers of every name ending in one of `suffixes` (after `btcusdt@`). */
  private emit(suffixes: readonly string[], event: unknown): void {
    let raw: string | null = null;
    for (const suffix of suffixes) {
      const name = `${events.LOWER_SYMBOL}@${suffix}`;
      const set = this.subscribers.get(name);
      if (!set || set.size === 0) continue;
      raw ??= JSON.stringify(event);
      const wrapped = `{"stream":${JSON.stringify(name)},"data":${raw}}`;
      for (const connection of set)
        if (connection.ws.readyState === WebSocket.OPEN) connection.ws.send(connection.combined ? wrapped : raw);
    }
  }

  deliverSnapshot(_symbol: string, stream: MarketStreamType, payload: Buffer | null): void {
    // The diff depth starts from the book as it is when first watched; other streams start with the next flush.
    if (stream === 'depth' && payload && !this.book) this.book = events.levelsOf(JSON.parse(payload.toString()).data);
  }

  deliverFlushes(flushes: readonly MarketFlush[]): void {
    for (const flush of flushes) {
      const message = JSON.parse(flush.payload.toString()) as { ts: number; data: never };
      const time = message.ts;
      if (flush.stream === 'depth') this.depth(time, message.data);
      else if (flush.stream === 'trade')
        for (const trade of message.data as Parameters<typeof events.tradeEvent>[0][]) {
          this.emit(['aggTrade'], events.aggTradeEvent(trade, time));
          this.emit(['trade'], events.tradeEvent(trade, time));
        }
      else if (flush.stream === 'ticker') {
        this.emit(['markPrice', 'markPrice@1s', 'markPrice@3s'], events.markPriceEvent(message.data, time));
        this.emit(['ticker'], events.tickerEvent(message.data, time));
      } else if (flush.stream === 'kline') this.emit(['kline_1m'], events.klineEvent(message.data, time));
    }
  }

  private depth(time: number, data: Parameters<typeof events.levelsOf>[0]): void {
    const next = events.levelsOf(data);
    const previous = this.book ?? { bids: [], asks: [] };
    this.book = next;
    const bids = events.diffLevels(previous.bids, next.bids);
    const asks = events.diffLevels(previous.asks, next.asks);
    if (bids.length === 0 && asks.length === 0) return;
    const pu = this.depthId;
    this.depthId += 1;
    const ids = { U: this.depthId, u: this.depthId, pu };
    this.emit(['depth', 'depth@100ms', 'depth@250ms', 'depth@500ms'], events.depthEvent(time, ids, bids, asks));
    for (const levels of PARTIAL_LEVELS) {
      const partial = events.depthEvent(time, ids, next.bids.slice(0, levels), next.asks.slice(0, levels));
      this.emit([`depth${levels}`, `depth${levels}@100ms`, `depth${levels}@250ms`, `depth${levels}@500ms`], partial);
    }
    this.emit(['bookTicker'], events.bookTickerEvent(time, this.depthId, next.bids, next.asks));
  }
}

/**
 * Serves /fstream on the app's server from the platform's pump, and the user data streams from the sequencer's
 * committed batches (the source of the platform's own user events); answers how to stop it.
 */
export function attachFstream(
  app: FastifyInstance,
  hub: MarketHub,
  sequencer?: Pick<Sequencer<Exchange>, 'onCommitted'>,
): () => Promise<void> {
  const fstream = new FstreamHub(hub, app.server, listenKeysOf(app.context));
  hubs.set(app.context, fstream);
  const trading = app.context.services.trading;
  const stopBatches = sequencer?.onCommitted((batch) => {
    const time = app.context.clock.now();
    for (const item of userEventsOf(batch.events, time)) {
      if (!fstream.hasUser(item.userId)) continue;
      if ('event' in item) fstream.publishToUser(item.userId, item.event);
      else
        void trading
          .balanceOf(item.userId)
          .then((balance) =>
            fstream.publishToUser(item.userId, accountUpdate(item.position, item.symbol, balance, time)),
          )
          .catch(() => undefined);
    }
  });
  return async () => {
    stopBatches?.();
    hubs.delete(app.context);
    fstream.close();
  };
}
