// Order entry over the websocket (#30): the route table's calls as `{id, method, params}` frames on one socket,
// answered by id (docs/trading-api.md, "Order entry over the websocket").
import {
  WS_LOGIN_METHOD,
  WS_LOGIN_PATH,
  type WsRateLimitState,
  type WsRequestFrame,
  type WsResponseMessage,
} from '@tickline/protocol';
import type { WsDataOf, WsMethod, WsParamsOf } from '@tickline/protocol/routes';
import { TicklineError, TicklineTransportError } from './errors.ts';
import { signatureOf, type ApiKeyCredentials } from './signing.ts';

/** What this client needs of a WebSocket: the standard one (Node 22+, browsers) or the `ws` package's. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'close' | 'error', listener: (event: unknown) => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

export type SocketConstructor = new (url: string) => SocketLike;

export interface TicklineSocketOptions {
  /** The gateway's address, e.g. wss://exchange.example/ws. */
  url: string;
  /** A session's access token, or an API key (the login is signed as a REST call is). */
  auth: { accessToken: string } | ApiKeyCredentials;
  /** How long a request waits for its answer before failing with a transport error (default 10 s). */
  timeoutMs?: number;
  /** Defaults to the global WebSocket (Node 22 and later); on Node 20 pass `WebSocket` from the `ws` package. */
  WebSocket?: SocketConstructor;
  /** The clock for the key login's timestamp (default Date.now). */
  now?: () => number;
}

/** A request's answer with what the key's budget says (key logins only). */
export interface SocketAnswer<M extends WsMethod> {
  data: WsDataOf<M>;
  rateLimit: WsRateLimitState | undefined;
}

interface Waiting {
  resolve(message: WsResponseMessage): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

const OPEN = 1;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * One signed-in socket. Requests may be pipelined: each gets its own id and its answer, in whatever order they
 * complete. Refusals are thrown as TicklineError with the REST code; an answer that does not come in time, or a socket
 * that closes, as TicklineTransportError. Other frames (user events) go to `onMessage` listeners.
 */
export class TicklineSocket {
  private readonly waiting = new Map<number, Waiting>();
  private readonly listeners = new Set<(message: Record<string, unknown>) => void>();
  private nextId = 0;
  private closedError: Error | null = null;

  private constructor(
    private readonly socket: SocketLike,
    private readonly timeoutMs: number,
  ) {
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => this.fail(new TicklineTransportError('the websocket closed', null)));
  }

  /** Opens the socket and signs in; resolves once the server accepted the login. */
  static async connect(options: TicklineSocketOptions): Promise<TicklineSocket> {
    const Constructor = options.WebSocket ?? (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
    if (!Constructor) throw new TypeError('no WebSocket here: pass the `ws` package as options.WebSocket');
    const socket = new Constructor(options.url);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new TicklineTransportError('the websocket did not open', null)));
    });
    const client = new TicklineSocket(socket, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    await client.signIn(options.auth, options.now ?? Date.now);
    return client;
  }

  /** Calls the route `method` with its body (POST routes) or query (GET routes); answers its data. */
  async request<M extends WsMethod>(method: M, params?: WsParamsOf<M>): Promise<WsDataOf<M>> {
    return (await this.send(method, params)).data;
  }

  /** As `request`, with the key's budget after the call. */
  async send<M extends WsMethod>(method: M, params?: WsParamsOf<M>): Promise<SocketAnswer<M>> {
    if (this.closedError) throw this.closedError;
    const id = (this.nextId += 1);
    const frame: WsRequestFrame = {
      id,
      method,
      ...(params === undefined ? {} : { params: params as Record<string, unknown> }),
    };
    const answer = await new Promise<WsResponseMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new TicklineTransportError(`no answer to ${method} within ${this.timeoutMs} ms`, null));
      }, this.timeoutMs);
      this.waiting.set(id, { resolve, reject, timer });
      this.socket.send(JSON.stringify(frame));
    });
    if (answer.code !== 0) {
      const retryAfterMs = answer.retryAfterSeconds === undefined ? null : answer.retryAfterSeconds * 1000;
      throw new TicklineError(answer.code, answer.message, 200, answer.data, retryAfterMs);
    }
    return { data: answer.data as WsDataOf<M>, rateLimit: answer.rateLimit };
  }

  placeOrder = (params: WsParamsOf<'placeOrder'>) => this.request('placeOrder', params);
  cancelOrder = (params: WsParamsOf<'cancelOrder'>) => this.request('cancelOrder', params);
  cancelAllAfter = (params: WsParamsOf<'cancelAllAfter'>) => this.request('cancelAllAfter', params);
  closePosition = (params: WsParamsOf<'closePosition'>) => this.request('closePosition', params);
  updateTpsl = (params: WsParamsOf<'updateTpsl'>) => this.request('updateTpsl', params);
  openOrders = () => this.request('openOrders');
  positions = () => this.request('positions');

  /** Frames that answer no request: user events, errors. Answers the function that stops listening. */
  onMessage(listener: (message: Record<string, unknown>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.fail(new TicklineTransportError('the websocket was closed by the client', null));
    if (this.socket.readyState === OPEN) this.socket.close(1000);
  }

  private async signIn(auth: TicklineSocketOptions['auth'], now: () => number): Promise<void> {
    const signedIn = new Promise<void>((resolve, reject) => {
      const stop = this.onMessage((message) => {
        if (message.type !== 'auth' && message.type !== 'error') return;
        stop();
        if (message.type === 'auth') resolve();
        else reject(new TicklineError(message.code as number, message.message as string, 200));
      });
    });
    if ('accessToken' in auth) this.socket.send(JSON.stringify({ type: 'auth', token: auth.accessToken }));
    else {
      const timestamp = String(now());
      const signature = signatureOf(auth.secret, { timestamp, method: WS_LOGIN_METHOD, path: WS_LOGIN_PATH, body: '' });
      this.socket.send(JSON.stringify({ type: 'auth', apiKey: auth.apiKey, timestamp, signature }));
    }
    await signedIn;
  }

  private receive(data: unknown): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    const waiting = message.type === 'response' ? this.waiting.get(message.id as number) : undefined;
    if (!waiting) {
      for (const listener of [...this.listeners]) listener(message);
      return;
    }
    this.waiting.delete(message.id as number);
    clearTimeout(waiting.timer);
    waiting.resolve(message as unknown as WsResponseMessage);
  }

  private fail(error: Error): void {
    this.closedError ??= error;
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(error);
      this.waiting.delete(id);
    }
  }
}
