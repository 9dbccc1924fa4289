/**
 * The websocket gateway's connection half: public market streams (depth, ticker, trade, kline per symbol) and the
 * authenticated user stream, with the seeds' message protocol (see @tickline/protocol ws.ts).
 *
 * Market payloads come from a `MarketPump` (pump.ts), built once per flush, either in this process or relayed from
 * the main process to a websocket worker (cluster.ts). Fan-out: each payload is framed ONCE and the same bytes are
 * written to every subscriber's socket; frames falling due together (depth and ticker, each second) reach a client in
 * one write.
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
  type UserEventKind,
  type WsServerMessage,
} from '@tickline/protocol';
import { silentLogger, type MarketLogger } from '../services/market/logger.ts';
import { canWriteDirect, unsentBytes, writeFrame } from './direct-write.ts';
import type { MarketFeed } from '../services/market/feed.ts';
import {
  channelKey,
  MarketPump,
  type MarketFlush,
  type MarketHub,
  type MarketLink,
  type MarketSink,
  type PumpLimits,
  isMarketChannel,
} from './pump.ts';
import { encodeMessage, userEventPayload, UserEventSequence } from './serialize.ts';
import { UserStreamSessions, type StreamIdentity } from './session-revocation.ts';

export interface GatewayLimits extends PumpLimits {
  /** Largest incoming frame; larger ones close the connection with 1009. */
  maxPayloadBytes: number;
  /** Sustained incoming messages per second, and the burst allowed on top. */
  messagesPerSecond: number;
  messageBurst: number;
  maxSubscriptions: number;
  maxConnections: number;
  /** Above this many unsent bytes a client skips market updates (and gets a snapshot once below). */
  slowClientBytes: number;
  /** Above this (user events keep coming) the connection is closed with 1013. */
  maxBufferedBytes: number;
  heartbeatIntervalMs: number;
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

/** Resolves an access token to its user (and session), or null when it is invalid (injected from the auth module). */
export type VerifyToken = (token: string) => Promise<StreamIdentity | null>;

export interface GatewayOptions {
  /** Market data in this process: the gateway runs its own pump on it. */
  feed?: MarketFeed;
  /** Or a pump shared with other fan-outs (or a worker's relay to the main process's pump). */
  hub?: MarketHub;
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
  /** Frames may go straight to the TCP handle (direct-write.ts). */
  readonly direct: boolean;
  tokens: number;
  refilledAtMs: number;
  /** The last multi-channel delivery that handled this client (deliverFlushes). */
  lastDelivery = 0;

  constructor(
    readonly socket: WebSocket,
    /** The TCP socket under `socket`: broadcasts write prebuilt frames to it directly. */
    readonly transport: Duplex,
    burst: number,
    nowMs: number,
  ) {
    this.tokens = burst;
    this.refilledAtMs = nowMs;
    this.direct = canWriteDirect(transport);
  }
}

class Channel {
  readonly subscribers = new Set<Client>();
  /**
   * Subscribers waiting for a snapshot (new ones, and stale ones of delta channels): they skip broadcasts until it
   * arrives, so it is their first frame and nothing older follows it.
   */
  readonly awaitingSnapshot = new Set<Client>();
  snapshotRequested = false;

  constructor(
    readonly symbol: string,
    readonly stream: MarketStreamType,
  ) {}
}

/** A channel's frame in one delivery. */
interface DueFrame {
  channel: Channel;
  frame: Buffer;
  /** Only what changed since the last flush (trades). */
  delta: boolean;
  /** A stale subscriber skipped this delta: the channel needs a snapshot request. */
  snapshotNeeded: boolean;
}

