// The load of bench:cluster: traders placing and cancelling resting limit orders over HTTP (keep-alive) as fast as
// their answers come back, and websocket clients counting the depth messages they receive.
import WebSocket from 'ws';

export interface Trader {
  token: string;
  /** The API node this trader talks to. */
  baseUrl: string;
}

export interface LoadFigures {
  acknowledged: number;
  refused: number;
  /** Refusals by code (a healthy run has none but insufficient balance at the end). */
  refusedBy: Record<string, number>;
  depthMessages: number;
  durationMs: number;
}

export async function login(baseUrl: string, userid: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userid, password: 'Demo1234!' }),
  });
  const answer = (await response.json()) as { code: number; data: { accessToken: string } };
  if (answer.code !== 0) throw new Error(`login of ${userid} failed`);
  return answer.data.accessToken;
}

/**
 * Resting bids far below the market (0.0001 BTC at 1x), each cancelled once placed: a user may hold only so many open
 * orders, and every pair is two commands through the engine, each moving the book (depth messages).
 */
async function placeOrders(trader: Trader, until: () => boolean, figures: LoadFigures, seed: number): Promise<void> {
  let index = seed;
  while (!until()) {
    index += 7;
    const price = (20_000 + (index % 5_000) / 10).toFixed(1);
    const placed = await call<{ no: number }>(trader, '/order/registerOrder', {
      leverage: 1,
      volume: '0.0001',
      type: 2,
      position: 1,
      orderPath: 1,
      price,
    });
    if (!count(figures, placed)) continue;
    count(figures, await call(trader, '/order/cancel', { no: placed.data!.no }));
  }
}

async function call<T>(trader: Trader, path: string, body: unknown) {
  const response = await fetch(`${trader.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; message: string; data: T | null };
}

function count(figures: LoadFigures, answer: { code: number; message: string }): boolean {
  if (answer.code === 0) {
    figures.acknowledged += 1;
    return true;
  }
  figures.refused += 1;
  figures.refusedBy[answer.code] = (figures.refusedBy[answer.code] ?? 0) + 1;
  if (figures.refused === 1) console.warn(`first refusal: ${answer.code} ${answer.message}`);
  return false;
}

async function depthClient(wsUrl: string, figures: LoadFigures, counting: () => boolean): Promise<WebSocket> {
  const socket = new WebSocket(wsUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('message', (data) => {
    if (counting() && data.toString().startsWith('{"type":"depth"')) figures.depthMessages += 1;
  });
  socket.send(JSON.stringify({ type: 'subscribe', symbol: 'BTCUSDT', streamType: 'depth' }));
  return socket;
}

/** Runs the load for `durationMs` after `warmupMs`; `perTrader` concurrent requests per trader. */
export async function runLoad(options: {
  traders: Trader[];
  wsUrls: string[];
  /** Depth subscribers in all, spread over `wsUrls`. */
  depthClients: number;
  perTrader: number;
  warmupMs: number;
  durationMs: number;
  /** Called as the measured window opens and closes (bench:cluster reads each process's CPU there). */
  onWindow?: (edge: 'start' | 'end') => void;
}): Promise<LoadFigures> {
  const figures: LoadFigures = {
    acknowledged: 0,
    refused: 0,
    refusedBy: {},
    depthMessages: 0,
    durationMs: options.durationMs,
  };
  let counting = false;
  const sockets = await Promise.all(
    Array.from({ length: options.depthClients }, (_, index) =>
      depthClient(options.wsUrls[index % options.wsUrls.length]!, figures, () => counting),
    ),
  );
  const warm: LoadFigures = { acknowledged: 0, refused: 0, refusedBy: {}, depthMessages: 0, durationMs: 0 };
  let stopAt = Date.now() + options.warmupMs;
  const run = (target: LoadFigures) =>
    Promise.all(
      options.traders.flatMap((trader, t) =>
        Array.from({ length: options.perTrader }, (_, w) =>
          placeOrders(trader, () => Date.now() >= stopAt, target, t * 1_000 + w * 101),
        ),
      ),
    );
  await run(warm);
  counting = true;
  stopAt = Date.now() + options.durationMs;
  options.onWindow?.('start');
  await run(figures);
  options.onWindow?.('end');
  counting = false;
  for (const socket of sockets) socket.close();
  return figures;
}
