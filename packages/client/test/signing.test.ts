import { describe, expect, it } from 'vitest';
import { TicklineClient, signatureOf } from '../src/index.ts';
import { ok, scriptedFetch, verify } from './fake-server.ts';

const BASE = 'http://127.0.0.1:9';
const key = { apiKey: 'tlk_test', secret: 'test-secret' };

describe('signed requests', () => {
  it('signs as openssl does: hex HMAC-SHA256 over timestamp + METHOD + path + raw body', () => {
    // printf '%s' '1700000000000POST/api/v1/order/registerOrder{"leverage":10,"volume":"0.01"}' \
    //   | openssl dgst -sha256 -hmac 'test-secret'
    const signature = signatureOf('test-secret', {
      timestamp: '1700000000000',
      method: 'post',
      path: '/api/v1/order/registerOrder',
      body: '{"leverage":10,"volume":"0.01"}',
    });
    expect(signature).toBe('b7cbecb224a2d7555f7106338b1216548be318df779a99d99e3eb8b682d1c5d3');
  });

  it('sends the three headers over exactly the bytes sent, query included, with its own clock', async () => {
    const { fetch, seen } = scriptedFetch([ok({ orders: [] }), ok({ no: 7 }, 'Order successfully completed.')]);
    const client = new TicklineClient({ baseUrl: `${BASE}/`, auth: key, fetch, now: () => 1_700_000_000_123 });
    await client.call('orderHistoryPage', { query: { page: 2 } });
    await client.call('placeOrder', {
      body: { leverage: 10, volume: '0.01', position: 1, orderPath: 1, price: '50000', clientOrderId: 'mm-1' },
    });
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET ${BASE}/api/v1/order/lookup?page=2`,
      `POST ${BASE}/api/v1/order/registerOrder`,
    ]);
    for (const request of seen) {
      expect(verify(key.secret, request, BASE)).toBeNull();
      expect(request.headers).toMatchObject({ 'X-TL-APIKEY': 'tlk_test', 'X-TL-TIMESTAMP': '1700000000123' });
    }
    expect(seen[0]!.body).toBe('');
    expect(seen[0]!.headers['Content-Type']).toBeUndefined();
    expect(JSON.parse(seen[1]!.body)).toMatchObject({ clientOrderId: 'mm-1', leverage: 10 });
    // A wrong secret does not verify: the verifier is not a rubber stamp.
    expect(verify('other', seen[1]!, BASE)).toBe('bad signature');
  });

  it('sends a session token instead when given one, and nothing for public calls', async () => {
    const { fetch, seen } = scriptedFetch([ok([])]);
    await new TicklineClient({ baseUrl: BASE, auth: { accessToken: 'jwt' }, fetch }).call('positions');
    await new TicklineClient({ baseUrl: BASE, fetch }).call('positions');
    expect(seen[0]!.headers.Authorization).toBe('Bearer jwt');
    expect(seen[0]!.headers['X-TL-SIGNATURE']).toBeUndefined();
    expect(seen[1]!.headers.Authorization).toBeUndefined();
  });
});