const SEND_AS_TEXT = { binary: false } as const;

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class WsGateway implements MarketSink {
  readonly limits: GatewayLimits;
  readonly counters: GatewayCounters = {
    connections: 0,
    framesSent: 0,
    framesSkipped: 0,
    snapshotsAfterSkip: 0,
    userEventsSent: 0,
  };
  private readonly market: MarketLink;
  private readonly userSequence = new UserEventSequence();
  /** The pump this gateway runs itself (given a feed), closed with it. */
  private readonly ownPump: MarketPump | null;
  private readonly verifyToken: VerifyToken | null;
  private readonly logger: MarketLogger;
  private readonly clock: () => number;
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly channels = new Map<string, Channel>();
  private readonly usersOnline = new Map<number, Set<Client>>();
  private readonly attached: Array<{ server: Server; listener: UpgradeListener }> = [];
  private readonly ownServers: Server[] = [];
  private readonly heartbeatTimer: NodeJS.Timeout;
  /** Ends user streams whose session is revoked or lapses. */
  private readonly sessions: UserStreamSessions<Client>;
  /** Multi-channel deliveries so far (each client remembers the last one that handled it). */
  private deliveries = 0;
  private closed = false;

  constructor(options: GatewayOptions) {
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
    if (options.hub) {
      this.ownPump = null;
      this.market = options.hub.link(this);
    } else if (options.feed) {
      this.ownPump = new MarketPump(options.feed, this.limits, this.clock);
      this.market = this.ownPump.link(this);
    } else {
      throw new Error('WsGateway needs a feed or a hub');
    }
    this.sessions = new UserStreamSessions((client) => {
      this.setUser(client, null);
      this.sendError(client, Errors.SESSION_INVALID);
    }, this.clock);
    this.heartbeatTimer = setInterval(() => this.heartbeat(), this.limits.heartbeatIntervalMs);
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
    clearInterval(this.heartbeatTimer);
    this.sessions.close();
    this.market.close();
    this.ownPump?.close();
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
    if (!this.usersOnline.has(userId)) return 0;
    return this.deliverToUser(userId, userEventPayload(event, data, this.clock(), this.userSequence.next(userId)));
  }

  /** Ends the user streams of revoked sessions (40000 to each; the connections stay open). */
  endSessions(sessionIds: readonly string[]): number {
    return this.sessions.endSessions(sessionIds);
  }

  /** Sends a built user event (see `publishToUser`); a worker gets them so from the main process. */
  deliverToUser(userId: number, payload: Buffer): number {
    const clients = this.usersOnline.get(userId);
    if (!clients || clients.size === 0) return 0;
    let delivered = 0;
    for (const client of clients) {
      if (client.socket.readyState !== WebSocket.OPEN) continue;
      if (unsentBytes(client.transport) > this.limits.maxBufferedBytes) {
        client.socket.close(WS_CLOSE_CODES.tryAgainLater, 'too slow');
        continue;
      }
      client.socket.send(payload, SEND_AS_TEXT);
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
    if (!isMarketChannel(this.market, symbol, stream)) return this.sendError(client, Errors.MARKET_UNKNOWN_SYMBOL);
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
        this.market.watch(symbol, stream);
      }
      channel.subscribers.add(client);
      client.subscriptions.add(channel);
    }
    this.send(client, { type: 'subscribed', v: WS_PROTOCOL_VERSION, symbol, streamType: stream });
    channel.awaitingSnapshot.add(client);
    this.requestSnapshot(channel);
  }

  private async handleAuth(client: Client, message: Record<string, unknown>): Promise<void> {
    if (!this.verifyToken) return this.sendError(client, Errors.WS_AUTH_UNAVAILABLE);
    if (typeof message.token !== 'string' || message.token.length === 0 || message.token.length > 2048) {
      return this.sendError(client, Errors.WS_INVALID_MESSAGE);
    }
    let identity: StreamIdentity | null = null;
    try {
      identity = await this.verifyToken(message.token);
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'websocket token check failed');
    }
    if (client.socket.readyState !== WebSocket.OPEN) return;
    if (!identity || !this.sessions.track(client, identity)) {
      this.setUser(client, null);
      return this.sendError(client, Errors.SESSION_INVALID);
    }
    this.setUser(client, identity.userId);
    this.send(client, { type: 'auth', v: WS_PROTOCOL_VERSION, data: { userId: identity.userId } });
  }

  private setUser(client: Client, userId: number | null): void {
    if (userId === null) this.sessions.forget(client);
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
    channel.awaitingSnapshot.delete(client);
    client.stale.delete(channel);
    if (channel.subscribers.size > 0) return;
    this.channels.delete(channelKey(channel.symbol, channel.stream));
    this.market.unwatch(channel.symbol, channel.stream);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Outgoing market data (MarketSink)

  /**
   * One pump run: a single frame is broadcast as is. Several (each second the depth and the ticker) reach each client
   * in one write: the frames of the channels it takes this run, concatenated once per combination of channels and
   * written like a single frame (straight to the handle), instead of corking every socket and writing through the
   * stream (several times the user-space CPU per client).
   */
  deliverFlushes(flushes: readonly MarketFlush[]): void {
    if (this.closed) return;
    if (flushes.length === 1) return this.broadcast(flushes[0]!);
    const due: DueFrame[] = [];
    for (const flush of flushes) {
      const channel = this.channels.get(channelKey(flush.symbol, flush.stream));
      if (channel) due.push({ channel, frame: textFrame(flush.payload), delta: flush.delta, snapshotNeeded: false });
    }
    const delivery = (this.deliveries += 1);
    /** The bytes for each combination of two or more frames (indexes into `due`, joined), built on first use. */
    const combined = new Map<string, Buffer>();
    const picked: number[] = [];
    for (let i = 0; i < due.length; i += 1) {
      for (const client of due[i]!.channel.subscribers) {
        // A client on several channels is handled once, at the first of them.
        if (client.lastDelivery === delivery) continue;
        client.lastDelivery = delivery;
        picked.length = 0;
        for (let j = i; j < due.length; j += 1) {
          if ((j === i || due[j]!.channel.subscribers.has(client)) && this.admit(client, due[j]!)) picked.push(j);
        }
        if (picked.length === 0) continue;
        writeFrame(client.transport, this.framesOf(due, picked, combined), client.direct);
        this.counters.framesSent += picked.length;
      }
    }
    for (const { channel, snapshotNeeded } of due) if (snapshotNeeded) this.requestSnapshot(channel);
  }

  /** The bytes of the picked frames: a single one as it is, a combination concatenated once per delivery. */
  private framesOf(due: readonly DueFrame[], picked: readonly number[], combined: Map<string, Buffer>): Buffer {
    if (picked.length === 1) return due[picked[0]!]!.frame;
    const key = picked.join();
    let bytes = combined.get(key);
    if (!bytes) combined.set(key, (bytes = Buffer.concat(picked.map((j) => due[j]!.frame))));
    return bytes;
  }

  /** The answer to a snapshot request: the first frame of every subscriber waiting for one. */
  deliverSnapshot(symbol: string, stream: MarketStreamType, payload: Buffer | null): void {
    const channel = this.channels.get(channelKey(symbol, stream));
    if (!channel) return;
    channel.snapshotRequested = false;
    const frame = payload ? textFrame(payload) : null;
    for (const client of channel.awaitingSnapshot) {
      if (frame && client.socket.readyState === WebSocket.OPEN && client.transport.writable) {
        writeFrame(client.transport, frame, client.direct);
        this.counters.framesSent += 1;
      }
    }
    channel.awaitingSnapshot.clear();
  }

  /** One request per channel at a time: a subscribe storm costs one snapshot. */
  private requestSnapshot(channel: Channel): void {
    if (channel.snapshotRequested) return;
    channel.snapshotRequested = true;
    this.market.requestSnapshot(channel.symbol, channel.stream);
  }

  /** Writes one payload to every subscriber, framed once: the same bytes go to every socket (see `admit`). */
  private broadcast(flush: MarketFlush): void {
    const channel = this.channels.get(channelKey(flush.symbol, flush.stream));
    if (!channel) return;
    const due: DueFrame = { channel, frame: textFrame(flush.payload), delta: flush.delta, snapshotNeeded: false };
    for (const client of channel.subscribers) {
      if (!this.admit(client, due)) continue;
      // ws writes whole frames synchronously (no compression), so a frame written here never splits one of its own.
      writeFrame(client.transport, due.frame, client.direct);
      this.counters.framesSent += 1;
    }
    if (due.snapshotNeeded) this.requestSnapshot(channel);
  }

  /**
   * Whether a subscriber takes this broadcast of the channel. Slow clients skip it and are marked stale; a stale
   * client that has caught up takes it when it is a snapshot, or waits for a snapshot when it is a delta (trades:
   * `due.snapshotNeeded` is set, and the caller requests one).
   */
  private admit(client: Client, due: DueFrame): boolean {
    const { socket, transport } = client;
    const { channel } = due;
    if (socket.readyState !== WebSocket.OPEN || !transport.writable) return false;
    if (channel.awaitingSnapshot.size > 0 && channel.awaitingSnapshot.has(client)) return false;
    // Unsent bytes queued in the process (ws compresses nothing, so its own queue is always empty).
    if (unsentBytes(transport) > this.limits.slowClientBytes) {
      client.stale.add(channel);
      this.counters.framesSkipped += 1;
      return false;
    }
    if (client.stale.size > 0 && client.stale.delete(channel)) {
      this.counters.snapshotsAfterSkip += 1;
      if (due.delta) {
        channel.awaitingSnapshot.add(client);
        due.snapshotNeeded = true;
        return false;
      }
    }
    return true;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rejectUpgrade(socket: Duplex, status: 404 | 503): void {
  const reason = status === 404 ? 'Not Found' : 'Service Unavailable';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
