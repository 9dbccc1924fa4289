// Order entry over the websocket (#30): `connections` sockets, each with `inFlight` lanes pipelined on it, every lane
// placing a resting limit bid far below the market (0.0001 BTC at 1×) and cancelling it once acknowledged. `runHttp`
// is the same loop over keep-alive HTTP (one connection per lane, as HTTP/1.1 answers one request at a time), for the
// ratio the issue asks for. Each place and each cancel is one request (one command through the engine).
//
// Alone against a running platform (`npm start` with DEMO_LIQUIDITY=off and RATE_LIMIT_ORDER/CANCEL raised):
//   npx tsx bench/api/workloads/ws-orders.ts --base-url http://127.0.0.1:3000 --connections 32 --duration-ms 8000
//   options: --in-flight 4 · --userid demo@tickline.dev --password Demo1234! · --api-key K --secret S · --http-too
import WebSocket from 'ws';
import { signedHeaders, TicklineSocket, type SocketConstructor } from '@tickline/client';

export interface WsOrdersOptions {
  baseUrl: string;
  /** A session's access token, or an API key with `trade`: one of them. */
  token?: string;
  apiKey?: { key: string; secret: string };
  connections: number;
  durationMs: number;
  /** Lanes pipelined on each socket (default 4); a lane holds at most one resting order (200 per user at most). */
  inFlight?: number;
}

export interface WorkloadFigures {
  /** Requests answered code 0 (places and cancels). */
  requests: number;
  /** One per request answered, refused ones included. */
  latenciesMs: number[];
  errors: number;
}

type Call = (method: 'placeOrder' | 'cancelOrder', params: object) => Promise<{ code: number; data?: unknown }>;

/** A lane: place, cancel what was placed, again, until the deadline. */
async function lane(call: Call, seed: number, deadline: number, figures: WorkloadFigures): Promise<void> {
  let index = seed;
  const timed = async (method: 'placeOrder' | 'cancelOrder', params: object) => {
    const started = performance.now();
    const answer = await call(method, params).catch(() => ({ code: -1, data: null }));
    figures.latenciesMs.push(performance.now() - started);
    if (answer.code === 0) figures.requests += 1;
    else figures.errors += 1;
    return answer;
  };
  while (Date.now() < deadline) {
    index += 7;
    const price = (20_000 + (index % 5_000) / 10).toFixed(1);
    const order = { leverage: 1, volume: '0.0001', type: 2, priceType: 1, position: 1, orderPath: 1, price };
    const placed = await timed('placeOrder', order);
    if (placed.code === 0) await timed('cancelOrder', { no: (placed.data as { no: number }).no });
  }
}

const emptyFigures = (): WorkloadFigures => ({ requests: 0, latenciesMs: [], errors: 0 });

function authOf(opts: WsOrdersOptions) {
  if (opts.apiKey) return { apiKey: opts.apiKey.key, secret: opts.apiKey.secret };
  if (opts.token) return { accessToken: opts.token };
  throw new Error('ws-orders needs a token or an API key');
}

/** The websocket loop. */
export async function run(opts: WsOrdersOptions): Promise<WorkloadFigures> {
  const url = `${opts.baseUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}/ws`;
  const auth = authOf(opts);
  const sockets = await Promise.all(
    Array.from({ length: opts.connections }, () =>
      TicklineSocket.connect({ url, auth, WebSocket: WebSocket as unknown as SocketConstructor, timeoutMs: 30_000 }),
    ),
  );
  const figures = emptyFigures();
  const deadline = Date.now() + opts.durationMs;
  const lanes = opts.inFlight ?? 4;
  try {
    await Promise.all(
      sockets.flatMap((socket, s) =>
        Array.from({ length: lanes }, (_, l) => {
          const call: Call = (method, params) =>
            socket.request(method, params as never).then(
              (data) => ({ code: 0, data }),
              (error: { code?: number }) => ({ code: error.code ?? -1 }),
            );
          return lane(call, s * lanes + l, deadline, figures);
        }),
      ),
    );
  } finally {
    for (const socket of sockets) socket.close();
  }
  return figures;
}

const HTTP_PATHS = { placeOrder: '/api/v1/order/registerOrder', cancelOrder: '/api/v1/order/cancel' } as const;

/** The same loop over keep-alive HTTP: `connections × inFlight` lanes, one request at a time each. */
export async function runHttp(opts: WsOrdersOptions): Promise<WorkloadFigures> {
  const auth = authOf(opts);
  const figures = emptyFigures();
  const deadline = Date.now() + opts.durationMs;
  const call: Call = async (method, params) => {
    const body = JSON.stringify(params);
    const path = HTTP_PATHS[method];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if ('accessToken' in auth) headers.authorization = `Bearer ${auth.accessToken}`;
    else Object.assign(headers, signedHeaders(auth, { timestamp: String(Date.now()), method: 'POST', path, body }));
    const response = await fetch(`${opts.baseUrl.replace(/\/+$/, '')}${path}`, { method: 'POST', headers, body });
    return (await response.json()) as { code: number; data?: unknown };
  };
  const lanes = opts.connections * (opts.inFlight ?? 4);
  await Promise.all(Array.from({ length: lanes }, (_, i) => lane(call, i, deadline, figures)));
  return figures;
}

/** The q-quantile of latencies (nearest rank). */
export function quantile(latenciesMs: readonly number[], q: number): number {
  if (latenciesMs.length === 0) return NaN;
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

export function describe(label: string, figures: WorkloadFigures, durationMs: number): string {
  const perSecond = Math.round((figures.requests / durationMs) * 1000);
  const [p50, p99] = [0.5, 0.99].map((q) => quantile(figures.latenciesMs, q).toFixed(1));
  return `${label}: ${perSecond} requests/s, p50 ${p50} ms, p99 ${p99} ms, ${figures.errors} refused`;
}

async function login(baseUrl: string, userid: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userid, password }),
  });
  const answer = (await response.json()) as { code: number; message: string; data: { accessToken: string } | null };
  if (answer.code !== 0) throw new Error(`login of ${userid} failed: ${answer.code} ${answer.message}`);
  return answer.data!.accessToken;
}

async function main(argv: string[]): Promise<void> {
  const arg = (name: string, fallback?: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? argv[at + 1] : fallback;
  };
  const baseUrl = arg('base-url', 'http://127.0.0.1:3000')!;
  const apiKey = arg('api-key');
  const opts: WsOrdersOptions = {
    baseUrl,
    ...(apiKey
      ? { apiKey: { key: apiKey, secret: arg('secret')! } }
      : { token: await login(baseUrl, arg('userid', 'demo@tickline.dev')!, arg('password', 'Demo1234!')!) }),
    connections: Number(arg('connections', '32')),
    durationMs: Number(arg('duration-ms', '8000')),
    inFlight: Number(arg('in-flight', '4')),
  };
  const shape = `${opts.connections} connections × ${opts.inFlight} in flight, ${opts.durationMs} ms`;
  const ws = await run(opts);
  console.log(describe(`websocket (${shape})`, ws, opts.durationMs));
  if (!argv.includes('--http-too')) return;
  const http = await runHttp(opts);
  console.log(describe(`http (${opts.connections * opts.inFlight!} keep-alive lanes)`, http, opts.durationMs));
  console.log(`websocket / http: ${(ws.requests / Math.max(1, http.requests)).toFixed(2)}×`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
