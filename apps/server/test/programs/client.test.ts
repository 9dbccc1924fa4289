// @tickline/client against the real platform, listening on loopback: a program's signed orders end to end.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicklineClient, TicklineError } from '@tickline/client';
import { createTestClock, registerAndLogin } from '../helpers/test-app.ts';
import { createTradingTestApp, type TradingTestApp } from '../trading/helpers/trading-app.ts';

const USDT = 1_000_000;
const PRICE = 5_000_000; // 50,000.00 USDT in ticks

let t: TradingTestApp;
let baseUrl: string;
let session: TicklineClient;
let program: TicklineClient;
let credentials: { apiKey: string; secret: string };

const limitBuy = { leverage: 10, volume: '0.01', position: 1, orderPath: 1, price: '49000' };

beforeAll(async () => {
  t = await createTradingTestApp({ clock: createTestClock(Date.UTC(2026, 10, 21, 3, 0, 10)) });
  const alice = await registerAndLogin(t.app);
  await t.trading.fundDemoUser(alice.userId, 10_000 * USDT);
  expect((await t.sequencer.submit({ type: 'priceTick', indexPrice: PRICE, markPrice: PRICE })).ok).toBe(true);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The platform's clock is the test's: the client stamps its requests with it.
  const now = () => t.clock.now();
  session = new TicklineClient({ baseUrl, auth: { accessToken: alice.accessToken }, now });
  await session.call('updateLeverage', { body: { leverage: 10 } });
  credentials = await session.call('createApiKey', { body: { label: 'bot', permissions: ['read', 'trade'] } });
  program = new TicklineClient({ baseUrl, auth: credentials, now });
});
afterAll(async () => {
  await t?.close();
});

describe('@tickline/client on a real platform', () => {
  it('places, lists, looks up and cancels a signed order', async () => {
    const placed = await program.send('placeOrder', { body: limitBuy });
    expect(placed.data.no).toBeGreaterThan(0);
    expect(placed.resolvedUnknownOutcome).toBe(false);

    const { orders } = await program.call('openOrders');
    expect(orders.map((order) => order.no)).toEqual([placed.data.no]);
    expect(orders[0]).toMatchObject({ position: 1, volume: 0.01, price: 49_000, leverage: 10 });

    expect(await program.lookupClientOrder(placed.clientOrderId!)).toMatchObject({
      clientOrderId: placed.clientOrderId,
      kind: 'placeOrder',
      no: placed.data.no,
      order: { status: 'open', qty: '0.0100', filledQty: '0.0000' },
    });

    expect(await program.call('cancelOrder', { body: { no: placed.data.no } })).toBeNull();
    expect((await program.call('openOrders')).orders).toEqual([]);
  });

  it("raises the server's refusals as typed errors: a withdrawal, and a stale clock", async () => {
    const withdrawal = await program
      .call('registerWithdrawal', { body: { walletAddress: '0x0', amount: '10' } })
      .catch((error: unknown) => error);
    expect(withdrawal).toBeInstanceOf(TicklineError);
    expect(withdrawal).toMatchObject({ errorName: 'API_KEY_PERMISSION_DENIED', httpStatus: 403 });

    const late = new TicklineClient({ baseUrl, auth: credentials, now: () => t.clock.now() - 60_000 });
    await expect(late.call('openOrders')).rejects.toMatchObject({ errorName: 'API_TIMESTAMP_OUTSIDE_WINDOW' });
  });

  it('resolves a 1010 by the client order id when the answer to a placed order is lost on the way', async () => {
    // The order reaches the platform and is placed; only its answer is replaced, as a proxy timing out would.
    let lost = 0;
    const losingFetch: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (init?.method !== 'POST' || !String(input).endsWith('/order/registerOrder') || lost++ > 0) return response;
      const unknown = { code: 1010, message: 'The trading engine did not answer in time.', data: null };
      return new Response(JSON.stringify(unknown), { status: 503, headers: { 'content-type': 'application/json' } });
    };
    const client = new TicklineClient({
      baseUrl,
      auth: credentials,
      now: () => t.clock.now(),
      fetch: losingFetch,
      retry: { baseDelayMs: 1 },
    });
    const placed = await client.send('placeOrder', { body: { ...limitBuy, clientOrderId: 'lost-answer-1' } });
    expect(placed).toMatchObject({ clientOrderId: 'lost-answer-1', resolvedUnknownOutcome: true });
    expect(lost).toBe(1);
    // One order, and it is the one the look-up found.
    expect((await program.call('openOrders')).orders.map((order) => order.no)).toEqual([placed.data.no]);
  });
});
