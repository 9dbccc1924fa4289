/**
 * The websocket gateway: public market streams (depth, ticker, trade, kline per symbol) and the authenticated user
 * stream, with the seeds' message protocol (see @tickline/protocol ws.ts).
 *
 * Fan-out: each update is serialised and framed ONCE per channel and the same bytes are written to every
 * subscriber's socket. Depth, trades and klines go out at most once per interval (100, 100, 250 ms) and only when
 * something changed; the ticker every second. Flushes land on interval boundaries, so frames falling due together
 * (depth and ticker, each second) reach a client in one write.
 * Protection: incoming frames are capped (oversize closes with 1009), messages are rate limited per connection
 * (a flood closes with 1008), subscriptions are capped, bad messages are answered with an error. A client whose
 * socket buffer is over a threshold skips market updates instead of queueing them without bound, and gets a fresh
 * snapshot as soon as it has caught up. Ping/pong drops dead connections.
 */
import type { IncomingMessage, Server } from 'node:http';
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  Errors,
  MARKET_STREAM_TYPES,
  WS_CLOSE_CODES,
  WS_PATH,
  WS_PROTOCOL_VERSION,
  type ErrorDefinition,
  type MarketStreamType,
  type TradeData,
  type UserEventKind,
  type WsServerMessage,
} from '@tickline/protocol';
import { silentLogger, type MarketLogger } from '../services/market/logger.ts';
import type { Unsubscribe } from '../services/market/types.ts';
import type { MarketFeed } from './feed.ts';
import { encodeDepth, encodeMessage } from './serialize.ts';

export interface GatewayLimits {
  /** Largest incoming frame; larger ones close the connection with 1009. */
  maxPayloadBytes: number;
  /** Sustained incoming messages per second, and the burst allowed on top. */
  messagesPerSecond: number;
  messageBurst: number;
  maxSubscriptions: number;
  maxConnections: number;
  depthLevels: number;
  depthIntervalMs: number;
  tradeIntervalMs: number;
  klineIntervalMs: number;
  tickerIntervalMs: number;
  /** Above this many unsent bytes a client skips market updates (and gets a snapshot once below). */
  slowClientBytes: number;
  /** Above this (user events keep coming) the connection is closed with 1013. */
  maxBufferedBytes: number;
  heartbeatIntervalMs: number;
  recentTrades: number;
}

export const DEFAULT_GATEWAY_LIMITS: GatewayLimits = {
  maxPayloadBytes: 4096,
  messagesPerSecond: 10,
  messageBurst: 40,
  maxSubscriptions: 20,
  maxConnections: 20_000,
  depthLevels: 20,
  depthIntervalMs: 100,
  tradeIntervalMs: 100,
  klineIntervalMs: 250,
  tickerIntervalMs: 1000,
  slowClientBytes: 256 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  heartbeatIntervalMs: 30_000,
  recentTrades: 50,
};

/** Resolves an access token to its user, or null when it is invalid (injected from the auth module). */
export type VerifyToken = (token: string) => Promise<{ userId: number } | null>;

export interface GatewayOptions {
  feed: MarketFeed;
  verifyToken?: VerifyToken;
  limits?: Partial<GatewayLimits>;
  logger?: MarketLogger;
  clock?: () => number;
}

export interface GatewayCounters {
  connections: number;
  /** Market frames written (one per subscriber per broadcast). */
  framesSent: number;
  /** Market updates skipped for slow clients. */
  framesSkipped: number;
  snapshotsAfterSkip: number;
  userEventsSent: number;
}

class Client {
  readonly subscriptions = new Set<Channel>();
  /** Channels whose updates were skipped: the next frame on them must be a snapshot. */
  readonly stale = new Set<Channel>();
  userId: number | null = null;
  alive = true;
  tokens: number;
  refilledAtMs: number;

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket under `socket`: broadcasts write prebuilt frames to it directly. */
    readonly transport: Duplex,
    burst: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.refilledAtMs = nowMs;
  }
}

