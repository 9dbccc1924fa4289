import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WsClient, backoffDelay } from './ws.ts';
import { connectDeepDepth, createMarketStore } from '../features/futures/stream/marketFeed.ts';
import { USER_EVENT_KINDS } from '@tickline/protocol';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, within ±25 % jitter', () => {
    const options = { baseMs: 500, maxMs: 15_000 };
    expect(backoffDelay(0, options, () => 0.5)).toBe(500);
    expect(backoffDelay(3, options, () => 0.5)).toBe(4000);
    expect(backoffDelay(30, options, () => 0.5)).toBe(15_000);
    expect(backoffDelay(1, options, () => 0)).toBe(750);
    expect(backoffDelay(1, options, () => 0.999_999)).toBeLessThanOrEqual(1250);
  });
});

describe('WsClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
  });
  afterEach(() => vi.useRealTimers());

  const client = () =>
    new WsClient({
      url: () => 'ws://test/ws',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      backoff: { baseMs: 100, maxMs: 1000 },
    });

  it('subscribes on open, routes messages to the stream listener and resubscribes after a drop', () => {
    const ws = client();
    const depth: unknown[] = [];
    let resyncs = 0;
    ws.onResync(() => resyncs++);
    ws.setToken('token-1');
    ws.subscribe('BTCUSDT', 'depth', (message) => depth.push(message.data));
    const first = FakeSocket.all[0]!;
    expect(ws.getState()).toBe('connecting');
    first.open();
    expect(first.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'subscribe', symbol: 'BTCUSDT', streamType: 'depth' },
    ]);
    first.receive({ type: 'depth', symbol: 'BTCUSDT', v: 1, ts: 1, data: { a: [], b: [] } });
    expect(depth).toHaveLength(1);

    first.close();
    expect(ws.getState()).toBe('reconnecting');
    vi.advanceTimersByTime(200);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent).toEqual(first.sent);
    expect(resyncs).toBe(1);
    expect(ws.getState()).toBe('open');
  });

  it('passes user events on, and reloads (user resync) when their sequence skips a number', () => {
    const ws = client();
    const events: string[] = [];
    let resyncs = 0;
    ws.onUserResync(() => resyncs++);
    ws.setToken('token-1');
    for (const kind of USER_EVENT_KINDS) ws.onUserEvent(kind, () => events.push(kind));
    const socket = FakeSocket.all[0]!;
    socket.open();
    const user = (seq: number, event: string) => ({ type: 'user', v: 1, ts: seq, seq, event, data: {} });
    socket.receive(user(41, 'order')); // a connection's first number may be any
    socket.receive(user(42, 'balance'));
    expect(resyncs).toBe(0);
    socket.receive(user(44, 'position')); // 43 never came
    expect(resyncs).toBe(1);
    socket.receive(user(45, 'alarm'));
    expect(resyncs).toBe(1);
    expect(events).toEqual(['order', 'balance', 'position', 'alarm']);
  });

  it('reloads the user state each time the server answers auth (the stream is live), the market state on reconnects', () => {
    const ws = client();
    let userResyncs = 0;
    let marketResyncs = 0;
    ws.onUserResync(() => userResyncs++);
    ws.onResync(() => marketResyncs++);
    ws.setToken('token-1');
    ws.onUserEvent('position', () => undefined);
    const first = FakeSocket.all[0]!;
    first.open();
    expect(userResyncs).toBe(0); // auth sent, not yet answered: events may still be missed
    first.receive({ type: 'auth', v: 1, data: { userId: 7 } });
    expect([userResyncs, marketResyncs]).toEqual([1, 0]);
    first.close();
    vi.advanceTimersByTime(200);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(marketResyncs).toBe(1);
    second.receive({ type: 'auth', v: 1, data: { userId: 7 } });
    expect(userResyncs).toBe(2);
  });

  it("hands each kind's listeners only that kind's data, and stops on unsubscribe", () => {
    const ws = client();
    const orders: number[] = [];
    const stop = ws.onUserEvent('order', (order) => orders.push(order.no));
    ws.setToken('token-1');
    const socket = FakeSocket.all[0]!;
    socket.open();
    const order = {
      no: 7,
      position: 1,
      volume: 1,
      price: 1,
      leverage: 1,
      insertDate: '',
      orderPath: 1,
      status: 'open',
    };
    socket.receive({ type: 'user', v: 1, ts: 1, seq: 1, event: 'order', data: order });
    socket.receive({ type: 'user', v: 1, ts: 2, seq: 2, event: 'balance', data: { changed: true } });
    stop();
    socket.receive({ type: 'user', v: 1, ts: 3, seq: 3, event: 'order', data: { ...order, no: 8 } });
    expect(orders).toEqual([7]);
  });

  it('treats a silent socket as dead and reconnects', () => {
    const ws = client();
    ws.subscribe('BTCUSDT', 'ticker', () => undefined);
    FakeSocket.all[0]!.open();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all.length).toBeGreaterThan(1);
  });

  it('unsubscribes when the last listener leaves and stops for good on close', () => {
    const ws = client();
    const stop = ws.subscribe('BTCUSDT', 'trade', () => undefined);
    const socket = FakeSocket.all[0]!;
    socket.open();
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', symbol: 'BTCUSDT', streamType: 'trade' });
    ws.close();
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(ws.getState()).toBe('closed');
  });
});

describe('WsClient raw listeners', () => {
  beforeEach(() => {
    FakeSocket.all = [];
  });

  it('hands depth text to raw listeners without parsing, and parses for typed listeners', () => {
    const ws = new WsClient({
      url: () => 'ws://test/ws',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    const texts: string[] = [];
    ws.subscribeRaw('BTCUSDT', 'depth', (text) => texts.push(text));
    const socket = FakeSocket.all[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', symbol: 'BTCUSDT', streamType: 'depth' }]);
    const message = { type: 'depth', v: 1, symbol: 'BTCUSDT', ts: 1, data: { a: [], b: [] } };
    socket.receive(message);
    expect(texts).toEqual([JSON.stringify(message)]);
    const parsed: unknown[] = [];
    ws.subscribe('BTCUSDT', 'depth', (m) => parsed.push(m.data));
    socket.receive(message);
    expect(texts).toHaveLength(2);
    expect(parsed).toEqual([message.data]);
    ws.close();
  });

  it('keeps the deep depth apart from the default depth: its own subscription, its own listeners', () => {
    const ws = new WsClient({
      url: () => 'ws://test/ws',
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
    });
    const store = createMarketStore((flush) => flush());
    const stop = connectDeepDepth(ws, 'BTCUSDT', store);
    const socket = FakeSocket.all[0]!;
    socket.open();
    expect(socket.sent).toEqual([{ type: 'subscribe', symbol: 'BTCUSDT', streamType: 'depthDeep' }]);
    const deep = { type: 'depthDeep', v: 1, symbol: 'BTCUSDT', ts: 1, data: { a: [[101, 1]], b: [[99, 2]] } };
    socket.receive({ ...deep, type: 'depth' });
    expect(store.get('deepDepthText')).toBeNull();
    socket.receive(deep);
    expect(store.get('deepDepthText')).toBe(JSON.stringify(deep));
    // Stopped: unsubscribed and the deep book forgotten, so a later choice never starts from a stale one.
    stop();
    expect(socket.sent.at(-1)).toEqual({ type: 'unsubscribe', symbol: 'BTCUSDT', streamType: 'depthDeep' });
    expect(store.get('deepDepthText')).toBeNull();
    ws.close();
  });
});
