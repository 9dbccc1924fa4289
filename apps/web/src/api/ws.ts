import {
  WS_PATH,
  type MarketStreamType,
  type UserEventData,
  type UserEventKind,
  type UserEventMessage,
  type WsClientMessage,
  type WsServerMessage,
} from '@tickline/protocol';
import { localizeServerMessage } from '../i18n/serverMessages.ts';

/**
 * The one websocket client of the app. Screens subscribe to market streams and to user events; the client keeps
 * one socket, reconnects with exponential back-off and jitter, re-sends `auth` and every subscription on each open
 * (the server answers every subscribe with a fresh snapshot, so a gap heals itself), and tells `onResync` listeners
 * so REST-held market state (candle history) is reloaded. `onUserResync` listeners reload the user's REST-held state
 * (balances, orders, positions) each time the user stream starts (the server's answer to `auth`) or misses an event:
 * a snapshot read before the stream started may predate a change the stream never sends. A socket silent for longer than STALE_AFTER_MS
 * is treated as dead (a half-open TCP connection never fires `close`).
 */

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

type MarketMessage = Extract<WsServerMessage, { type: MarketStreamType }>;
type MessageOf<S extends MarketStreamType> = Extract<MarketMessage, { type: S }>;

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** Delay before reconnect attempt `attempt` (0-based): base × 2^attempt capped at max, with ±25 % jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(ceiling * (0.75 + random() * 0.5));
}

const MARKET_HEAD = /^\{"type":"(depth|depthDeep|ticker|trade|kline|tickers|coins)","v":\d+,"symbol":"([^"]+)"/;

const BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 15_000 };
const PING_EVERY_MS = 15_000;
const STALE_AFTER_MS = 35_000;

export interface WsClientOptions {
  url: () => string;
  createSocket?: (url: string) => WebSocket;
  backoff?: BackoffOptions;
}

export class WsClient {
  private socket: WebSocket | null = null;
  private state: ConnectionState = 'idle';
  private attempt = 0;
  private hadOpen = false;
  /** The last user event's `seq` on this connection; null until the first (numbers start anywhere). */
  private lastUserSeq: number | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  private token: string | null = null;
  private shutDown = false;
  private readonly streams = new Map<string, Set<(message: MarketMessage) => void>>();
  /** Listeners that take the message text unparsed (a 2,000/s depth stream is parsed once per frame, not 2,000). */
  private readonly rawStreams = new Map<string, Set<(text: string) => void>>();
  private readonly userListeners = new Map<UserEventKind, Set<UserEventListener<UserEventKind>>>();
  private readonly errorListeners = new Set<(code: number, message: string) => void>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly userResyncListeners = new Set<() => void>();
  private readonly stateListeners = new Set<() => void>();

  constructor(private readonly options: WsClientOptions) {}

  getState = (): ConnectionState => this.state;

  subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /** Market stream of `symbol`; the returned function unsubscribes (the last listener unsubscribes on the server). */
  subscribe<S extends MarketStreamType>(
    symbol: string,
    streamType: S,
    listener: (message: MessageOf<S>) => void,
  ): () => void {
    const key = `${symbol}|${streamType}`;
    let listeners = this.streams.get(key);
    if (!listeners) {
      listeners = new Set();
      this.streams.set(key, listeners);
      this.send({ type: 'subscribe', symbol, streamType });
    }
    const wrapped = listener as (message: MarketMessage) => void;
    listeners.add(wrapped);
    this.ensureConnected();
    return () => {
      const current = this.streams.get(key);
      if (!current) return;
      current.delete(wrapped);
      if (current.size === 0) {
        this.streams.delete(key);
        this.send({ type: 'unsubscribe', symbol, streamType });
      }
    };
  }

  /** As subscribe, but the listener gets the message text unparsed; it parses only what it uses. */
  subscribeRaw(symbol: string, streamType: MarketStreamType, listener: (text: string) => void): () => void {
    const key = `${symbol}|${streamType}`;
    let listeners = this.rawStreams.get(key);
    if (!listeners) {
      listeners = new Set();
      this.rawStreams.set(key, listeners);
    }
    listeners.add(listener);
    // The server subscription is shared with parsed listeners: a no-op parsed listener holds it.
    const noop = () => undefined;
    const stop = this.subscribe(symbol, streamType, noop);
    return () => {
      this.rawStreams.get(key)?.delete(listener);
      stop();
    };
  }

  /** Authenticates the connection (now and after every reconnect); null stops sending auth. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    if (token) this.send({ type: 'auth', token });
    else if (this.socket) this.restart(); // the server has no "unauth": a fresh connection drops the user stream
  }

  /** Events of one kind on the user stream, each with that kind's data (`onUserEvent('order', (order) => ...)`). */
  onUserEvent<K extends UserEventKind>(kind: K, listener: UserEventListener<K>): () => void {
    let listeners = this.userListeners.get(kind);
    if (!listeners) this.userListeners.set(kind, (listeners = new Set()));
    // The map holds each kind's listeners under that kind only; emitUserEvent hands them that kind's data.
    const stored = listener as UserEventListener<UserEventKind>;
    listeners.add(stored);
    this.ensureConnected();
    return () => listeners.delete(stored);
  }

