import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeySummary, TotpSetupAnswer } from '@tickline/protocol';
import { totpCode } from '../../src/services/auth/totp.ts';
import { createTestApp, get, post, registerAndLogin, type TestApp } from '../helpers/test-app.ts';
import { createKey, signedHeaders, signedInject, type Credentials } from './signed-client.ts';

type Member = Awaited<ReturnType<typeof registerAndLogin>>;
let t: TestApp;
let member: Member;
let key: Credentials;

beforeAll(async () => {
  t = await createTestApp();
  member = await registerAndLogin(t.app);
  key = await createKey(t.app, member.accessToken, { label: 'market maker' });
});
afterAll(async () => {
  await t?.close();
});

const balance = { method: 'GET', path: '/api/v1/user/balance' } as const;

describe('API keys', () => {
  it('answers the secret once, lists keys without it, keeps it sealed, logs and notifies', async () => {
    expect(key.apiKey).toMatch(/^tl[0-9a-f]{32}$/);
    expect(key.secret).toMatch(/^[0-9a-f]{64}$/);
    const listed = await get<{ keys: ApiKeySummary[] }>(t.app, '/user/apiKeys', member.accessToken);
    expect(listed.body.data!.keys).toEqual([
      {
        apiKey: key.apiKey,
        label: 'market maker',
        permissions: ['read', 'trade'],
        ips: [],
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    const { rows } = await t.pool.query('SELECT sealed_secret FROM api_keys WHERE api_key = $1', [key.apiKey]);
    expect(rows[0].sealed_secret).not.toContain(key.secret);
    const log = await t.pool.query('SELECT event, detail FROM security_log WHERE user_id = $1', [member.userId]);
    expect(log.rows).toEqual([{ event: 'api_key_created', detail: 'market maker, read+trade' }]);
    const alarms = await get<Array<{ content: string }>>(t.app, '/alarm/lookup', member.accessToken);
    expect(JSON.stringify(alarms.body.data)).toContain('An API key was created on your account (market maker');
  });

  it('refuses bad labels, permissions and addresses, and more than ten keys', async () => {
    const create = (body: object) => post(t.app, '/user/apiKeys', body, member.accessToken);
    expect((await create({ label: ' ', permissions: ['read'] })).body.code).toBe(8001);
    expect((await create({ label: 'x'.repeat(41), permissions: ['read'] })).body.code).toBe(8001);
    expect((await create({ label: 'a', permissions: [] })).body.code).toBe(8002);
    expect((await create({ label: 'a', permissions: ['withdraw'] })).body.code).toBe(8002);
    expect((await create({ label: 'a', permissions: ['read'], ips: ['300.1.1.1'] })).body.code).toBe(8003);
    const other = await registerAndLogin(t.app);
    for (let index = 0; index < 10; index++) await createKey(t.app, other.accessToken, { label: `k${index}` });
    const eleventh = await post(t.app, '/user/apiKeys', { label: 'k', permissions: ['read'] }, other.accessToken);
    expect(eleventh.body.code).toBe(8004);
  });

  it('asks for the second factor to create or delete a key when two-factor is on', async () => {
    const guarded = await registerAndLogin(t.app);
    const setup = await post<TotpSetupAnswer>(t.app, '/user/totp/setup', {}, guarded.accessToken);
    const secret = setup.body.data!.secret;
    await post(t.app, '/user/totp/enable', { code: totpCode(secret, t.clock.now()) }, guarded.accessToken);
    const body = { label: 'bot', permissions: ['read'] };
    expect((await post(t.app, '/user/apiKeys', body, guarded.accessToken)).body.code).toBe(2040);
    expect((await post(t.app, '/user/apiKeys', { ...body, otp: '000000' }, guarded.accessToken)).body.code).toBe(2041);
    t.clock.advance(30_000);
    const created = await createKey(t.app, guarded.accessToken, { ...body, otp: totpCode(secret, t.clock.now()) });
    const remove = (otp?: string) =>
      post(t.app, '/user/apiKeys/delete', { apiKey: created.apiKey, otp }, guarded.accessToken);
    expect((await remove()).body.code).toBe(2040);
    t.clock.advance(30_000);
    expect((await remove(totpCode(secret, t.clock.now()))).body.code).toBe(0);
  });
});

describe('signed requests', () => {
  it('serves a signed read with the rate headers, and marks the key used', async () => {
    const answer = await signedInject<{ usdtm: number }>(t.app, t.clock, key, balance);
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toHaveProperty('usdtm');
    expect(answer.headers['x-ratelimit-limit']).toBe('10000');
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBeLessThan(10_000);
    await expect
      .poll(
        async () =>
          (await get<{ keys: ApiKeySummary[] }>(t.app, '/user/apiKeys', member.accessToken)).body.data!.keys[0]!
            .lastUsedAt,
      )
      .not.toBeNull();
  });

  it('refuses a wrong signature, a tampered body or query, a stale clock and missing headers', async () => {
    const leverage = { method: 'POST', path: '/api/v1/user/updateLeverage', body: { leverage: 5 } } as const;
    expect((await signedInject(t.app, t.clock, key, { ...leverage, secret: 'f'.repeat(64) })).body.code).toBe(8007);
    expect((await signedInject(t.app, t.clock, key, { ...leverage, signature: 'zz' })).status).toBe(401);
    // Signed for one body, sent with another.
    const rawBody = JSON.stringify({ leverage: 5 });
    const headers = signedHeaders(key, leverage, t.clock.now(), rawBody);
    const tampered = await t.app.inject({
      method: 'POST',
      url: leverage.path,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ leverage: 50 }),
    });
    expect(tampered.json()).toMatchObject({ code: 8007 });
    const query = signedHeaders(key, { method: 'GET', path: '/api/v1/order/lookup?page=1' }, t.clock.now(), '');
    const otherQuery = await t.app.inject({ method: 'GET', url: '/api/v1/order/lookup?page=2', headers: query });
    expect(otherQuery.json()).toMatchObject({ code: 8007 });
    const stale = await signedInject(t.app, t.clock, key, { ...balance, timestamp: t.clock.now() - 5_001 });
    expect(stale).toMatchObject({ status: 401, body: { code: 8008 } });
    const ahead = await signedInject(t.app, t.clock, key, { ...balance, timestamp: t.clock.now() + 5_001 });
    expect(ahead.body.code).toBe(8008);
    expect((await signedInject(t.app, t.clock, key, { ...balance, timestamp: t.clock.now() - 4_999 })).body.code).toBe(
      0,
    );
    const missing = await t.app.inject({ method: 'GET', url: balance.path, headers: { 'x-tl-apikey': key.apiKey } });
    expect(missing.json()).toMatchObject({ code: 8011 });
    const unknown = await signedInject(t.app, t.clock, { apiKey: 'tl' + '0'.repeat(32), secret: key.secret }, balance);
    expect(unknown).toMatchObject({ status: 401, body: { code: 8006 } });
  });

  it('holds a key to its permissions: a read key cannot trade, no key withdraws or touches security', async () => {
    const reader = await createKey(t.app, member.accessToken, { label: 'reader', permissions: ['read'] });
    expect((await signedInject(t.app, t.clock, reader, balance)).body.code).toBe(0);
    const leverage = await signedInject(t.app, t.clock, reader, {
      method: 'POST',
      path: '/api/v1/user/updateLeverage',
      body: { leverage: 5 },
    });
    expect(leverage).toMatchObject({ status: 403, body: { code: 8009 } });
    const sessionOnly = [
      { method: 'POST', path: '/api/v1/withdraw/register', body: { address: '0x' + '1'.repeat(40), amount: 10 } },
      { method: 'POST', path: '/api/v1/withdraw/cancel', body: { no: 1 } },
      { method: 'POST', path: '/api/v1/user/apiKeys', body: { label: 'more', permissions: ['trade'] } },
      { method: 'POST', path: '/api/v1/user/apiKeys/delete', body: { apiKey: key.apiKey } },
      { method: 'GET', path: '/api/v1/user/apiKeys' },
      { method: 'POST', path: '/api/v1/user/password', body: { currentPassword: 'a', newPassword: 'b' } },
      { method: 'POST', path: '/api/v1/user/totp/setup', body: {} },
      { method: 'POST', path: '/api/v1/user/whitelist/toggle', body: { enabled: false } },
      { method: 'GET', path: '/api/v1/user/security' },
      { method: 'GET', path: '/api/v1/admin/withdrawals?status=1' },
    ] as const;
    for (const call of sessionOnly) {
      const answer = await signedInject(t.app, t.clock, key, call);
      expect({ path: call.path, code: answer.body.code }).toEqual({ path: call.path, code: 8009 });
    }
    const withdrawals = await t.pool.query('SELECT count(*)::int AS n FROM withdrawals');
    expect(withdrawals.rows[0].n).toBe(0);
  });

  it('refuses a key used from an address it does not allow, and a deleted key at once', async () => {
    const elsewhere = await createKey(t.app, member.accessToken, { label: 'vps', ips: ['10.9.8.7'] });
    expect(await signedInject(t.app, t.clock, elsewhere, balance)).toMatchObject({ status: 403, body: { code: 8010 } });
    const here = await createKey(t.app, member.accessToken, { label: 'here', ips: ['127.0.0.1', '10.9.8.7'] });
    expect((await signedInject(t.app, t.clock, here, balance)).body.code).toBe(0);
    const removed = await post(t.app, '/user/apiKeys/delete', { apiKey: here.apiKey }, member.accessToken);
    expect(removed.body).toMatchObject({ code: 0, message: 'The API key was deleted.' });
    expect((await signedInject(t.app, t.clock, here, balance)).body.code).toBe(8006);
    const again = await post(t.app, '/user/apiKeys/delete', { apiKey: here.apiKey }, member.accessToken);
    expect(again.body.code).toBe(8005);
    const log = await t.pool.query('SELECT event FROM security_log WHERE user_id = $1 ORDER BY id', [member.userId]);
    expect(log.rows.map((row) => row.event)).toContain('api_key_deleted');
  });

  it('accepts a signed request from a real HTTP client (the body as sent on the wire)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Spacing a JSON serialiser would not produce: the signature covers the bytes as sent.
    const rawBody = '{ "leverage" :7 }';
    const path = '/api/v1/user/updateLeverage';
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method: 'POST',
      headers: {
        ...signedHeaders(key, { method: 'POST', path }, t.clock.now(), rawBody),
        'content-type': 'application/json',
      },
      body: rawBody,
    });
    expect(await response.json()).toMatchObject({ code: 0 });
    const info = await get<{ leverage: number }>(t.app, '/user/info', member.accessToken);
    expect(info.body.data!.leverage).toBe(7);
  });
});

