import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { bookOf, gatewayFixture, sampleTicker, sleep, type TestClient } from './helpers.ts';

describe('websocket gateway', () => {
  const { start, client, running } = gatewayFixture();

  describe('protocol', () => {
    it("answers the seeds' depth subscription with a versioned snapshot of 20 levels a side", async () => {
      const { feed } = await start();
      feed.setBook(bookOf(30, 6_700_000, 12_345));
      const c = await client();
      c.subscribe('depth');
      const [depth] = await c.waitFor('depth');
      expect(c.messages[0]).toEqual({ type: 'subscribed', v: 1, symbol: 'BTCUSDT', streamType: 'depth' });
      expect(depth).toMatchObject({ type: 'depth', v: 1, symbol: 'BTCUSDT' });
      const data = depth!.data as { a: number[][]; b: number[][] };
      expect(data.a).toHaveLength(20);
      expect(data.b).toHaveLength(20);
      expect(data.a.slice(0, 2)).toEqual([
        [67_000.01, 1.2345],
        [67_000.02, 1.2345],
      ]);
      expect(data.b[0]).toEqual([66_999.99, 1.2345]);
      expect(typeof depth!.ts).toBe('number');
    });

    it('sends the ticker with the seeds’ fields on subscribe and then every second', async () => {
      const { feed } = await start();
      feed.tickerData = sampleTicker;
      const c = await client();
      c.subscribe('ticker');
      const [first] = await c.waitFor('ticker');
      expect(first).toMatchObject({ type: 'ticker', v: 1, symbol: 'BTCUSDT', data: sampleTicker });
      const tickers = await c.waitFor('ticker', 3, 3_500);
      const received = tickers.map((ticker) => ticker.ts as number);
      // The snapshot on subscribe is not followed by a copy of itself from the first flush.
      expect(new Set(received).size).toBe(3);
      const gapMs = received[2]! - received[1]!;
      expect(gapMs).toBeGreaterThan(850);
      expect(gapMs).toBeLessThan(1_250);
    });

    it('stops a stream on unsubscribe', async () => {
      const { feed } = await start({ limits: { depthIntervalMs: 10 } });
      const c = await client();
      c.subscribe('depth');
      await c.waitFor('depth');
      c.send({ type: 'unsubscribe', symbol: 'BTCUSDT', streamType: 'depth' });
      await c.waitFor('unsubscribed');
      feed.setBook(bookOf(5));
      await sleep(100);
      expect(c.of('depth')).toHaveLength(1);
      expect(c.of('unsubscribed')[0]).toEqual({ type: 'unsubscribed', v: 1, symbol: 'BTCUSDT', streamType: 'depth' });
    });

    it('answers bad messages with an error and keeps the connection', async () => {
      await start();
      const c = await client();
      c.send('{not json');
      c.send({ type: 'launchRockets' });
      c.send({ streamType: 'depth' });
      c.send({ type: 'subscribe', symbol: 'BTCUSDT', streamType: 'orderbook' });
      c.send({ type: 'subscribe', symbol: 'DOGEUSDT', streamType: 'depth' });
      c.send({ type: 'subscribe', symbol: 42, streamType: 'depth' });
      c.send([1, 2, 3]);
      const errors = await c.waitFor('error', 7);
      expect(errors.map((error) => error.code)).toEqual([
        Errors.WS_MALFORMED_MESSAGE.code,
        Errors.WS_UNKNOWN_MESSAGE_TYPE.code,
        Errors.WS_INVALID_MESSAGE.code,
        Errors.WS_UNKNOWN_STREAM.code,
        Errors.MARKET_UNKNOWN_SYMBOL.code,
        Errors.WS_INVALID_MESSAGE.code,
        Errors.WS_INVALID_MESSAGE.code,
      ]);
      expect(errors[0]).toEqual({ type: 'error', v: 1, ...pick(Errors.WS_MALFORMED_MESSAGE) });
      c.send({ type: 'ping' });
      const [pong] = await c.waitFor('pong');
      expect(pong).toMatchObject({ type: 'pong', v: 1 });
    });

    it('accepts a lower-case symbol', async () => {
      await start();
      const c = await client();
      c.subscribe('depth', 'btcusdt');
      const [depth] = await c.waitFor('depth');
      expect(depth!.symbol).toBe('BTCUSDT');
    });

    it('streams the market-wide lists under the symbol ALL: on subscribe, then each second while they change', async () => {
      const { feed } = await start();
      const ticker = { symbol: 'BTCUSDT', lastPrice: 67_001.25, priceChangePercent: 1.5, image: '/coin-icons/btc.svg' };
      feed.setLists([ticker], []);
      const c = await client();
      c.subscribe('tickers', 'ALL');
      c.subscribe('coins', 'all');
      const [first] = await c.waitFor('tickers');
      expect(first).toMatchObject({ type: 'tickers', v: 1, symbol: 'ALL', data: [ticker] });
      await c.waitFor('coins');
      const moved = { ...ticker, lastPrice: 67_002.5 };
      feed.setLists([moved], []);
      const [, second] = await c.waitFor('tickers', 2, 2_500);
      expect(second!.data).toEqual([moved]);
      // Unchanged lists send nothing more.
      await sleep(1_300);
      expect(c.messages.filter((message) => message.type === 'tickers')).toHaveLength(2);
      // A list under a symbol, or a symbol stream under ALL, does not exist.
      c.subscribe('tickers', 'BTCUSDT');
      c.subscribe('ticker', 'ALL');
      const errors = await c.waitFor('error', 2);
      expect(errors.map((error) => error.code)).toEqual([
        Errors.MARKET_UNKNOWN_SYMBOL.code,
        Errors.MARKET_UNKNOWN_SYMBOL.code,
      ]);
    });

    it('caps subscriptions per connection', async () => {
      await start({ limits: { maxSubscriptions: 2 } });
      const c = await client();
      c.subscribe('depth');
      c.subscribe('depth'); // the same channel again is not a new subscription
      c.subscribe('trade');
      c.subscribe('ticker');
      const [error] = await c.waitFor('error');
      expect(error!.code).toBe(Errors.WS_SUBSCRIPTION_LIMIT.code);
      expect(c.of('subscribed')).toHaveLength(3);
    });

    it('closes with 1009 on an oversize frame', async () => {
      await start();
      const c = await client();
      c.send({ type: 'ping', padding: 'x'.repeat(5_000) });
      expect((await c.closed).code).toBe(1009);
    });

    it('closes with 1008 on a message flood', async () => {
      await start({ limits: { messagesPerSecond: 10, messageBurst: 20 } });
      const c = await client();
      for (let i = 0; i < 100; i += 1) c.send({ type: 'ping' });
      expect((await c.closed).code).toBe(1008);
      expect(c.of('pong').length).toBeLessThanOrEqual(21);
    });

    it("acknowledges the seeds' option positions messages", async () => {
      await start();
      const c = await client();
      c.send({ type: 'optionPositionsSubscribe', userNo: 17 });
      c.send({ type: 'optionPositionsUnsubscribe', userNo: 17 });
      c.send({ type: 'optionPositionsSubscribe' });
      const acks = await c.waitFor('optionPositions', 2);
      expect(acks).toEqual([
        { type: 'optionPositions', v: 1, userNo: 17, subscribed: true },
        { type: 'optionPositions', v: 1, userNo: 17, subscribed: false },
      ]);
      expect((await c.waitFor('error'))[0]!.code).toBe(Errors.WS_INVALID_MESSAGE.code);
    });

    it('streams trades in batches and the current candle', async () => {
      const { feed } = await start({ limits: { tradeIntervalMs: 50, klineIntervalMs: 50 } });
      feed.trades = [{ id: 1, price: 67_000, qty: 0.1, side: 'buy', time: 1 }];
      const c = await client();
      c.subscribe('trade');
      c.subscribe('kline');
      const [recent] = await c.waitFor('trade');
      expect(recent!.data).toEqual(feed.trades);
      expect(c.of('kline')).toHaveLength(0); // no candle yet: nothing to send
      feed.trade({ id: 2, price: 67_001, qty: 0.2, side: 'sell', time: 2 });
      feed.trade({ id: 3, price: 67_002, qty: 0.3, side: 'buy', time: 3 });
      const kline = { openTime: 0, closeTime: 59_999, open: 1, high: 2, low: 1, close: 2, volume: 0.5, closed: false };
      feed.setKline(kline);
      const trades = await c.waitFor('trade', 2);
      expect(trades[1]!.data).toEqual([
        { id: 2, price: 67_001, qty: 0.2, side: 'sell', time: 2 },
        { id: 3, price: 67_002, qty: 0.3, side: 'buy', time: 3 },
      ]);
      const [candle] = await c.waitFor('kline');
      expect(candle).toMatchObject({ type: 'kline', v: 1, symbol: 'BTCUSDT', interval: '1m', data: kline });
    });
  });

  describe('throttling', () => {
    it('sends depth at most every 100 ms even with 1,000 changes a second, ending on the latest book', async () => {
      const { feed } = await start();
      const c = await client();
      c.subscribe('depth');
      await c.waitFor('depth');
      let changes = 0;
      const started = Date.now();
      while (Date.now() - started < 1_000) {
        for (let i = 0; i < 10; i += 1) feed.setBook(bookOf(20, 6_700_000 + ++changes));
        await sleep(10);
      }
      const elapsedMs = Date.now() - started;
      // The latest book goes out on the next boundary (a busy machine may only delay it).
      const latest = (6_700_000 + changes - 1) / 100; // best bid of the last book
      const deadline = Date.now() + 2_000;
      while ((c.of('depth').at(-1)?.data as { b: number[][] }).b[0]![0] !== latest && Date.now() < deadline)
        await sleep(10);
      const depths = c.of('depth').slice(1);
      expect((depths.at(-1)!.data as { b: number[][] }).b[0]![0]).toBe(latest);
      // Throttled: never two within 100 ms (5 % timer slack), never more than the elapsed time allows, and many
      // changes folded into each (how many changes a loaded machine manages varies; the ratio does not).
      const times = depths.map((depth) => depth.ts as number);
      for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(95);
      expect(depths.length).toBeGreaterThanOrEqual(3);
      expect(depths.length).toBeLessThanOrEqual(Math.floor((elapsedMs + 2_000) / 95) + 1);
      expect(changes).toBeGreaterThanOrEqual(depths.length * 5);
    });

    it('sends the frames due together (depth and ticker on shared boundaries) in one write', async () => {
      const { feed } = await start({ limits: { depthIntervalMs: 50, tickerIntervalMs: 100 } });
      feed.tickerData = sampleTicker;
      // What the server hands the kernel, write by write, on the client's socket.
      const writes: string[] = [];
      running()!.server.on('upgrade', (_request, socket: Duplex) => spyOnWrites(socket, writes));
      const c = await client();
      c.subscribe('depth');
      c.subscribe('ticker');
      await c.waitFor('ticker');
      await c.waitFor('depth');
      writes.length = 0;
      let n = 0;
      const changer = setInterval(() => feed.setBook(bookOf(5, 6_700_000 + ++n)), 5);
      const tickerWrites = () => writes.filter((bytes) => bytes.includes('"type":"ticker"'));
      const sharedWrites = () => tickerWrites().filter((bytes) => bytes.includes('"type":"depth"'));
      try {
        // The book changes every 5 ms, so at each ticker boundary a depth frame is due too and shares the ticker's
        // write (written separately, no ticker write would hold one). Not every ticker: after a stall of the machine
        // both channels wait out their 95 % spacing off the boundary for a few intervals (at these short intervals;
        // the pump test times that exactly), so the test waits until three have shared a write.
        const deadline = Date.now() + 5_000;
        while (sharedWrites().length < 3 && Date.now() < deadline) await sleep(20);
      } finally {
        clearInterval(changer);
      }
      expect(sharedWrites().length).toBeGreaterThanOrEqual(3);
    });

    it('gives a client of only one of the channels due together just that channel', async () => {
      const { feed } = await start({ limits: { depthIntervalMs: 50, tickerIntervalMs: 100 } });
      feed.tickerData = sampleTicker;
      const both = await client();
      const tickerOnly = await client();
      const depthOnly = await client();
      both.subscribe('depth');
      both.subscribe('ticker');
      tickerOnly.subscribe('ticker');
      depthOnly.subscribe('depth');
      let n = 0;
      const changer = setInterval(() => feed.setBook(bookOf(5, 6_700_000 + ++n)), 5);
      try {
        await Promise.all([both.waitFor('ticker', 4), tickerOnly.waitFor('ticker', 4), depthOnly.waitFor('depth', 8)]);
      } finally {
        clearInterval(changer);
      }
      expect(tickerOnly.of('depth')).toHaveLength(0);
      expect(depthOnly.of('ticker')).toHaveLength(0);
      // Everyone got the same payloads of their channels (one payload per flush, whoever else takes it).
      const tickerTimes = (c: TestClient) => new Set(c.of('ticker').map((ticker) => ticker.ts));
      const common = [...tickerTimes(tickerOnly)].filter((ts) => tickerTimes(both).has(ts));
      expect(common.length).toBeGreaterThanOrEqual(3);
      const depthTimes = new Set(both.of('depth').map((depth) => depth.ts));
      expect(depthOnly.of('depth').filter((depth) => depthTimes.has(depth.ts)).length).toBeGreaterThanOrEqual(6);
    });

    it('sends nothing while the book does not change', async () => {
      const { feed } = await start();
      feed.setBook(bookOf(3));
      const c = await client();
      c.subscribe('depth');
      await c.waitFor('depth');
      await sleep(350);
      expect(c.of('depth')).toHaveLength(1);
    });

    it('serialises a broadcast once for all subscribers', async () => {
      const { feed, gateway } = await start({ limits: { depthIntervalMs: 20 } });
      const many = await Promise.all(Array.from({ length: 5 }, () => client()));
      for (const c of many) c.subscribe('depth');
      await Promise.all(many.map((c) => c.waitFor('depth')));
      const sentBefore = gateway.counters.framesSent;
      feed.setBook(bookOf(4));
      const received = await Promise.all(many.map(async (c) => (await c.waitFor('depth', 2))[1]));
      expect(gateway.counters.framesSent - sentBefore).toBe(5);
      // Same bytes for everyone, timestamp included: one payload, built once.
      expect(new Set(received.map((message) => JSON.stringify(message))).size).toBe(1);
    });
  });

  describe('slow clients', () => {
    it('skips updates for a client that does not read, keeps others flowing, and resends a snapshot once it catches up', async () => {
      const { feed, gateway } = await start({
        limits: { depthLevels: 2_000, depthIntervalMs: 5, slowClientBytes: 64 * 1024 },
      });
      feed.setBook(bookOf(2_000));
      const port = Number(new URL(running()!.url).port);
      const slow = await rawSubscriber(port, { type: 'subscribe', symbol: 'BTCUSDT', streamType: 'depth' });
      const fast = await client();
      fast.subscribe('depth');
      await fast.waitFor('depth');
      slow.pause();
      let n = 0;
      const changer = setInterval(() => feed.setBook(bookOf(2_000, 6_700_000 + (++n % 50))), 2);
      try {
        const deadline = Date.now() + 15_000;
        while (gateway.counters.framesSkipped === 0 && Date.now() < deadline) await sleep(20);
        expect(gateway.counters.framesSkipped).toBeGreaterThan(0);
        // While stalled, the slow client gets nothing more: skipped frames grow, its buffer does not.
        const skippedBefore = gateway.counters.framesSkipped;
        const fastBefore = fast.of('depth').length;
        await sleep(300);
        expect(gateway.counters.framesSkipped - skippedBefore).toBeGreaterThan(5);
        expect(fast.of('depth').length - fastBefore).toBeGreaterThan(5);
        expect(gateway.counters.snapshotsAfterSkip).toBe(0);
        slow.resume();
        while (gateway.counters.snapshotsAfterSkip === 0 && Date.now() < deadline) await sleep(20);
        expect(gateway.counters.snapshotsAfterSkip).toBeGreaterThan(0);
      } finally {
        clearInterval(changer);
        slow.destroy();
      }
    });
  });
});