class Channel {
  readonly subscribers = new Set<Client>();
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

const SEND_AS_TEXT = { binary: false } as const;
/** How long a built snapshot may be handed to new subscribers (changes invalidate it at once). */
const SNAPSHOT_REUSE_MS = 50;

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class WsGateway {
  readonly limits: GatewayLimits;
  readonly counters: GatewayCounters = {
    connections: 0,
    framesSent: 0,
    framesSkipped: 0,
    snapshotsAfterSkip: 0,
    userEventsSent: 0,
  };
  private readonly feed: MarketFeed;
  private readonly verifyToken: VerifyToken | null;
  private readonly logger: MarketLogger;
  private readonly clock: () => number;
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly channels = new Map<string, Channel>();
  private readonly usersOnline = new Map<number, Set<Client>>();
  private readonly feedSubscriptions: Unsubscribe[];
  private readonly attached: Array<{ server: Server; listener: UpgradeListener }> = [];
  private readonly ownServers: Server[] = [];
  private readonly pumpTimer: NodeJS.Timeout;
  private readonly heartbeatTimer: NodeJS.Timeout;
  private closed = false;

  constructor(options: GatewayOptions) {
    this.feed = options.feed;
    this.verifyToken = options.verifyToken ?? null;
    this.logger = options.logger ?? silentLogger;
    this.clock = options.clock ?? Date.now;
    this.limits = { ...DEFAULT_GATEWAY_LIMITS, ...options.limits };
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: this.limits.maxPayloadBytes,
      perMessageDeflate: false,
      clientTracking: false,
    });
    this.feedSubscriptions = [
      this.feed.onDepthChange((symbol) => this.markChanged(symbol, 'depth')),
      this.feed.onKline((symbol) => this.markChanged(symbol, 'kline')),
      this.feed.onTrade((symbol, trade) => {
        const channel = this.channels.get(channelKey(symbol, 'trade'));
        if (!channel) return;
        channel.pendingTrades.push(trade);
        channel.cachedSnapshot = null;
        channel.dirty = true;
      }),
    ];
    const shortestIntervalMs = Math.min(
      this.limits.depthIntervalMs,
      this.limits.tradeIntervalMs,
      this.limits.klineIntervalMs,
      this.limits.tickerIntervalMs,
    );
    this.pumpTimer = setInterval(() => this.pump(), Math.max(5, Math.floor(shortestIntervalMs / 2)));
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.limits.heartbeatIntervalMs);
    this.pumpTimer.unref();
    this.heartbeatTimer.unref();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Servers

  /** Serves the gateway on `path` of an existing HTTP server (the API's); other upgrade paths are left alone. */
  attach(server: Server, path: string = WS_PATH): void {
    const listener: UpgradeListener = (request, socket, head) => {
      const requestPath = (request.url ?? '/').split('?')[0];
      if (requestPath !== path) {
        // Nobody else is listening for upgrades: refuse instead of leaving the socket hanging.
        if (server.listenerCount('upgrade') === 1) rejectUpgrade(socket, 404);
        return;
      }
      this.handleUpgrade(request, socket, head);
    };
    server.on('upgrade', listener);
    this.attached.push({ server, listener });
  }

  /** A second, websocket-only port (WS_PORT): any path is accepted, as the seeds connect to the bare port. */
  async listen(port: number, host = '0.0.0.0'): Promise<Server> {
    const server = createServer((_request, response) => {
      response.writeHead(426, { 'content-type': 'text/plain' }).end('websocket only');
    });
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      this.handleUpgrade(request, socket, head),
    );
    this.ownServers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    return server;
  }

  /** Stops everything: detaches from servers, closes own servers and every connection (1001). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.pumpTimer);
    clearInterval(this.heartbeatTimer);
    for (const unsubscribe of this.feedSubscriptions) unsubscribe();
    for (const { server, listener } of this.attached) server.off('upgrade', listener);
    for (const client of this.clients) client.socket.close(WS_CLOSE_CODES.goingAway, 'server shutting down');
    await Promise.all(
      this.ownServers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
    for (const client of this.clients) client.socket.terminate();
  }

  // ---------------------------------------------------------------------------------------------------------------
  // User stream

  /**
   * Sends one event to every connection the user has authenticated; returns how many received it.
   * The sequencer calls this after a commit. Events are never skipped; a connection that cannot absorb them is closed.
   */
  publishToUser(userId: number, event: UserEventKind, data: unknown): number {
    const clients = this.usersOnline.get(userId);
    if (!clients || clients.size === 0) return 0;
    const frame = encodeMessage({ type: 'user', v: WS_PROTOCOL_VERSION, ts: this.clock(), event, data });
    let delivered = 0;
    for (const client of clients) {
      if (client.socket.readyState !== WebSocket.OPEN) continue;
      if (client.socket.bufferedAmount > this.limits.maxBufferedBytes) {
        client.socket.close(WS_CLOSE_CODES.tryAgainLater, 'too slow');
        continue;
      }
      client.socket.send(frame, SEND_AS_TEXT);
      delivered += 1;
    }
    this.counters.userEventsSent += delivered;
    return delivered;
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Connections

  private handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (this.closed) return rejectUpgrade(socket, 503);
    if (this.clients.size >= this.limits.maxConnections) return rejectUpgrade(socket, 503);
    this.wss.handleUpgrade(request, socket, head, (ws) => this.handleConnection(ws, socket));
  }

  private handleConnection(socket: WebSocket, transport: Duplex): void {
    const client = new Client(socket, transport, this.limits.messageBurst, this.clock());
    this.clients.add(client);
    this.counters.connections = this.clients.size;
    socket.on('message', (data, isBinary) => this.handleMessage(client, data, isBinary));
    socket.on('pong', () => {
      client.alive = true;
    });
    // Oversize frames and protocol errors: ws closes the connection itself (1009 / 1002) after this event.
    socket.on('error', () => undefined);
    socket.on('close', () => this.dropClient(client));
  }

  private dropClient(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.counters.connections = this.clients.size;
    for (const channel of client.subscriptions) this.removeSubscriber(channel, client);
    client.subscriptions.clear();
    this.setUser(client, null);
  }

  private heartbeat(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Incoming messages

  private handleMessage(client: Client, data: RawData, isBinary: boolean): void {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    client.alive = true;
    if (!this.takeToken(client)) {
      client.socket.close(WS_CLOSE_CODES.policyViolation, 'message rate limit exceeded');
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
    } catch {
      return this.sendError(client, Errors.WS_MALFORMED_MESSAGE);
    }
    if (!isRecord(message) || typeof message.type !== 'string')
      return this.sendError(client, Errors.WS_INVALID_MESSAGE);
    switch (message.type) {
      case 'subscribe':
      case 'unsubscribe':
        return this.handleSubscription(client, message, message.type);
      case 'auth':
        return void this.handleAuth(client, message);
      case 'optionPositionsSubscribe':
      case 'optionPositionsUnsubscribe': {
        const userNo = message.userNo;
        if (typeof userNo !== 'number' && typeof userNo !== 'string') {
          return this.sendError(client, Errors.WS_INVALID_MESSAGE);
        }
        // Accepted for the seeds' client, which ignores the answer; option results travel on the user stream.
        const subscribed = message.type === 'optionPositionsSubscribe';
        return this.send(client, { type: 'optionPositions', v: WS_PROTOCOL_VERSION, userNo, subscribed });
      }
      case 'ping':
        return this.send(client, { type: 'pong', v: WS_PROTOCOL_VERSION, ts: this.clock() });
      default:
        return this.sendError(client, Errors.WS_UNKNOWN_MESSAGE_TYPE);
    }
  }

  /** Token bucket: `messagesPerSecond` sustained, `messageBurst` at once. */
  private takeToken(client: Client): boolean {
    const nowMs = this.clock();
    const refill = ((nowMs - client.refilledAtMs) * this.limits.messagesPerSecond) / 1000;
    client.tokens = Math.min(this.limits.messageBurst, client.tokens + refill);
    client.refilledAtMs = nowMs;
    if (client.tokens < 1) return false;
    client.tokens -= 1;
    return true;
  }

  private handleSubscription(
    client: Client,
    message: Record<string, unknown>,
    type: 'subscribe' | 'unsubscribe',
  ): void {
    const { symbol: rawSymbol, streamType } = message;
    if (typeof rawSymbol !== 'string' || typeof streamType !== 'string') {
      return this.sendError(client, Errors.WS_INVALID_MESSAGE);
    }
    if (!(MARKET_STREAM_TYPES as readonly string[]).includes(streamType)) {
      return this.sendError(client, Errors.WS_UNKNOWN_STREAM);
    }
    const stream = streamType as MarketStreamType;
    const symbol = rawSymbol.toUpperCase();
    if (!this.feed.isSymbol(symbol)) return this.sendError(client, Errors.MARKET_UNKNOWN_SYMBOL);
    const key = channelKey(symbol, stream);
    if (type === 'unsubscribe') {
      const channel = this.channels.get(key);
      if (channel && client.subscriptions.delete(channel)) this.removeSubscriber(channel, client);
      return this.send(client, { type: 'unsubscribed', v: WS_PROTOCOL_VERSION, symbol, streamType: stream });
    }
    let channel = this.channels.get(key);
    if (!channel || !client.subscriptions.has(channel)) {
      if (client.subscriptions.size >= this.limits.maxSubscriptions) {
        return this.sendError(client, Errors.WS_SUBSCRIPTION_LIMIT);
      }
      if (!channel) {
        channel = new Channel(symbol, stream);
        this.channels.set(key, channel);
      }
      channel.subscribers.add(client);
      client.subscriptions.add(channel);
    }
    this.send(client, { type: 'subscribed', v: WS_PROTOCOL_VERSION, symbol, streamType: stream });
    const snapshot = this.snapshotFrame(channel);
    if (snapshot) client.socket.send(snapshot, SEND_AS_TEXT);
  }

  private async handleAuth(client: Client, message: Record<string, unknown>): Promise<void> {
    if (!this.verifyToken) return this.sendError(client, Errors.WS_AUTH_UNAVAILABLE);
    if (typeof message.token !== 'string' || message.token.length === 0 || message.token.length > 2048) {
      return this.sendError(client, Errors.WS_INVALID_MESSAGE);
    }
    let identity: { userId: number } | null = null;
    try {
      identity = await this.verifyToken(message.token);
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'websocket token check failed');
    }
    if (client.socket.readyState !== WebSocket.OPEN) return;
    if (!identity) {
      this.setUser(client, null);
      return this.sendError(client, Errors.SESSION_INVALID);
    }
    this.setUser(client, identity.userId);
    this.send(client, { type: 'auth', v: WS_PROTOCOL_VERSION, data: { userId: identity.userId } });
  }

  private setUser(client: Client, userId: number | null): void {
    if (client.userId !== null) {
      const clients = this.usersOnline.get(client.userId);
      clients?.delete(client);
      if (clients?.size === 0) this.usersOnline.delete(client.userId);
    }
    client.userId = userId;
    if (userId === null) return;
    let clients = this.usersOnline.get(userId);
    if (!clients) this.usersOnline.set(userId, (clients = new Set()));
    clients.add(client);
  }

  private removeSubscriber(channel: Channel, client: Client): void {
    channel.subscribers.delete(client);
    client.stale.delete(channel);
    if (channel.subscribers.size > 0) return;
    this.channels.delete(channelKey(channel.symbol, channel.stream));
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Outgoing market data

  private markChanged(symbol: string, stream: 'depth' | 'kline'): void {
    const channel = this.channels.get(channelKey(symbol, stream));
    if (!channel) return;
    channel.cachedSnapshot = null;
    channel.dirty = true;
  }

  private intervalOf(stream: MarketStreamType): number {
    if (stream === 'depth') return this.limits.depthIntervalMs;
    if (stream === 'trade') return this.limits.tradeIntervalMs;
    if (stream === 'kline') return this.limits.klineIntervalMs;
    return this.limits.tickerIntervalMs;
  }

  /**
   * Runs every half of the shortest interval. A channel is flushed on the first run after each boundary of its
   * interval (multiples of it since the epoch), at most once per interval and only when changed (the ticker always),
   * so channels of different intervals fall due in the same run at shared boundaries (every second the depth and the
   * ticker): those frames go to each client in one write.
   */
  private pump(): void {
    if (this.closed || this.channels.size === 0) return;
    const nowMs = this.clock();
    const due: Array<{ channel: Channel; payload: Buffer; snapshot?: () => Buffer | null }> = [];
    for (const channel of this.channels.values()) {
      const intervalMs = this.intervalOf(channel.stream);
      const bucket = Math.floor(nowMs / intervalMs);
      if (bucket === channel.lastFlushBucket || nowMs - channel.lastFlushMs < intervalMs * 0.95) continue;
      if (channel.stream !== 'ticker' && !channel.dirty) continue;
      const flush = this.payloadOf(channel);
      channel.dirty = false;
      channel.lastFlushBucket = bucket;
      channel.lastFlushMs = nowMs;
      if (flush) due.push({ channel, ...flush });
    }
    if (due.length === 1) return this.broadcast(due[0]!.channel, due[0]!.payload, due[0]!.snapshot);
    const corked = new Set<Client>();
    for (const { channel, payload, snapshot } of due) this.broadcast(channel, payload, snapshot, corked);
    for (const client of corked) client.transport.uncork();
  }

  /** What a flush of the channel sends: the snapshot, or for trades the ones since the last flush. */
  private payloadOf(channel: Channel): { payload: Buffer; snapshot?: () => Buffer | null } | null {
    if (channel.stream !== 'trade') {
      const payload = this.snapshotFrame(channel);
      return payload ? { payload } : null;
    }
    const trades = channel.pendingTrades;
    channel.pendingTrades = [];
    if (trades.length === 0) return null;
    const payload = encodeMessage({
      type: 'trade',
      v: WS_PROTOCOL_VERSION,
      symbol: channel.symbol,
      ts: this.clock(),
      data: trades,
    });
    // A client that missed trades gets the recent ones instead of only the newest.
    return { payload, snapshot: () => this.snapshotFrame(channel) };
  }

  /**
   * Writes one payload to every subscriber, framed once: the same bytes go to every socket. Slow clients skip it and
   * are marked stale; a stale client that has caught up gets `snapshot()` (for streams whose payloads are deltas) or
   * the payload itself (already a snapshot). With `corked`, each socket is corked before its first write and added to
   * the set; the caller uncorks them once every channel of the run is written.
   */
  private broadcast(channel: Channel, payload: Buffer, snapshot?: () => Buffer | null, corked?: Set<Client>): void {
    const frame = textFrame(payload);
    let snapshotFrame: Buffer | null | undefined;
    for (const client of channel.subscribers) {
      const { socket, transport } = client;
      if (socket.readyState !== WebSocket.OPEN || !transport.writable) continue;
      // Unsent bytes queued in the process (ws compresses nothing, so its own queue is always empty).
      if (transport.writableLength > this.limits.slowClientBytes) {
        client.stale.add(channel);
        this.counters.framesSkipped += 1;
        continue;
      }
      if (corked && !corked.has(client)) {
        transport.cork();
        corked.add(client);
      }
      if (client.stale.size > 0 && client.stale.delete(channel)) {
        this.counters.snapshotsAfterSkip += 1;
        if (snapshot) {
          if (snapshotFrame === undefined) {
            const snapshotPayload = snapshot();
            snapshotFrame = snapshotPayload ? textFrame(snapshotPayload) : null;
          }
          if (snapshotFrame) transport.write(snapshotFrame);
          this.counters.framesSent += 1;
          continue;
        }
      }
      // ws writes whole frames synchronously (no compression), so a frame written here never splits one of its own.
      transport.write(frame);
      this.counters.framesSent += 1;
    }
  }

  /** The channel's current state as one payload (what a new subscriber gets first); null when there is none yet. */
  private snapshotFrame(channel: Channel): Buffer | null {
    const nowMs = this.clock();
    const cached = channel.cachedSnapshot;
    if (cached && nowMs - cached.builtAtMs < SNAPSHOT_REUSE_MS) return cached.payload;
    const payload = this.buildSnapshot(channel, nowMs);
    channel.cachedSnapshot = payload ? { payload, builtAtMs: nowMs } : null;
    return payload;
  }

  private buildSnapshot(channel: Channel, ts: number): Buffer | null {
    const { symbol } = channel;
    switch (channel.stream) {
      case 'depth':
        return encodeDepth(symbol, this.feed.depth(symbol, this.limits.depthLevels), this.limits.depthLevels, ts);
      case 'ticker': {
        const data = this.feed.ticker(symbol);
        return data ? encodeMessage({ type: 'ticker', v: WS_PROTOCOL_VERSION, symbol, ts, data }) : null;
      }
      case 'kline': {
        const data = this.feed.kline(symbol);
        return data ? encodeMessage({ type: 'kline', v: WS_PROTOCOL_VERSION, symbol, ts, interval: '1m', data }) : null;
      }
      case 'trade': {
        const data = this.feed.recentTrades(symbol, this.limits.recentTrades);
        return encodeMessage({ type: 'trade', v: WS_PROTOCOL_VERSION, symbol, ts, data });
      }
    }
  }

  private send(client: Client, message: WsServerMessage): void {
    if (client.socket.readyState === WebSocket.OPEN) client.socket.send(encodeMessage(message), SEND_AS_TEXT);
  }

  private sendError(client: Client, error: ErrorDefinition): void {
    this.send(client, { type: 'error', v: WS_PROTOCOL_VERSION, code: error.code, message: error.message });
  }
}

/** An unmasked, unfragmented text frame (RFC 6455 §5.2), as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN + text
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

function channelKey(symbol: string, stream: MarketStreamType): string {
  return `${stream}:${symbol}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rejectUpgrade(socket: Duplex, status: 404 | 503): void {
  const reason = status === 404 ? 'Not Found' : 'Service Unavailable';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
