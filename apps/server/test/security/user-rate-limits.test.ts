/**
 * Order entry, cancels, bets and transfers are limited per user (RATE_LIMIT_ORDER, _CANCEL, _BET, _TRANSFER), whatever
 * address the calls come from: over the limit, 429 with the envelope; each user and each kind has its own budget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, registerAndLogin, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let alice: string;
let bob: string;
const WINDOW_MS = 10_000;

beforeAll(async () => {
  const limit = { max: 3, windowMs: WINDOW_MS };
  t = await createTestApp({ config: { rateLimits: { order: limit, cancel: limit, bet: limit, transfer: limit } } });
  alice = (await registerAndLogin(t.app)).accessToken;
  bob = (await registerAndLogin(t.app)).accessToken;
});
afterAll(async () => {
  await t.close();
});

let address = 0;
async function call(url: string, token: string, body: unknown = {}) {
  address += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: `10.1.0.${address % 250}`,
  });
  return { status: response.statusCode, body: response.json<{ code: number }>(), headers: response.headers };
}

describe('per-user limits on order entry', () => {
  it.each([
    ['/order/registerOrder', 'order'],
    ['/order/cancel', 'cancel'],
    ['/optionOrder/register', 'bet'],
    ['/transfer/registerFutures', 'transfer'],
  ])('%s: 429 with the envelope after the limit, per user, until the window passes', async (url) => {
    for (let i = 0; i < 3; i++) expect((await call(url, alice)).status).not.toBe(429);
    const limited = await call(url, alice);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: Errors.RATE_LIMITED.code, message: Errors.RATE_LIMITED.message, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(url, bob)).status).not.toBe(429);
    t.clock.advance(WINDOW_MS);
    expect((await call(url, alice)).status).not.toBe(429);
  });

  it('order and cancel have separate budgets, and closing or TP/SL count as orders', async () => {
    const carol = (await registerAndLogin(t.app)).accessToken;
    await call('/order/registerOrder', carol);
    await call('/order/closePosition', carol);
    await call('/order/updateTpsl', carol);
    expect((await call('/order/registerOrder', carol)).status).toBe(429);
    expect((await call('/order/cancel', carol)).status).not.toBe(429);
  });

  it('reads RATE_LIMIT_ORDER and friends, with defaults', () => {
    const config = loadConfig({ RATE_LIMIT_ORDER: '5/2', RATE_LIMIT_TRANSFER: '7/60' }, '/');
    expect(config.rateLimits.order).toEqual({ max: 5, windowMs: 2_000 });
    expect(config.rateLimits.transfer).toEqual({ max: 7, windowMs: 60_000 });
    expect(config.rateLimits.cancel.max).toBeGreaterThan(0);
    expect(config.rateLimits.bet.max).toBeGreaterThan(0);
    expect(() => loadConfig({ RATE_LIMIT_CANCEL: 'fast' }, '/')).toThrow(/RATE_LIMIT_CANCEL/);
  });
});
