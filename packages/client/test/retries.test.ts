import { describe, expect, it } from 'vitest';
import { Errors } from '@tickline/protocol';
import { TicklineClient, TicklineError, TicklineTransportError } from '../src/index.ts';
import { ok, refused, scriptedFetch, type Answer, type Seen } from './fake-server.ts';

const BASE = 'http://127.0.0.1:9';
const key = { apiKey: 'tlk_test', secret: 'test-secret' };
const order = { leverage: 10, volume: '0.01', position: 1, orderPath: 2 };
const BUSY = Errors.SERVICE_UNAVAILABLE.code; // 1009
const UNKNOWN = Errors.ENGINE_OUTCOME_UNKNOWN.code; // 1010
const NOT_FOUND = Errors.CLIENT_ORDER_NOT_FOUND.code; // 8013

function clientWith(answers: Array<Answer | ((seen: Seen) => Answer)>, retry = {}) {
  const { fetch, seen } = scriptedFetch(answers);
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);
  return { client: new TicklineClient({ baseUrl: BASE, auth: key, fetch, sleep, retry }), seen, waits };
}

const lookup = (no: number | null, clientOrderId: string) =>
  ok({ clientOrderId, kind: 'placeOrder', no, createdAt: '2026-11-26T13:00:00.000Z', order: null });

describe('errors', () => {
  it('raises a catalogued refusal as a TicklineError with its code, message and name', async () => {
    const { client } = clientWith([refused(Errors.INSUFFICIENT_MARGIN.code, 'Not enough margin.')]);
    const error = await client.call('placeOrder', { body: order }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TicklineError);
    expect(error).toMatchObject({ code: Errors.INSUFFICIENT_MARGIN.code, message: 'Not enough margin.' });
    expect((error as TicklineError).errorName).toBe('INSUFFICIENT_MARGIN');
  });

  it('raises a TicklineTransportError when no envelope comes back', async () => {
    const { client } = clientWith([{ status: 502, text: '<html>Bad gateway</html>' }]);
    await expect(client.call('positions')).rejects.toMatchObject({ name: 'TicklineTransportError', httpStatus: 502 });
    await expect(client.call('positions')).rejects.toBeInstanceOf(TicklineTransportError);
  });
});

describe('1009 (busy)', () => {
  it('retries with growing backoff, and at least what Retry-After asks', async () => {
    const { client, seen, waits } = clientWith(
      [
        refused(BUSY, 'busy', 503),
        { ...refused(BUSY, 'busy', 503), headers: { 'retry-after': '3' } },
        refused(BUSY, 'busy', 503),
        ok({ orders: [] }),
      ],
      { baseDelayMs: 100, maxDelayMs: 10_000 },
    );
    expect(await client.call('openOrders')).toEqual({ orders: [] });
    expect(seen).toHaveLength(4);
    expect(waits).toHaveLength(3);
    expect(waits[0]).toBeGreaterThanOrEqual(50);
    expect(waits[0]).toBeLessThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(3_000);
    expect(waits[2]).toBeGreaterThanOrEqual(200);
    expect(waits[2]).toBeLessThanOrEqual(400);
  });

  it('gives up after busyAttempts sends with the last 1009', async () => {
    const { client, seen } = clientWith([refused(BUSY, 'busy', 503)], { busyAttempts: 3 });
    await expect(client.call('openOrders')).rejects.toMatchObject({ code: BUSY });
    expect(seen).toHaveLength(3);
  });

  it('does not retry other refusals', async () => {
    const { client, seen } = clientWith([refused(Errors.ORDER_NOT_FOUND.code)]);
    await expect(client.call('cancelOrder', { body: { no: 5 } })).rejects.toMatchObject({
      code: Errors.ORDER_NOT_FOUND.code,
    });
    expect(seen).toHaveLength(1);
  });
});

describe('1010 (outcome unknown)', () => {
  it('generates a client order id when none is given and resolves by looking the order up by it', async () => {
    const { client, seen } = clientWith([
      refused(UNKNOWN, 'unknown', 503),
      (request) => lookup(42, new URL(request.url).searchParams.get('clientOrderId')!),
    ]);
    const result = await client.send('placeOrder', { body: order });
    expect(result).toMatchObject({ data: { no: 42 }, resolvedUnknownOutcome: true });
    expect(result.clientOrderId).toMatch(/^[A-Za-z0-9_-]{1,36}$/);
    expect(JSON.parse(seen[0]!.body).clientOrderId).toBe(result.clientOrderId);
    expect(seen[1]!.url).toBe(`${BASE}/api/v1/order/lookup?clientOrderId=${result.clientOrderId}`);
    expect(seen).toHaveLength(2);
  });

  it('sends the same request again, same id, when the look-up finds nothing applied', async () => {
    const { client, seen } = clientWith([
      refused(UNKNOWN, 'unknown', 503),
      refused(NOT_FOUND),
      ok({ no: 43 }, 'Order successfully completed.'),
    ]);
    const result = await client.send('placeOrder', { body: { ...order, clientOrderId: 'mine-1' } });
    expect(result).toEqual({ data: { no: 43 }, clientOrderId: 'mine-1', resolvedUnknownOutcome: true });
    expect(seen.map((request) => request.method)).toEqual(['POST', 'GET', 'POST']);
    expect(seen[2]!.body).toBe(seen[0]!.body);
  });

  it('answers a close or a TP/SL update that was applied with its own answer (null)', async () => {
    const { client } = clientWith([refused(UNKNOWN, 'unknown', 503), lookup(null, 'c-1')]);
    expect(await client.call('closePosition', { body: { volume: '0.01', clientOrderId: 'c-1' } })).toBeNull();
  });

  it('waits out busy and unknown look-ups, then throws the 1010 after outcomeAttempts', async () => {
    const { client, seen } = clientWith(
      [refused(UNKNOWN, 'unknown', 503), refused(BUSY, 'busy', 503), refused(UNKNOWN, 'unknown', 503)],
      { outcomeAttempts: 3 },
    );
    await expect(client.call('placeOrder', { body: order })).rejects.toMatchObject({ code: UNKNOWN });
    // The order, then three look-ups; the first look-up's 1009 is retried in place.
    expect(seen.map((request) => request.method)).toEqual(['POST', 'GET', 'GET', 'GET', 'GET']);
  });

  it('leaves a 1010 of a route without client order ids to the caller', async () => {
    const { client, seen } = clientWith([refused(UNKNOWN, 'unknown', 503)]);
    await expect(client.call('cancelOrder', { body: { no: 5 } })).rejects.toMatchObject({ code: UNKNOWN });
    expect(seen).toHaveLength(1);
  });
});
