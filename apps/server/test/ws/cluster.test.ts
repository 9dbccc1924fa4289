import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { loadConfig } from '../../src/config.ts';
import { WsCluster } from '../../src/ws/cluster.ts';
import { DEFAULT_GATEWAY_LIMITS } from '../../src/ws/gateway-limits.ts';
import { MarketPump } from '../../src/ws/pump.ts';
import { bookOf, FakeFeed, sampleTicker, sleep, TestClient } from './helpers.ts';

describe('websocket port served by worker processes (WS_PROCESSES=2)', () => {
  const feed = new FakeFeed();
  const pump = new MarketPump(feed, { ...DEFAULT_GATEWAY_LIMITS, depthIntervalMs: 20 });
  const cluster = new WsCluster({
    hub: pump,
    verifyToken: async (token) => (token.startsWith('good-') ? { userId: Number(token.slice(5)) } : null),
    symbols: ['BTCUSDT'],
    processes: 2,
    port: 0,
    host: '127.0.0.1',
  });
  const clients: TestClient[] = [];
  let url = '';

  async function client(): Promise<TestClient> {
    const c = await TestClient.connect(url);
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    feed.setBook(bookOf(20));
    feed.tickerData = sampleTicker;
    url = `ws://127.0.0.1:${await cluster.start()}/any/path`;
  }, 30_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await cluster.close();
    pump.close();
  });

  it('starts the configured number of workers, each a separate process', () => {
    const pids = cluster.pids();
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(process.pid);
  });

  it('delivers the depth snapshot, its updates and the ticker to clients on every worker', async () => {
    // Round-robin: four connections land on both workers.
    const many = await Promise.all(Array.from({ length: 4 }, () => client()));
    for (const c of many) {
      c.subscribe('depth');
      c.subscribe('ticker');
    }
    const first = await Promise.all(many.map(async (c) => (await c.waitFor('depth'))[0]!));
    for (const depth of first) expect((depth.data as { b: number[][] }).b[0]).toEqual([66_999.99, 1.2345]);
    await Promise.all(many.map((c) => c.waitFor('ticker')));
    expect(many[0]!.of('ticker')[0]).toMatchObject({ type: 'ticker', v: 1, symbol: 'BTCUSDT', data: sampleTicker });
    feed.setBook(bookOf(20, 6_800_000));
    const updates = await Promise.all(many.map(async (c) => (await c.waitFor('depth', 2))[1]!));
    for (const depth of updates) expect((depth.data as { b: number[][] }).b[0]).toEqual([67_999.99, 1.2345]);
    // One payload built in the main process: the same bytes, timestamp included, on every worker.
    expect(new Set(updates.map((depth) => JSON.stringify(depth))).size).toBe(1);
  });

  it('handles unsubscribe and answers bad messages with errors', async () => {
    const c = await client();
    c.subscribe('depth');
    await c.waitFor('depth');
    c.send({ type: 'unsubscribe', symbol: 'BTCUSDT', streamType: 'depth' });
    await c.waitFor('unsubscribed');
    const before = c.of('depth').length;
    feed.setBook(bookOf(20, 6_700_500));
    await sleep(150);
    expect(c.of('depth')).toHaveLength(before);
    c.send('{not json');
    c.subscribe('depth', 'DOGEUSDT');
    c.subscribe('orderbook');
    const errors = await c.waitFor('error', 3);
    expect(errors.map((error) => error.code)).toEqual([
      Errors.WS_MALFORMED_MESSAGE.code,
      Errors.MARKET_UNKNOWN_SYMBOL.code,
      Errors.WS_UNKNOWN_STREAM.code,
    ]);
  });

  it('checks tokens in the main process and delivers user events to that user only', async () => {
    const alice = await client();
    const bob = await client();
    alice.send({ type: 'auth', token: 'good-7' });
    bob.send({ type: 'auth', token: 'forged' });
    expect((await alice.waitFor('auth'))[0]).toEqual({ type: 'auth', v: 1, data: { userId: 7 } });
    expect((await bob.waitFor('error'))[0]!.code).toBe(Errors.SESSION_INVALID.code);
    cluster.publishToUser(7, 'balance', { changed: true });
    const [event] = await alice.waitFor('user');
    expect(event).toMatchObject({ type: 'user', v: 1, event: 'balance', data: { changed: true } });
    await sleep(50);
    expect(bob.of('user')).toHaveLength(0);
  });

  it('replaces a worker that dies', async () => {
    const [victim, survivor] = cluster.pids();
    const replaced = cluster.nextReady();
    process.kill(victim!, 'SIGKILL');
    await replaced;
    const pids = cluster.pids();
    expect(pids).toHaveLength(2);
    expect(pids).toContain(survivor);
    expect(pids).not.toContain(victim);
    // New connections reach both workers again, the new one included.
    const fresh = await Promise.all(Array.from({ length: 4 }, () => client()));
    for (const c of fresh) c.subscribe('depth');
    await Promise.all(fresh.map((c) => c.waitFor('depth')));
  }, 20_000);
});

describe('WS_PROCESSES', () => {
  it('defaults to 1 and accepts 1 to 64', () => {
    expect(loadConfig({}, '/').wsProcesses).toBe(1);
    expect(loadConfig({ WS_PORT: '9999', WS_PROCESSES: '4' }, '/').wsProcesses).toBe(4);
    for (const bad of ['0', '65', '1.5', 'two']) {
      expect(() => loadConfig({ WS_PROCESSES: bad }, '/')).toThrow(/WS_PROCESSES must be a whole number from 1 to 64/);
    }
  });
});