  onError(listener: (code: number, message: string) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Called after a reconnect (not the first open): market state held outside the streams should be reloaded. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => this.resyncListeners.delete(listener);
  }

  /**
   * Called when the user stream starts on a connection (first or after a reconnect; every later event arrives) and
   * when a user event was missed (its `seq` skipped): the user's state held outside the stream should be reloaded.
   */
  onUserResync(listener: () => void): () => void {
    this.userResyncListeners.add(listener);
    return () => this.userResyncListeners.delete(listener);
  }

  /** Closes for good (seeds §4: on 40000 the futures screen closes its sockets before reloading). */
  close(): void {
    this.shutDown = true;
    this.clearTimers();
    this.socket?.close(1000);
    this.socket = null;
    this.setState('closed');
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer || this.shutDown) return;
    this.connect();
  }

  private connect(): void {
    this.setState(this.hadOpen ? 'reconnecting' : 'connecting');
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url());
    this.socket = socket;
    socket.onopen = () => this.handleOpen(socket);
    socket.onmessage = (event) => this.handleMessage(event.data);
    socket.onclose = () => this.handleClose(socket);
    socket.onerror = () => socket.close();
  }

  private handleOpen(socket: WebSocket): void {
    if (socket !== this.socket) return;
    const reconnected = this.hadOpen;
    this.hadOpen = true;
    this.attempt = 0;
    this.lastUserSeq = null;
    this.lastMessageAt = Date.now();
    if (this.token) this.send({ type: 'auth', token: this.token });
    for (const key of this.streams.keys()) {
      const [symbol, streamType] = key.split('|') as [string, MarketStreamType];
      this.send({ type: 'subscribe', symbol, streamType });
    }
    this.pingTimer = setInterval(() => this.keepAlive(), PING_EVERY_MS);
    this.setState('open');
    if (reconnected) for (const listener of this.resyncListeners) listener();
  }

  private keepAlive(): void {
    if (Date.now() - this.lastMessageAt > STALE_AFTER_MS) this.restart();
    else this.send({ type: 'ping' });
  }

  private handleMessage(raw: unknown): void {
    this.lastMessageAt = Date.now();
    if (typeof raw !== 'string') return;
    if (this.rawStreams.size > 0 && this.handleRaw(raw)) return;
    let message: WsServerMessage;
    try {
      message = JSON.parse(raw) as WsServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'depth':
      case 'depthDeep':
      case 'ticker':
      case 'trade':
      case 'kline':
      case 'tickers':
      case 'coins': {
        const listeners = this.streams.get(`${message.symbol}|${message.type}`);
        if (listeners) for (const listener of listeners) listener(message);
        break;
      }
      case 'auth':
        // The stream is live from here: what changed before it (after a screen's first read) is read again.
        for (const listener of this.userResyncListeners) listener();
        break;
      case 'user':
        // A number skipped: an event was missed; what the user stream keeps current is reloaded.
        if (this.lastUserSeq !== null && message.seq > this.lastUserSeq + 1)
          for (const listener of this.userResyncListeners) listener();
        this.lastUserSeq = message.seq;
        this.emitUserEvent(message);
        break;
      case 'error':
        for (const listener of this.errorListeners)
          listener(message.code, localizeServerMessage(message.code, message.message));
        break;
      default:
        break;
    }
  }

  private emitUserEvent(message: UserEventMessage): void {
    for (const listener of this.userListeners.get(message.event) ?? []) listener(message.data, message.symbol);
  }

  /**
   * Market messages start `{"type":"<stream>","v":1,"symbol":"<symbol>"` (apps/server/src/ws/serialize.ts). When
   * only raw listeners want this stream, they get the text and nothing is parsed; returns whether it was handled.
   */
  private handleRaw(raw: string): boolean {
    const head = MARKET_HEAD.exec(raw);
    if (!head) return false;
    const key = `${head[2]}|${head[1]}`;
    const rawListeners = this.rawStreams.get(key);
    if (!rawListeners || rawListeners.size === 0) return false;
    for (const listener of rawListeners) listener(raw);
    const parsed = this.streams.get(key);
    // Only the raw subscriptions' own no-op listeners: nothing else needs the parsed message.
    return !parsed || parsed.size <= rawListeners.size;
  }

  private handleClose(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimers();
    if (this.shutDown) return;
    this.setState(this.hadOpen ? 'reconnecting' : 'connecting');
    const delay = backoffDelay(this.attempt++, this.options.backoff ?? BACKOFF);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** Drops the current socket; the close handler schedules the reconnect. */
  private restart(): void {
    const socket = this.socket;
    if (!socket) return;
    socket.onclose = null;
    socket.close();
    this.handleClose(socket);
  }

  private send(message: WsClientMessage): void {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private clearTimers(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.pingTimer = null;
    this.reconnectTimer = null;
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener();
  }
}

/** A listener of one kind of user event. */
/** `symbol`: the market of an order or position event (a closed position's data is null). */
export type UserEventListener<K extends UserEventKind> = (data: UserEventData[K], symbol?: string) => void;

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${WS_PATH}`;
}

/** The app's socket, created on first use. */
let shared: WsClient | null = null;
export function wsClient(): WsClient {
  shared ??= new WsClient({ url: defaultUrl });
  return shared;
}
