/**
 * A websocket's user stream belongs to the session its token came from: logout, a password change and the token's
 * expiry end it at once (40000, the connection stays open for market data), in this process and in the websocket
 * worker processes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Errors } from '@tickline/protocol';
import type { MarketService } from '../../src/services/market/market-service.ts';
import { startWebsocketGateway, sessionTokenVerifier, type RunningGateway } from '../../src/ws/runtime.ts';
import { WsCluster } from '../../src/ws/cluster.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../../src/ws/gateway-limits.ts';
import { MarketPump } from '../../src/ws/pump.ts';
import {
  createTestApp,
  createTestClock,
  get,
  loginAs,
  post,
  registerAndLogin,
  type TestApp,
} from '../helpers/test-app.ts';
import { bookOf, FakeFeed, sleep, TestClient } from '../ws/helpers.ts';

const SESSION_INVALID = Errors.SESSION_INVALID.code;

/** An app on the real clock (the gateway times expiries with it), with the gateway on its HTTP server. */
async function startAppWithGateway(accessTokenTtlSeconds: number) {
  const test = await createTestApp({
    clock: { ...createTestClock(), now: () => Date.now() },
    config: { accessTokenTtlSeconds },
  });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  const feed = new FakeFeed();
  feed.setBook(bookOf(5));
  const running = await startWebsocketGateway({
    server: test.app.server,
    market: feed as unknown as MarketService,
    verifyToken: sessionTokenVerifier(test.app.context),
    sessionRevocations: test.app.context.sessionRevocations,
  });
  const url = `ws://127.0.0.1:${(test.app.server.address() as AddressInfo).port}/ws`;
  return { test, running, url };
}

describe('user streams end with their session', () => {
  let test: TestApp;
  let running: RunningGateway;
  let url = '';
  const clients: TestClient[] = [];

  async function authenticatedClient(accessToken: string): Promise<TestClient> {
    const c = await TestClient.connect(url);
    clients.push(c);
    c.send({ type: 'auth', token: accessToken });
    await c.waitFor('auth');
    return c;
  }

  beforeAll(async () => {
    ({ test, running, url } = await startAppWithGateway(900));
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    await running.close();
    await test.close();
  });

  it('logout ends the stream of that session only; the socket stays open for market data', async () => {
    const user = await registerAndLogin(test.app);
    const other = await loginAs(test.app, user.userid);
    const revoked = await authenticatedClient(user.accessToken);
    const kept = await authenticatedClient(other.accessToken);
    const logout = await post(test.app, '/auth/logout', {}, user.accessToken);
    expect(logout.body.code).toBe(0);
    const [error] = await revoked.waitFor('error');
    expect(error!.code).toBe(SESSION_INVALID);
    running.gateway.publishToUser(user.userId, 'balance', { changed: true });
    await kept.waitFor('user');
    await sleep(100);
    expect(revoked.of('user')).toHaveLength(0);
    revoked.subscribe('depth');
    await revoked.waitFor('depth');
  });

  it('a password change ends every stream of the user', async () => {
    const user = await registerAndLogin(test.app);
    const c = await authenticatedClient(user.accessToken);
    const info = await get<{ bscAddress: string }>(test.app, '/user/info', user.accessToken);
    const changed = await post(test.app, '/auth/changePassword', {
      userid: user.userid,
      bscAddress: info.body.data!.bscAddress,
      password: 'Another123!',
    });
    expect(changed.body.code).toBe(0);
    expect((await c.waitFor('error'))[0]!.code).toBe(SESSION_INVALID);
    expect(running.gateway.publishToUser(user.userId, 'balance', { changed: true })).toBe(0);
  });

  it("the token's expiry ends the stream", async () => {
    const shortLived = await startAppWithGateway(3);
    try {
      const user = await registerAndLogin(shortLived.test.app);
      const c = await TestClient.connect(shortLived.url);
      clients.push(c);
      c.send({ type: 'auth', token: user.accessToken });
      await c.waitFor('auth');
      expect(shortLived.running.gateway.publishToUser(user.userId, 'balance', { changed: true })).toBe(1);
      expect((await c.waitFor('error', 1, 5_000))[0]!.code).toBe(SESSION_INVALID);
      expect(shortLived.running.gateway.publishToUser(user.userId, 'balance', { changed: true })).toBe(0);
    } finally {
      await shortLived.running.close();
      await shortLived.test.close();
    }
  });
});

describe('ended sessions in websocket worker processes', () => {
  const feed = new FakeFeed();
  const pump = new MarketPump(feed, DEFAULT_GATEWAY_LIMITS);
  const cluster = new WsCluster({
    hub: pump,
    verifyToken: async (token) => ({ userId: 7, sessionId: token, expiresAtMs: Date.now() + 60_000 }),
    symbols: ['BTCUSDT'],
    processes: 2,
    port: 0,
    host: '127.0.0.1',
  });
  let url = '';

  beforeAll(async () => {
    feed.setBook(bookOf(5));
    url = `ws://127.0.0.1:${await cluster.start()}/`;
  }, 30_000);

  afterAll(async () => {
    await cluster.close();
    pump.close();
  });

  it('ends the stream on every worker at once', async () => {
    const ended = await Promise.all([1, 2, 3, 4].map(() => TestClient.connect(url)));
    const kept = await TestClient.connect(url);
    for (const c of ended) c.send({ type: 'auth', token: 'session-a' });
    kept.send({ type: 'auth', token: 'session-b' });
    await Promise.all([...ended, kept].map((c) => c.waitFor('auth')));
    cluster.endSessions(['session-a']);
    for (const c of ended) expect((await c.waitFor('error'))[0]!.code).toBe(SESSION_INVALID);
    cluster.publishToUser(7, 'balance', { changed: true });
    await kept.waitFor('user');
    await sleep(100);
    for (const c of ended) expect(c.of('user')).toHaveLength(0);
    for (const c of [...ended, kept]) c.close();
  }, 20_000);
});
