// Order entry on the websocket port served by worker processes (WS_PROCESSES=2): a worker relays its connections'
// logins and requests to the main process, where the route table's handlers run, and their answers back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, WS_LOGIN_METHOD, WS_LOGIN_PATH } from '@tickline/protocol';
import { signRequest } from '../../src/services/auth/request-signatures.ts';
import { WsCluster } from '../../src/ws/cluster.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../../src/ws/gateway-limits.ts';
import { MarketPump } from '../../src/ws/pump.ts';
import { routeRequests } from '../../src/ws/route-requests.ts';
import { sessionTokenVerifier } from '../../src/ws/runtime.ts';
import { post, registerAndLogin } from '../helpers/test-app.ts';
import { createKey } from '../programs/signed-client.ts';
import { limitOrder } from '../trading/helpers/trading-app.ts';
import { FakeFeed, TestClient, type Received } from './helpers.ts';
import { startOrderEntryApp, type OrderEntryApp } from './order-entry-app.ts';

let running: OrderEntryApp;
let cluster: WsCluster;
let pump: MarketPump;
let url: string;
const clients: TestClient[] = [];

async function answer(client: TestClient, id: string, method: string, params?: object): Promise<Received> {
  const before = client.of('response').length;
  client.send({ id, method, params });
  const answers = await client.waitFor('response', before + 1);
  return answers.find((message) => message.id === id)!;
}

beforeAll(async () => {
  // The workers' gateways read the real clock: the sessions' expiries must be in its future.
  running = await startOrderEntryApp({ startMs: Date.now() });
  pump = new MarketPump(new FakeFeed(), DEFAULT_GATEWAY_LIMITS);
  cluster = new WsCluster({
    hub: pump,
    verifyToken: sessionTokenVerifier(running.t.app.context),
    requests: routeRequests(running.t.app),
    symbols: ['BTCUSDT'],
    processes: 2,
    port: 0,
    host: '127.0.0.1',
  });
  running.t.app.context.sessionRevocations.on((ids) => cluster.endSessions(ids));
  url = `ws://127.0.0.1:${await cluster.start()}/ws`;
}, 30_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await cluster?.close();
  pump?.close();
  await running?.close();
});

describe('order entry through websocket workers', () => {
  it('places and cancels from connections on both workers, with a session and with a key', async () => {
    const alice = await registerAndLogin(running.t.app);
    await running.t.trading.fundDemoUser(alice.userId, 10_000_000_000);
    await post(running.t.app, '/user/updateLeverage', { leverage: 10 }, alice.accessToken);
    const key = await createKey(running.t.app, alice.accessToken);
    // Round-robin: four connections land on both workers.
    const sockets = await Promise.all([1, 2, 3, 4].map(() => TestClient.connect(url)));
    clients.push(...sockets);
    sockets.forEach((socket, i) => {
      if (i % 2 === 0) return socket.send({ type: 'auth', token: alice.accessToken });
      const timestamp = String(running.t.clock.now());
      const signed = { timestamp, method: WS_LOGIN_METHOD, path: WS_LOGIN_PATH, body: '' };
      socket.send({ type: 'auth', apiKey: key.apiKey, timestamp, signature: signRequest(key.secret, signed) });
    });
    await Promise.all(sockets.map((socket) => socket.waitFor('auth')));
    const placed = await Promise.all(
      sockets.map((socket, i) => answer(socket, `p${i}`, 'placeOrder', limitOrder(1, '0.01', '49000'))),
    );
    expect(placed.map((message) => message.code)).toEqual([0, 0, 0, 0]);
    expect(placed[1]!.rateLimit).toMatchObject({ weight: 1 });
    const numbers = placed.map((message) => (message.data as { no: number }).no);
    const open = await answer(sockets[3]!, 'o', 'openOrders');
    expect((open.data as { orders: Array<{ no: number }> }).orders.map((order) => order.no).sort()).toEqual(
      [...numbers].sort(),
    );
    const cancelled = await Promise.all(
      sockets.map((socket, i) => answer(socket, `c${i}`, 'cancelOrder', { no: numbers[i] })),
    );
    expect(cancelled.map((message) => message.code)).toEqual([0, 0, 0, 0]);
    expect((await answer(sockets[0]!, 'x', 'nope')).code).toBe(Errors.WS_UNKNOWN_METHOD.code);

    // Logout ends the session's sign-in on the workers too.
    expect((await post(running.t.app, '/auth/logout', undefined, alice.accessToken)).body.code).toBe(0);
    await sockets[0]!.waitFor('error');
    expect((await answer(sockets[0]!, 'after', 'openOrders')).code).toBe(Errors.SESSION_INVALID.code);
    expect((await answer(sockets[1]!, 'still', 'openOrders')).code).toBe(0);
  });
});
