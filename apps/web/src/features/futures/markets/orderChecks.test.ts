import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { orderCheck } from './orderChecks.ts';

// ETHUSDT as the server defines it: tick 0.01 USDT (1 tick), lot 0.001 ETH (10 lots), 5 USDT minimum notional.
const ETH = { trading: { lotSize: 10 }, tickSize: 1, minNotional: 5_000_000 } as Parameters<typeof orderCheck>[0];
// BTCUSDT: no notional floor (the seeds' market).
const BTC = { trading: { lotSize: 1 }, tickSize: 1, minNotional: 0 } as Parameters<typeof orderCheck>[0];

describe('orderCheck', () => {
  it("refuses a size off the market's lot, then a notional under its floor", () => {
    expect(orderCheck(ETH, 300_000, 15, true)).toEqual({ problem: 'lotStep', step: 10 });
    // 0.001 ETH at 3,000 USDT is 3 USDT: under 5.
    expect(orderCheck(ETH, 300_000, 10, true)).toEqual({ problem: 'minNotional', floor: 5_000_000 });
    // 0.002 ETH at 3,000 USDT is 6 USDT.
    expect(orderCheck(ETH, 300_000, 20, true)).toBeNull();
  });

  it('checks the floor of a market order only once a price is known', () => {
    expect(orderCheck(ETH, 0, 10, false)).toBeNull();
    expect(orderCheck(ETH, 300_000, 10, false)?.problem).toBe('minNotional');
  });

  it('passes every BTCUSDT order of whole lots (nothing new for the seeds)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (price, qty) => {
        expect(orderCheck(BTC, price, qty, true)).toBeNull();
      }),
    );
  });

  it('accepts exactly the whole-lot sizes whose notional reaches the floor', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (price, qty) => {
        const check = orderCheck(ETH, price, qty, true);
        const ok = qty % 10 === 0 && BigInt(price) * BigInt(qty) >= 5_000_000n;
        expect(check === null).toBe(ok);
      }),
    );
  });
});
