/**
 * A websocket client that stays connected: on close, error or silence it reconnects with exponential back-off
 * (reset once a connection has delivered a message). Frames are handed over as text; parsing is the caller's.
 */
import WebSocket from 'ws';
import { silentLogger, type MarketLogger } from './logger.ts';

export interface ReconnectingSocketOptions {
  url: string;
  onText(text: string): void;
  /** First retry delay; doubled per failed attempt up to maxDelayMs. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Reconnect when nothing arrived for this long (a half-open connection looks alive otherwise). */
  silenceTimeoutMs?: number;
  logger?: MarketLogger;
}

export class ReconnectingSocket {
  private socket: WebSocket | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private silenceTimer: NodeJS.Timeout | null = null;
  private failedAttempts = 0;
  private stopped = true;
  /** Connections opened so far (for monitoring and tests). */
  connections = 0;
  private readonly initialDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly silenceTimeoutMs: number;
  private readonly logger: MarketLogger;

  constructor(private readonly options: ReconnectingSocketOptions) {
    this.initialDelayMs = options.initialDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.silenceTimeoutMs = options.silenceTimeoutMs ?? 30_000;
    this.logger = options.logger ?? silentLogger;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.retryTimer = this.silenceTimer = null;
    this.socket?.removeAllListeners();
    this.socket?.on('error', () => undefined);
    this.socket?.terminate();
    this.socket = null;
  }

  /** Delay before the next attempt after `failedAttempts` failures in a row. */
  static backoffDelayMs(failedAttempts: number, initialDelayMs: number, maxDelayMs: number): number {
    return Math.min(maxDelayMs, initialDelayMs * 2 ** Math.min(failedAttempts, 30));
  }

  private connect(): void {
    const socket = new WebSocket(this.options.url, { handshakeTimeout: 10_000, maxPayload: 4 * 1024 * 1024 });
    this.socket = socket;
    socket.on('open', () => {
      this.connections += 1;
      this.touch();
    });
    socket.on('message', (data, isBinary) => {
      this.failedAttempts = 0;
      this.touch();
      if (!isBinary) this.options.onText(data.toString());
    });
    socket.on('ping', () => this.touch());
    socket.on('error', (error) => this.logger.warn({ url: this.options.url, err: error.message }, 'market feed error'));
    socket.on('close', () => this.scheduleReconnect(socket));
  }

  private touch(): void {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.logger.warn({ url: this.options.url }, 'market feed silent, reconnecting');
      this.socket?.terminate();
    }, this.silenceTimeoutMs);
    this.silenceTimer.unref();
  }

  private scheduleReconnect(closed: WebSocket): void {
    if (this.stopped || closed !== this.socket) return;
    this.socket = null;
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    const delayMs = ReconnectingSocket.backoffDelayMs(this.failedAttempts, this.initialDelayMs, this.maxDelayMs);
    this.failedAttempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delayMs);
    this.retryTimer.unref();
  }
}
