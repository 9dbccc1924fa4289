// @tickline/client's TicklineSocket against the real app and its websocket gateway on loopback: order entry over
// the socket with a session and with an API key, pipelined requests matched by id, refusals as typed errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TicklineClient, TicklineError, TicklineSocket, TicklineTransportError } from '@tickline/client';
import { registerAndLogin } from '../helpers/test-app.ts';
import { startOrderEntryApp, type OrderEntryApp } from '../ws/order-entry-app.ts';

const USDT = 1_000_000;

let running: OrderEntryApp;
let accessToken: string;
let credentials: { apiKey: string; secret: string };
const sockets: TicklineSocket[] = [];

const limitBuy = { leverage: 10, volume: '0.01', type: 2, priceType: 1, position: 1, orderPath: 1, price: '49000' };

async function open(auth: { accessToken: string } | { apiKey: string; secret: string }, timeoutMs?: number) {
  const now = () => running.t.clock.now();
  const socket = await TicklineSocket.connect({ url: running.url, auth, WebSocket, now, timeoutMs });
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  running = await startOrderEntryApp();
  const alice = await registerAndLogin(running.t.app);
  await running.t.trading.fundDemoUser(alice.userId, 10_000 * USDT);
  accessToken = alice.accessToken;
  const session = new TicklineClient({ baseUrl: running.baseUrl, auth: { accessToken }, now: running.t.clock.now });
  await session.call('updateLeverage', { body: { leverage: 10 } });
  credentials = await session.call('createApiKey', { body: { label: 'bot', permissions: ['read', 'trade'] } });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await running?.close();
});

describe('TicklineSocket on a real platform', () => {
  it('places and cancels with an API key, pipelined, each answer matched to its request', async () => {
    const socket = await open(credentials);
    const placed = await Promise.all([1, 2, 3, 4].map(() => socket.send('placeOrder', limitBuy)));
    const numbers = placed.map((answer) => answer.data.no);
    expect(new Set(numbers).size).toBe(4);
    expect(placed.every((answer) => answer.rateLimit !== undefined && answer.rateLimit.weight === 1)).toBe(true);
    const { orders } = await socket.openOrders();
    expect(orders.map((order) => order.no).sort()).toEqual([...numbers].sort());
    await Promise.all(numbers.map((no) => socket.cancelOrder({ no })));
    expect((await socket.request('openOrders')).orders).toEqual([]);
  });

  it('signs in with a session token and raises refusals as TicklineError', async () => {
    const socket = await open({ accessToken });
    const refused = await socket.placeOrder({ ...limitBuy, volume: '900' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TicklineError);
    expect((refused as TicklineError).errorName).toBe('QUANTITY_ABOVE_MAXIMUM');
    await expect(open({ accessToken: 'forged' })).rejects.toMatchObject({ errorName: 'SESSION_INVALID' });
    await expect(open({ ...credentials, secret: 'wrong' })).rejects.toMatchObject({
      errorName: 'API_SIGNATURE_INVALID',
    });
  });

  it('fails pending requests when the socket closes, and times out an unanswered one', async () => {
    const socket = await open({ accessToken });
    const pending = socket.openOrders();
    socket.close();
    await expect(pending).rejects.toBeInstanceOf(TicklineTransportError);
    await expect(socket.openOrders()).rejects.toBeInstanceOf(TicklineTransportError);
    const impatient = await open({ accessToken }, 1);
    await expect(impatient.request('orderHistoryPage', { page: 1 })).rejects.toThrow(/no answer/);
  });
});