function pick(error: { code: number; message: string }) {
  return { code: error.code, message: error.message };
}

/** Records the bytes of every write the socket's TCP handle gets (direct, or through write() or writev). */
function spyOnWrites(socket: Duplex, writes: string[]): void {
  const handle = (socket as unknown as { _handle: Record<string, (...args: unknown[]) => number> })._handle;
  const { writeBuffer, writev } = handle;
  handle.writeBuffer = function (request: unknown, data: unknown) {
    writes.push((data as Buffer).toString('latin1'));
    return writeBuffer!.call(this, request, data);
  };
  handle.writev = function (request: unknown, chunks: unknown, allBuffers: unknown) {
    writes.push((chunks as Buffer[]).map((chunk) => (Buffer.isBuffer(chunk) ? chunk.toString('latin1') : '')).join(''));
    return writev!.call(this, request, chunks, allBuffers);
  };
}

/** A websocket client on a raw TCP socket, so the test can stop reading (socket.pause) like a stalled browser. */
async function rawSubscriber(port: number, message: unknown): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(
    'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
  );
  await new Promise<void>((resolve) => socket.once('data', () => resolve()));
  socket.on('data', () => undefined);
  const payload = Buffer.from(JSON.stringify(message));
  const mask = Buffer.from([1, 2, 3, 4]);
  const header = Buffer.from([0x81, 0x80 | payload.length]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  socket.write(Buffer.concat([header, mask, masked]));
  return socket;
}
