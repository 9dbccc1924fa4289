/**
 * A websocket worker process (cluster.ts): the connection half of the gateway on the shared websocket port, with the
 * main process's pump behind an IPC relay.
 */
import cluster from 'node:cluster';
import type { MarketStreamType } from '@tickline/protocol';
import { WORKER_SETUP_ENV, type FromWorker, type ToWorker, type WorkerSetup } from './cluster.ts';
import { WsGateway } from './gateway.ts';
import type { KeyLogin, RequestAnswer, VerifyToken, WsRequests } from './gateway-limits.ts';
import type { MarketHub, MarketLink, MarketSink } from './pump.ts';
import type { StreamIdentity } from './session-revocation.ts';

function toMain(message: FromWorker): void {
  if (process.connected) process.send!(message);
}

const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The main process's pump as seen from a worker: watches, snapshot requests and flushes cross IPC. */
class RelayHub implements MarketHub {
  sink: MarketSink | null = null;

  constructor(private readonly symbols: ReadonlySet<string>) {}

  link(sink: MarketSink): MarketLink {
    this.sink = sink;
    const post = (t: 'watch' | 'unwatch' | 'snapshot') => (symbol: string, stream: MarketStreamType) =>
      toMain({ t, symbol, stream });
    return {
      isSymbol: (symbol) => this.symbols.has(symbol),
      watch: post('watch'),
      unwatch: post('unwatch'),
      requestSnapshot: post('snapshot'),
      // The main process drops this worker's watches when it exits.
      close: () => undefined,
    };
  }
}

/** The route table's requests, run by the main process (where the handlers are): each crosses IPC and back. */
function relayedRequests(): { requests: WsRequests; settle: (id: number, outcome: unknown) => void } {
  const waiting = new Map<number, (outcome: unknown) => void>();
  let nextId = 0;
  const ask = <T>(message: (id: number) => FromWorker) =>
    new Promise<T>((resolve) => {
      const id = (nextId += 1);
      waiting.set(id, resolve as (outcome: unknown) => void);
      toMain(message(id));
    });
  return {
    requests: {
      login: (login: KeyLogin, address) => ask((id) => ({ t: 'login', id, login: { ...login }, address })),
      call: (principal, method, params, address) =>
        ask<RequestAnswer>((id) => ({ t: 'call', id, principal, method, params, address })),
    },
    settle: (id, outcome) => {
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.(outcome);
    },
  };
}

async function runWorker(setup: WorkerSetup): Promise<void> {
  const hub = new RelayHub(new Set(setup.symbols));
  const verifications = new Map<number, (identity: StreamIdentity | null) => void>();
  let nextVerification = 0;
  const verifyToken: VerifyToken = (token) =>
    new Promise((resolve) => {
      const id = (nextVerification += 1);
      verifications.set(id, resolve);
      toMain({ t: 'verify', id, token });
    });
  const { requests, settle } = relayedRequests();
  const gateway = new WsGateway({
    hub,
    limits: setup.limits,
    verifyToken: setup.auth ? verifyToken : undefined,
    requests: setup.requests ? requests : undefined,
  });

  process.on('message', (message: ToWorker) => {
    switch (message.t) {
      case 'flush':
        return hub.sink?.deliverFlushes(
          message.flushes.map((flush) => ({ ...flush, payload: asBuffer(flush.payload) })),
        );
      case 'snapshot':
        return hub.sink?.deliverSnapshot(
          message.symbol,
          message.stream,
          message.payload ? asBuffer(message.payload) : null,
        );
      case 'user':
        return void gateway.deliverToUser(message.userId, asBuffer(message.payload));
      case 'verified': {
        const resolve = verifications.get(message.id);
        verifications.delete(message.id);
        return resolve?.(message.identity);
      }
      case 'answered':
      case 'loggedIn':
        return settle(message.id, message.t === 'answered' ? message.answer : message.outcome);
      case 'endSessions':
        return void gateway.endSessions(message.sessionIds);
      case 'close':
        return void gateway.close().finally(() => process.exit(0));
    }
  });
  // Without the main process there is no market and nobody to restart us.
  process.on('disconnect', () => process.exit(0));

  const server = await gateway.listen(setup.port, setup.host);
  const address = server.address();
  toMain({ t: 'ready', port: typeof address === 'object' && address ? address.port : setup.port });
}

const setupText = process.env[WORKER_SETUP_ENV];
if (cluster.isWorker && setupText) {
  void runWorker(JSON.parse(setupText) as WorkerSetup);
}
