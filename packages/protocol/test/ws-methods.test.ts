import { describe, expect, it } from 'vitest';
import { ROUTE_LIST, WS_METHODS } from '../src/routes/index.ts';
import { wsRequestFrameSchema, wsResponseMessageSchema } from '../src/ws-requests.ts';

describe('methods offered over the websocket', () => {
  it("are exactly a member's key-callable routes that answer the envelope, taken from the table", () => {
    const expected = ROUTE_LIST.filter(
      (route) =>
        route.auth === 'user' &&
        route.permission !== 'none' &&
        !route.upload &&
        !route.produces &&
        !route.params &&
        route.rateLimit?.per !== 'address',
    ).map((route) => route.name);
    expect([...WS_METHODS].sort()).toEqual(expected.sort());
    for (const name of ['placeOrder', 'cancelOrder', 'cancelAllAfter', 'closePosition', 'updateTpsl', 'openOrders'])
      expect(WS_METHODS).toContain(name);
    for (const name of ['registerWithdrawal', 'createApiKey', 'deleteApiKey', 'serverTime', 'logout'])
      expect(WS_METHODS).not.toContain(name);
  });

  it('frames: ids are short strings or safe non-negative integers; params an object', () => {
    const ok = (frame: unknown) => wsRequestFrameSchema.safeParse(frame).success;
    expect(ok({ id: 'a-1', method: 'openOrders' })).toBe(true);
    expect(ok({ id: 7, method: 'placeOrder', params: { price: '1' } })).toBe(true);
    for (const id of ['', 'x'.repeat(65), -1, 1.5, 2 ** 60, null, {}])
      expect(ok({ id, method: 'openOrders' })).toBe(false);
    expect(ok({ id: 1, method: 'openOrders', params: [1] })).toBe(false);
    const answer = { type: 'response', v: 1, id: 7, code: 0, message: 'Success', data: { no: 1 } };
    expect(wsResponseMessageSchema.parse(answer)).toEqual(answer);
  });
});
