/**
 * The websocket port served by several processes (WS_PROCESSES > 1): node:cluster workers share the listening port
 * (the primary hands out connections round-robin) and each runs the connection half of the gateway (gateway.ts) for
 * its sockets. The main process keeps the pump: it builds and stamps each payload once and relays the bytes to the
 * workers that watch the channel; the workers frame them and write them to their subscribers. Token checks and user
 * events cross the same IPC channel. A worker that dies is replaced.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { Errors, type MarketStreamType, type UserEventKind } from '@tickline/protocol';
import { silentLogger, type MarketLogger } from '../services/market/logger.ts';
import type { GatewayLimits, KeyLogin, RequestAnswer, VerifyToken, WsRequests } from './gateway-limits.ts';
import type { StreamIdentity } from './session-revocation.ts';
import type { MarketFlush, MarketHub, MarketLink, MarketSink } from './pump.ts';
import { userEventPayload, UserEventSequence } from './serialize.ts';

/** What a worker is started with (JSON in its environment). */
export interface WorkerSetup {
  port: number;
  host: string;
  symbols: string[];
  limits: Partial<GatewayLimits>;
  /** The main process can check tokens; without it workers answer `auth` with WS_AUTH_UNAVAILABLE. */
  auth: boolean;
  /** The main process runs the route table's requests (route-requests.ts); workers relay them. */
  requests: boolean;
}

export const WORKER_SETUP_ENV = 'TICKLINE_WS_WORKER';

/** Payloads travel as bytes (advanced serialisation: no JSON round trip). */
export interface WireFlush {
  symbol: string;
  stream: MarketStreamType;
  payload: Uint8Array;
  delta: boolean;
}

export type ToWorker =
  | { t: 'flush'; flushes: WireFlush[] }
  | { t: 'snapshot'; symbol: string; stream: MarketStreamType; payload: Uint8Array | null }
  | { t: 'user'; userId: number; payload: Uint8Array }
  | { t: 'verified'; id: number; identity: StreamIdentity | null }
  | { t: 'answered'; id: number; answer: RequestAnswer }
  | { t: 'loggedIn'; id: number; outcome: StreamIdentity | { code: number; message: string } }
  | { t: 'endSessions'; sessionIds: string[] }
  | { t: 'close' };

export type FromWorker =
  | { t: 'ready'; port: number }
  | { t: 'watch' | 'unwatch' | 'snapshot'; symbol: string; stream: MarketStreamType }
  | { t: 'verify'; id: number; token: string }
  | { t: 'call'; id: number; principal: unknown; method: string; params: Record<string, unknown>; address: string }
  | { t: 'login'; id: number; login: KeyLogin; address: string };

export interface WsClusterOptions {
  /** The main process's pump. */
  hub: MarketHub;
  verifyToken?: VerifyToken;
  requests?: WsRequests;
  /** Symbols with public streams (the workers validate subscriptions against them). */
  symbols: readonly string[];
  processes: number;
  port: number;
  host?: string;
  limits?: Partial<GatewayLimits>;
  logger?: MarketLogger;
  clock?: () => number;
}

interface WorkerState {
  link: MarketLink;
  startedAtMs: number;
}

/** A worker that dies this soon after starting is restarted after a pause instead of at once (no crash loop). */
const EARLY_DEATH_MS = 5_000;
const RESTART_DELAY_MS = 100;
const EARLY_RESTART_DELAY_MS = 2_000;
const STOP_TIMEOUT_MS = 3_000;

export class WsCluster {
  private readonly workers = new Map<Worker, WorkerState>();
  private readonly logger: MarketLogger;
  private readonly clock: () => number;
  private readonly readyWaiters: Array<(port: number) => void> = [];
  private readonly onExit = (worker: Worker, code: number | null, signal: string | null) =>
    this.handleExit(worker, code, signal);
  private closing = false;
  private readonly userSequence = new UserEventSequence();
  /** Workers started in all, replacements included. */
  started = 0;
  port = 0;

  constructor(private readonly options: WsClusterOptions) {
    this.logger = options.logger ?? silentLogger;
    this.clock = options.clock ?? Date.now;
  }

  /** Starts the workers; resolves with the port once every one listens. */
  async start(): Promise<number> {
    // From the build (dist/*.js, plain node) the worker is the built one; from the sources it runs through tsx.
    const built = import.meta.url.endsWith('.js');
    const execArgv =
      built || process.execArgv.some((arg) => arg.includes('tsx'))
        ? process.execArgv
        : [...process.execArgv, '--import', 'tsx'];
    cluster.setupPrimary({
      exec: fileURLToPath(new URL(built ? './worker.js' : './worker.ts', import.meta.url)),
      execArgv,
      serialization: 'advanced',
    });
    cluster.on('exit', this.onExit);
    const ready = Array.from({ length: this.options.processes }, () => this.nextReady());
    for (let i = 0; i < this.options.processes; i += 1) this.fork();
    const ports = await Promise.all(ready);
    this.port = ports[0]!;
    return this.port;
  }

