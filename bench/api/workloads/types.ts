// The shape every bench:api workload exports (one file per workload in this folder; see ../README.md, "Workloads").
// A workload runs in the load process (../load.ts): it opens one connection per `open` call and answers a `next`
// that sends one request on it and resolves when its answer has arrived.

/** A trader of the run: signed in (session token) and holding an API key with read and trade permissions. */
export interface BenchTrader {
  userid: string;
  accessToken: string;
  apiKey: { apiKey: string; secret: string };
}

/** What run.ts hands every workload: where the server is and who may call it. */
export interface WorkloadContext {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** ws://127.0.0.1:<port>/ws */
  wsUrl: string;
  traders: readonly BenchTrader[];
}

/** The outcome of one request: accepted (code 0), or the envelope's refusal code (counted, not timed apart). */
export type RequestOutcome = { ok: true } | { ok: false; code: string };

export interface WorkloadConnection {
  /** Sends one request and resolves with its outcome once the whole answer has arrived. */
  next(): Promise<RequestOutcome>;
  close(): Promise<void>;
}

export interface Workload {
  /** The row's name in the table and the JSON (`results[name]`). */
  name: string;
  /** What one request is, for the README and the JSON. */
  request: string;
  /** Opens connection `index` (0-based; spread it over `ctx.traders`). */
  open(ctx: WorkloadContext, index: number): Promise<WorkloadConnection>;
}

/** The workloads run.ts knows, in the order they run; the no-op peer first. */
export const WORKLOAD_FILES = [
  'server-time',
  'user-info',
  'order-session',
  'order-signed',
  'order-ws',
  'order-ws-pipelined',
  'history-page',
  'ws-subscribe-storm',
] as const;
