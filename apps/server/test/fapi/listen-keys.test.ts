import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { listenKeyHash, ListenKeys, listenKeysOf } from '../../src/fapi/listen-keys.ts';
import { userStreamsOf } from '../../src/fapi/streams.ts';
import { secretBox } from '../../src/app/accounts/security/second-factor.ts';
import {
  fundedTrader,
  nativeLimit,
  rawSocket,
  startPlatform,
  waitUntil,
  type Platform,
  type Trader,
} from './harness.ts';
import type { TestClock } from '../helpers/test-app.ts';

// Listen keys in PostgreSQL (#30 follow-up): a second ListenKeys over the same database is another API node. The
// app's clock is the machine's moved by the test, so a key lapses without waiting an hour; each step runs the
// streams' check itself (the 10 s timer runs too, and only re-reads what the test already arranged).

const MINUTE = 60_000;
let offset = 0;
const clock: TestClock = {
  now: () => Date.now() + offset,
  advance: (ms) => void (offset += ms),
  set: (ms) => void (offset = ms - Date.now()),
};

let p: Platform;
let trader: Trader;
let here: ListenKeys;
let otherNode: ListenKeys;

beforeAll(async () => {
  p = await startPlatform({ clock });
  trader = await fundedTrader(p);
  const ctx = p.t.app.context;
  here = listenKeysOf(ctx);
  otherNode = new ListenKeys(ctx.pool, secretBox(ctx), clock.now);
}, 60_000);

afterAll(async () => {
  await p?.close();
});

const check = () => userStreamsOf(p.t.app.context)!.check();
const closed = (ws: WebSocket) =>
  ws.readyState === WebSocket.CLOSED
    ? Promise.resolve()
    : new Promise<void>((resolve) => ws.once('close', () => resolve()));
const rowsOf = async (userId: number) =>
  (await p.t.app.context.pool.query('SELECT * FROM listen_keys WHERE user_id = $1', [userId])).rows;
const listenKeyCall = (method: string, query = '') =>
  fetch(`${p.base}/fapi/v1/listenKey${query}`, { method, headers: { 'X-MBX-APIKEY': trader.key.apiKey } });

describe('listen keys shared through the database', () => {
  it('stores the key hashed and sealed, and answers one key to nodes opening at once', async () => {
    const opened = await Promise.all([
      here.open(trader.userId),
      otherNode.open(trader.userId),
      here.open(trader.userId),
    ]);
    expect(new Set(opened).size).toBe(1);
    const key = opened[0]!;
    const rows = await rowsOf(trader.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(listenKeyHash(key));
    expect(JSON.stringify(rows[0])).not.toContain(key);
    expect(await (await listenKeyCall('POST')).json()).toEqual({ listenKey: key });
    expect(await otherNode.keepAlive(trader.userId, undefined)).toBe(key);
    await otherNode.close(trader.userId, key);
    expect(await rowsOf(trader.userId)).toHaveLength(0);
  });

  it('keeps a stream open while another node renews its key, then ends it with listenKeyExpired', async () => {
    const key = await here.open(trader.userId);
    const stream = await rawSocket(p, `/fstream/ws/${key}`);
    clock.advance(59 * MINUTE);
    expect(await otherNode.keepAlive(trader.userId, key)).toBe(key);
    clock.advance(2 * MINUTE); // past the expiry this node read when the stream opened
    await check();
    expect(stream.ws.readyState).toBe(WebSocket.OPEN);
    await nativeLimit(p, trader, { side: 1, priceTicks: p.price - 4_000, volume: '0.001' });
    await waitUntil(() => stream.received.some((m) => m.e === 'ORDER_TRADE_UPDATE'), 'the order on the stream');

    clock.advance(58.5 * MINUTE); // half a minute past the renewed expiry (59 + 60 minutes after the open)
    await check();
    await closed(stream.ws);
    expect(stream.received.at(-1)).toMatchObject({ e: 'listenKeyExpired', listenKey: key });
    const renew = await listenKeyCall('PUT', `?listenKey=${key}`);
    expect(renew.status).toBe(400);
    expect(await renew.json()).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    // The lapsed row stays a minute (other nodes' checks read it as lapsed), then the check removes it.
    expect(await rowsOf(trader.userId)).toHaveLength(1);
    clock.advance(2 * MINUTE);
    await check();
    expect(await rowsOf(trader.userId)).toHaveLength(0);
  });

  it('ends the streams of a key closed on another node at the next check, without listenKeyExpired', async () => {
    const key = await here.open(trader.userId);
    const raw = await rawSocket(p, `/fstream/ws/${key}`);
    const combined = await rawSocket(p, `/fstream/stream?streams=${key}/btcusdt@aggTrade`);
    await otherNode.close(trader.userId, undefined);
    expect(raw.ws.readyState).toBe(WebSocket.OPEN);
    await check();
    await Promise.all([closed(raw.ws), closed(combined.ws)]);
    expect([...raw.received, ...combined.received].filter((m) => m.e === 'listenKeyExpired')).toEqual([]);
  });

  it('ends the streams of a key closed through this node at once', async () => {
    const { listenKey: key } = (await (await listenKeyCall('POST')).json()) as { listenKey: string };
    const stream = await rawSocket(p, `/fstream/private/ws?listenKey=${key}`);
    expect(await (await listenKeyCall('DELETE')).json()).toEqual({});
    await closed(stream.ws);
    expect(stream.received).toEqual([]);
  });

  it('refuses a stream on an unknown, closed or lapsed key (400) and a PUT or DELETE of one (-1125)', async () => {
    const refused = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${p.base.replace('http', 'ws')}${path}`);
        ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
        ws.once('open', () => reject(new Error(`${path} opened`)));
      });
    const unknown = 'ab'.repeat(32);
    expect(await refused(`/fstream/ws/${unknown}`)).toBe(400);
    expect(await refused(`/fstream/ws?listenKey=${unknown}`)).toBe(400);
    expect(await refused(`/fstream/stream?streams=${unknown}`)).toBe(400);
    const key = await here.open(trader.userId);
    clock.advance(61 * MINUTE);
    expect(await refused(`/fstream/ws/${key}`)).toBe(400);
    for (const method of ['PUT', 'DELETE']) {
      const answer = await listenKeyCall(method, `?listenKey=${key}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    }
    // A new key replaces the lapsed one.
    const next = await here.open(trader.userId);
    expect(next).not.toBe(key);
    expect(await rowsOf(trader.userId)).toHaveLength(1);
  });
});