  /** Resolves when the next worker listens (a replacement included). */
  nextReady(): Promise<number> {
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  pids(): number[] {
    return [...this.workers.keys()].map((worker) => worker.process.pid!).filter((pid) => pid !== undefined);
  }

  /** Builds the event once and hands it to every worker; each delivers it to its connections of that user. */
  publishToUser(userId: number, event: UserEventKind, data: unknown, symbol?: string): void {
    if (this.workers.size === 0) return;
    const payload = userEventPayload(event, data, this.clock(), this.userSequence.next(userId), symbol);
    for (const worker of this.workers.keys()) send(worker, { t: 'user', userId, payload });
  }

  /** Ends the user streams of revoked sessions on every worker. */
  endSessions(sessionIds: readonly string[]): void {
    for (const worker of this.workers.keys()) send(worker, { t: 'endSessions', sessionIds: [...sessionIds] });
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    cluster.off('exit', this.onExit);
    await Promise.all(
      [...this.workers].map(async ([worker, state]) => {
        state.link.close();
        if (worker.isDead()) return;
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        send(worker, { t: 'close' });
        const killer = setTimeout(() => worker.process.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(killer);
      }),
    );
    this.workers.clear();
  }

  /** Every worker listens on the configured port (0 included: the primary shares one handle for it). */
  private fork(): void {
    const setup: WorkerSetup = {
      port: this.options.port,
      host: this.options.host ?? '0.0.0.0',
      symbols: [...this.options.symbols],
      limits: this.options.limits ?? {},
      auth: this.options.verifyToken !== undefined,
      requests: this.options.requests !== undefined,
    };
    const worker = cluster.fork({ [WORKER_SETUP_ENV]: JSON.stringify(setup) });
    this.started += 1;
    const sink: MarketSink = {
      deliverFlushes: (flushes: readonly MarketFlush[]) => send(worker, { t: 'flush', flushes: [...flushes] }),
      deliverSnapshot: (symbol, stream, payload) => send(worker, { t: 'snapshot', symbol, stream, payload }),
    };
    const link = this.options.hub.link(sink);
    this.workers.set(worker, { link, startedAtMs: Date.now() });
    worker.on('message', (message: FromWorker) => this.handleMessage(worker, link, message));
    // A failed send to a dying worker: its exit is handled below.
    worker.on('error', () => undefined);
  }

  private handleMessage(worker: Worker, link: MarketLink, message: FromWorker): void {
    switch (message.t) {
      case 'ready':
        this.readyWaiters.shift()?.(message.port);
        return;
      case 'watch':
        return link.watch(message.symbol, message.stream);
      case 'unwatch':
        return link.unwatch(message.symbol, message.stream);
      case 'snapshot':
        return link.requestSnapshot(message.symbol, message.stream);
      case 'verify':
        return void this.verify(worker, message.id, message.token);
      case 'call':
        return void this.call(worker, message);
      case 'login':
        return void this.login(worker, message);
    }
  }

  /** A worker's connection's request, run here where the handlers are; failures answer INTERNAL there. */
  private async call(worker: Worker, message: Extract<FromWorker, { t: 'call' }>): Promise<void> {
    const { id, principal, method, params, address } = message;
    let answer: RequestAnswer = { code: Errors.INTERNAL.code, message: Errors.INTERNAL.message, data: null };
    try {
      if (this.options.requests) answer = await this.options.requests.call(principal, method, params, address);
    } catch (error) {
      this.logger.warn({ err: String(error), method }, 'websocket request failed');
    }
    send(worker, { t: 'answered', id, answer });
  }

  private async login(worker: Worker, message: Extract<FromWorker, { t: 'login' }>): Promise<void> {
    let outcome: StreamIdentity | { code: number; message: string } = Errors.INTERNAL;
    try {
      if (this.options.requests) outcome = await this.options.requests.login(message.login, message.address);
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'websocket key login failed');
    }
    send(worker, { t: 'loggedIn', id: message.id, outcome: { ...outcome } });
  }

  private async verify(worker: Worker, id: number, token: string): Promise<void> {
    let identity: StreamIdentity | null = null;
    try {
      identity = (await this.options.verifyToken?.(token)) ?? null;
    } catch (error) {
      this.logger.warn({ err: String(error) }, 'websocket token check failed');
    }
    send(worker, { t: 'verified', id, identity });
  }

  private handleExit(worker: Worker, code: number | null, signal: string | null): void {
    const state = this.workers.get(worker);
    if (!state) return;
    state.link.close();
    this.workers.delete(worker);
    if (this.closing) return;
    const early = Date.now() - state.startedAtMs < EARLY_DEATH_MS;
    this.logger.warn({ pid: worker.process.pid, code, signal }, 'websocket worker exited; starting a new one');
    const timer = setTimeout(
      () => {
        if (!this.closing) this.fork();
      },
      early ? EARLY_RESTART_DELAY_MS : RESTART_DELAY_MS,
    );
    timer.unref();
  }
}

function send(worker: Worker, message: ToWorker): void {
  // The callback takes a failed send (a worker that is going away) instead of an 'error' event.
  if (worker.isConnected()) worker.send(message, undefined, undefined, () => undefined);
}
