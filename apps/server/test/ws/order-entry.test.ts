// Order entry over the websocket (#30) on the real app listening on loopback, with real ws clients: the route table's
// calls by name, the same answers, validation, limits and key permissions as REST, the in-flight bound, revocations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, WS_LOGIN_METHOD, WS_LOGIN_PATH } from '@tickline/protocol';
import { signRequest } from '../../src/services/auth/request-signatures.ts';
import { get, post, registerAndLogin } from '../helpers/test-app.ts';
import { createKey, signedInject, type Credentials } from '../programs/signed-client.ts';
import { limitOrder, type TradingTestApp } from '../trading/helpers/trading-app.ts';
import { TestClient, type Received } from './helpers.ts';
import { startOrderEntryApp, type OrderEntryApp } from './order-entry-app.ts';

const USDT = 1_000_000;
const ORDER_LIMIT = 6;
const KEY_LIMIT = 40;

let running: OrderEntryApp;
let t: TradingTestApp;
let url: string;
const clients: TestClient[] = [];
let nextId = 0;

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;

async function trader(): Promise<Trader> {
  const user = await registerAndLogin(t.app);
  await t.trading.fundDemoUser(user.userId, 10_000 * USDT);
  await post(t.app, '/user/updateLeverage', { leverage: 10 }, user.accessToken);
  return user;
}

async function connect(): Promise<TestClient> {
  const client = await TestClient.connect(url);
  clients.push(client);
  return client;
}

async function signedIn(auth: { token: string } | Credentials): Promise<TestClient> {
  const client = await connect();
  if ('token' in auth) client.send({ type: 'auth', token: auth.token });
  else client.send(keyLogin(auth));
  const [answer] = await Promise.race([client.waitFor('auth'), client.waitFor('error')]);
  if (answer!.type !== 'auth') throw new Error(`sign-in refused: ${JSON.stringify(answer)}`);
  return client;
}

function keyLogin(key: Credentials, timestamp = t.clock.now(), secret = key.secret) {
  const signed = { timestamp: String(timestamp), method: WS_LOGIN_METHOD, path: WS_LOGIN_PATH, body: '' };
  return { type: 'auth', apiKey: key.apiKey, timestamp: String(timestamp), signature: signRequest(secret, signed) };
}

/** Sends `{id, method, params}` and waits for the response with that id. */
async function call(client: TestClient, method: string, params?: object): Promise<Received> {
  const id = `r${(nextId += 1)}`;
  client.send({ id, method, ...(params ? { params } : {}) });
  for (;;) {
    const found = client.of('response').find((message) => message.id === id);
    if (found) return found;
    await client.waitFor('response', client.of('response').length + 1);
  }
}

beforeAll(async () => {
  running = await startOrderEntryApp({
    // The fixed test clock never ends a window: budgets are counted exactly.
    config: {
      rateLimits: { order: { max: ORDER_LIMIT, windowMs: 60_000 }, apiKey: { max: KEY_LIMIT, windowMs: 60_000 } },
    },
    limits: { maxInFlightRequests: 4 },
  });
  ({ t, url } = running);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await running?.close();
});

