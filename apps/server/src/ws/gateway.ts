/**
 * The websocket gateway: public market streams (depth, ticker, trade, kline per symbol) and the authenticated user
 * stream, with the seeds' message protocol (see @tickline/protocol ws.ts).
 *
 * Market payloads come from a `MarketPump` (pump.ts), built once per flush, either in this process or relayed from
 * the main process to a websocket worker (cluster.ts); `MarketFanout` (market-fanout.ts) writes them to subscribers.
 * Protection: incoming frames are capped (oversize closes with 1009), messages are rate limited per connection
 * (a flood closes with 1008), subscriptions are capped, bad messages are answered with an error. Slow clients skip
 * market updates (see market-fanout.ts); ping/pong drops dead connections.
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
  type WsRequestId,
  type WsServerMessage,
} from '@tickline/protocol';
import { silentLogger, type MarketLogger } from '../services/market/logger.ts';
import { Client } from './client.ts';
import { unsentBytes } from './direct-write.ts';
import {
  DEFAULT_GATEWAY_LIMITS,
  type GatewayCounters,
  type GatewayLimits,
  type GatewayOptions,
  type RequestAnswer,
  type VerifyToken,
} from './gateway-limits.ts';
import { MarketFanout } from './market-fanout.ts';
import { MarketPump, type MarketFlush, type MarketLink, type MarketSink, isMarketChannel } from './pump.ts';
import { isKeyLogin, isRequestFrame, RequestDesk, responseMessage } from './request-desk.ts';
import { encodeMessage, userEventPayload, UserEventSequence } from './serialize.ts';
import { UserStreamSessions, type StreamIdentity } from './session-revocation.ts';
import { rejectUpgrade, TurnCork } from './raw-socket.ts';
import { UserRegistry } from './user-registry.ts';

const SEND_AS_TEXT = { binary: false } as const;
const MALFORMED = Symbol('malformed');

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
  private readonly fanout: MarketFanout;
  private readonly users: UserRegistry;
  private readonly turn = new TurnCork();
  private readonly attached: Array<{ server: Server; listener: UpgradeListener }> = [];
  private readonly ownServers: Server[] = [];
  private readonly heartbeatTimer: NodeJS.Timeout;
  /** Ends user streams whose session is revoked or lapses. */
  private readonly sessions: UserStreamSessions<Client>;
  /** Requests over the socket and key logins (#30). */
  private readonly desk: RequestDesk;
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
    this.fanout = new MarketFanout(this.market, this.limits, this.counters);
    this.users = new UserRegistry(options.presence ?? null);
    this.sessions = new UserStreamSessions((client) => {
      this.setUser(client, null);
      this.sendError(client, Errors.SESSION_INVALID);
    }, this.clock);
    this.desk = new RequestDesk(options.requests ?? null, this.limits.maxInFlightRequests, this, this.logger);
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
  publishToUser(userId: number, event: UserEventKind, data: unknown, symbol?: string): number {
    if (!this.users.has(userId)) return 0;
    const seq = this.userSequence.next(userId);
    return this.deliverToUser(userId, userEventPayload(event, data, this.clock(), seq, symbol));
  }

  /** Ends the user streams of revoked sessions (40000 to each; the connections stay open). */
  endSessions(sessionIds: readonly string[]): number {
    return this.sessions.endSessions(sessionIds);
  }

  /** Sends a built user event (see `publishToUser`); a worker gets them so from the main process. */
  deliverToUser(userId: number, payload: Buffer): number {
    const clients = this.users.clientsOf(userId);
    if (!clients || clients.size === 0) return 0;
    let delivered = 0;
    for (const client of clients) {
      if (client.socket.readyState !== WebSocket.OPEN) continue;
      if (unsentBytes(client.transport) > this.limits.maxBufferedBytes) {
        client.socket.close(WS_CLOSE_CODES.tryAgainLater, 'too slow');
        continue;
      }
      this.turn.hold(client.transport);
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
    const address = request.socket.remoteAddress ?? '';
    this.wss.handleUpgrade(request, socket, head, (ws) => this.handleConnection(ws, socket, address));
  }

  private handleConnection(socket: WebSocket, transport: Duplex, address: string): void {
    const client = new Client(socket, transport, this.limits.messageBurst, this.clock(), address);
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
    this.fanout.dropClient(client);
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
    // A signed-in connection's requests are bounded by its in-flight cap and the routes' own limits instead.
    const signedIn = client.principal !== null;
    if (!signedIn && !this.takeToken(client)) return this.closeFlooding(client);
    let message: unknown = MALFORMED;
    try {
      message = JSON.parse(isBinary ? Buffer.from(data as Buffer).toString('utf8') : data.toString());
    } catch {
      // Charged below like any frame that is not a request.
    }
    if (isRecord(message) && isRequestFrame(message)) return this.desk.handleRequest(client, message);
    if (signedIn && !this.takeToken(client)) return this.closeFlooding(client);
    if (message === MALFORMED) return this.sendError(client, Errors.WS_MALFORMED_MESSAGE);
    if (!isRecord(message) || typeof message.type !== 'string')
      return this.sendError(client, Errors.WS_INVALID_MESSAGE);
    switch (message.type) {
      case 'subscribe':
      case 'unsubscribe':
        return this.handleSubscription(client, message, message.type);
      case 'auth':
        return void (isKeyLogin(message) ? this.desk.login(client, message) : this.handleAuth(client, message));
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

  private closeFlooding(client: Client): void {
    client.socket.close(WS_CLOSE_CODES.policyViolation, 'message rate limit exceeded');
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
    if (type === 'unsubscribe') {
      this.fanout.unsubscribe(client, symbol, stream);
      return this.send(client, { type: 'unsubscribed', v: WS_PROTOCOL_VERSION, symbol, streamType: stream });
    }
    const subscribed = this.fanout.subscribe(client, symbol, stream, () =>
      this.send(client, { type: 'subscribed', v: WS_PROTOCOL_VERSION, symbol, streamType: stream }),
    );
    if (!subscribed) this.sendError(client, Errors.WS_SUBSCRIPTION_LIMIT);
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
    this.signIn(client, identity);
  }

  /** Signs the connection in (its user stream and its requests), or answers the refusal (40000 unless given). */
  signIn(client: Client, identity: StreamIdentity | null, refusal: ErrorDefinition = Errors.SESSION_INVALID): void {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    if (!identity || !this.sessions.track(client, identity)) {
      this.setUser(client, null);
      return this.sendError(client, refusal);
    }
    // Answered once the user's events reach this node (a cluster subscribes to them first): none is missed after it.
    this.setUser(client, identity.userId, identity.principal ?? null, () =>
      this.send(client, { type: 'auth', v: WS_PROTOCOL_VERSION, data: { userId: identity.userId } }),
    );
  }

  private setUser(client: Client, userId: number | null, principal: unknown = null, ready?: () => void): void {
    if (userId === null) this.sessions.forget(client);
    client.principal = userId === null ? null : principal;
    this.users.assign(client, userId, ready);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Outgoing market data (MarketSink)

  deliverFlushes(flushes: readonly MarketFlush[]): void {
    if (!this.closed) this.fanout.deliverFlushes(flushes);
  }

  deliverSnapshot(symbol: string, stream: MarketStreamType, payload: Buffer | null): void {
    this.fanout.deliverSnapshot(symbol, stream, payload);
  }

  private send(client: Client, message: WsServerMessage): void {
    if (client.socket.readyState !== WebSocket.OPEN) return;
    this.turn.hold(client.transport);
    client.socket.send(encodeMessage(message), SEND_AS_TEXT);
  }

  respond(client: Client, id: WsRequestId, answer: RequestAnswer): void {
    this.send(client, responseMessage(id, answer));
  }

  sendError(client: Client, error: ErrorDefinition): void {
    this.send(client, { type: 'error', v: WS_PROTOCOL_VERSION, code: error.code, message: error.message });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