describe('limits for programs', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      config: { rateLimits: { apiKey: { max: 6, windowMs: 60_000 }, apiUser: { max: 8, windowMs: 60_000 } } },
    });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('charges each call its weight per key and per user, then answers 429 with Retry-After', async () => {
    const owner = await registerAndLogin(small.app);
    const first = await createKey(small.app, owner.accessToken, { label: 'one' });
    const second = await createKey(small.app, owner.accessToken, { label: 'two' });
    const read = await signedInject(small.app, small.clock, first, balance);
    expect(read.headers).toMatchObject({
      'x-ratelimit-limit': '6',
      'x-ratelimit-remaining': '5',
      'x-ratelimit-weight': '1',
    });
    // A history page weighs 5: the key's budget of 6 is spent.
    const page = await signedInject(small.app, small.clock, first, {
      method: 'GET',
      path: '/api/v1/order/lookup?page=1',
    });
    expect(page.headers['x-ratelimit-remaining']).toBe('0');
    const over = await signedInject(small.app, small.clock, first, balance);
    expect(over).toMatchObject({ status: 429, body: { code: 1004 } });
    expect(over.headers['retry-after']).toBe('60');
    // The second key has its own budget, but the user's (8) has only 2 left.
    expect((await signedInject(small.app, small.clock, second, balance)).body.code).toBe(0);
    expect((await signedInject(small.app, small.clock, second, balance)).body.code).toBe(0);
    expect((await signedInject(small.app, small.clock, second, balance)).status).toBe(429);
    small.clock.advance(60_000);
    expect((await signedInject(small.app, small.clock, first, balance)).body.code).toBe(0);
    // A session is not charged to the programs' budgets.
    expect((await get(small.app, '/user/balance', owner.accessToken)).body.code).toBe(0);
  });
});