describe('order entry over the websocket', () => {
  it('places and cancels with a session, answering the REST envelope with the request id', async () => {
    const alice = await trader();
    const ws = await signedIn({ token: alice.accessToken });
    const placed = await call(ws, 'placeOrder', limitOrder(1, '0.01', '49000'));
    expect(placed).toEqual({
      type: 'response',
      v: 1,
      id: placed.id,
      code: 0,
      message: 'Order successfully completed.',
      data: { no: expect.any(Number) },
    });
    const no = (placed.data as { no: number }).no;
    const rest = await get<{ orders: Array<{ no: number }> }>(t.app, '/order/waitLookup', alice.accessToken);
    expect(rest.body.data!.orders.map((order) => order.no)).toEqual([no]);
    const open = await call(ws, 'openOrders');
    expect(open).toMatchObject({ code: 0, data: rest.body.data });
    expect(await call(ws, 'cancelOrder', { no })).toMatchObject({ code: 0, data: null });
    expect(await call(ws, 'openOrders')).toMatchObject({ code: 0, data: { orders: [] } });
    // A GET route's params are its query: numbers are read as a URL's text would be.
    expect(await call(ws, 'orderHistoryPage', { page: 1 })).toMatchObject({ code: 0 });
  });

  it('refuses what REST refuses, with the same codes', async () => {
    const bob = await trader();
    const ws = await signedIn({ token: bob.accessToken });
    const bad = limitOrder(1, 'lots', '49000');
    const overRest = await post(t.app, '/order/registerOrder', bad, bob.accessToken);
    const overSocket = await call(ws, 'placeOrder', bad);
    expect(overRest.body.code).not.toBe(0);
    expect({ code: overSocket.code, message: overSocket.message }).toEqual({
      code: overRest.body.code,
      message: overRest.body.message,
    });
    const badCancel = await post(t.app, '/order/cancel', { no: 'x' }, bob.accessToken);
    expect((await call(ws, 'cancelOrder', { no: 'x' })).code).toBe(badCancel.body.code);
    const badPage = await get(t.app, '/order/lookup?page=abc', bob.accessToken);
    expect(badPage.body.code).not.toBe(0);
    expect((await call(ws, 'orderHistoryPage', { page: 'abc' })).code).toBe(badPage.body.code);
    // Not offered: unknown names, routes keys may not call, operator routes, public routes.
    for (const method of ['nope', 'toString', 'withdraw', 'createApiKey', 'serverTime', 'logout'])
      expect((await call(ws, method)).code).toBe(Errors.WS_UNKNOWN_METHOD.code);
    ws.send({ id: { no: 1 }, method: 'openOrders' });
    expect((await ws.waitFor('error'))[0]!.code).toBe(Errors.WS_INVALID_MESSAGE.code);
  });

  it('answers 40000 before signing in, and once the session is revoked', async () => {
    const carol = await trader();
    const anonymous = await connect();
    expect((await call(anonymous, 'openOrders')).code).toBe(Errors.SESSION_INVALID.code);
    const ws = await signedIn({ token: carol.accessToken });
    expect((await call(ws, 'openOrders')).code).toBe(0);
    expect((await post(t.app, '/auth/logout', undefined, carol.accessToken)).body.code).toBe(0);
    expect((await ws.waitFor('error'))[0]!.code).toBe(Errors.SESSION_INVALID.code);
    expect((await call(ws, 'placeOrder', limitOrder(1, '0.01', '49000'))).code).toBe(Errors.SESSION_INVALID.code);
  });

  it("counts orders against the user's limit together with REST", async () => {
    const dave = await trader();
    const ws = await signedIn({ token: dave.accessToken });
    for (let i = 0; i < ORDER_LIMIT / 2; i++) {
      expect(
        (await post(t.app, '/order/registerOrder', limitOrder(1, '0.01', '49000'), dave.accessToken)).body.code,
      ).toBe(0);
      expect((await call(ws, 'placeOrder', limitOrder(1, '0.01', '49000'))).code).toBe(0);
    }
    const refused = await call(ws, 'placeOrder', limitOrder(1, '0.01', '49000'));
    expect(refused).toMatchObject({ code: Errors.RATE_LIMITED.code, retryAfterSeconds: expect.any(Number) });
    const rest = await post(t.app, '/order/registerOrder', limitOrder(1, '0.01', '49000'), dave.accessToken);
    expect(rest.body.code).toBe(Errors.RATE_LIMITED.code);
  });

  it('signs in with a key: its permissions, and its weighted budget shared with signed REST calls', async () => {
    const erin = await trader();
    const reader = await createKey(t.app, erin.accessToken, { label: 'reader', permissions: ['read'] });
    const trading = await createKey(t.app, erin.accessToken, { label: 'bot', permissions: ['read', 'trade'] });
    const readOnly = await signedIn(reader);
    expect((await call(readOnly, 'openOrders')).code).toBe(0);
    const denied = await call(readOnly, 'placeOrder', limitOrder(1, '0.01', '49000'));
    expect(denied.code).toBe(Errors.API_KEY_PERMISSION_DENIED.code);

    const bot = await signedIn(trading);
    const first = await call(bot, 'openOrders');
    expect(first.rateLimit).toEqual({ limit: KEY_LIMIT, remaining: KEY_LIMIT - 1, resetSeconds: 60, weight: 1 });
    const history = await signedInject(t.app, t.clock, trading, { method: 'GET', path: '/api/v1/order/lookup' });
    expect(history.headers['x-ratelimit-remaining']).toBe(String(KEY_LIMIT - 1 - 5));
    const placed = await call(bot, 'placeOrder', limitOrder(2, '0.01', '51000'));
    expect(placed).toMatchObject({ code: 0, rateLimit: { remaining: KEY_LIMIT - 7, weight: 1 } });

    // A bad signature, a stale timestamp: refused with the signed REST codes.
    const other = await connect();
    other.send(keyLogin(trading, t.clock.now(), 'not-the-secret'));
    other.send(keyLogin(trading, t.clock.now() - 3_600_000));
    const codes = (await other.waitFor('error', 2)).map((error) => error.code);
    expect(codes.sort()).toEqual([Errors.API_SIGNATURE_INVALID.code, Errors.API_TIMESTAMP_OUTSIDE_WINDOW.code].sort());

    // Deleting the key ends the socket's sign-in as a revoked session does.
    expect((await post(t.app, '/user/apiKeys/delete', { apiKey: trading.apiKey }, erin.accessToken)).body.code).toBe(0);
    expect((await bot.waitFor('error'))[0]!.code).toBe(Errors.SESSION_INVALID.code);
    expect((await call(bot, 'openOrders')).code).toBe(Errors.SESSION_INVALID.code);
  });

  it('bounds the requests in flight per connection and answers in order of completion', async () => {
    const frank = await trader();
    const ws = await signedIn({ token: frank.accessToken });
    const ids = Array.from({ length: 7 }, (_, i) => `burst-${i}`);
    for (const id of ids) ws.send({ id, method: 'openOrders' });
    const answers = await ws.waitFor('response', ids.length);
    const byId = new Map(answers.map((answer) => [answer.id, answer.code]));
    expect(ids.map((id) => byId.get(id))).toEqual([0, 0, 0, 0, 7108, 7108, 7108]);
    // The refusals are answered at once, before the calls that were admitted complete.
    expect(answers.slice(0, 3).map((answer) => answer.code)).toEqual([7108, 7108, 7108]);
    expect((await call(ws, 'openOrders')).code).toBe(0);
  });
});
