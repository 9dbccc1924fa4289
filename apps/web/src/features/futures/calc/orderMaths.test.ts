import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  availableFor,
  closeAmount,
  estimatedLiquidationPrice,
  initialMargin,
  maxCost,
  nearLiquidation,
  orderCost,
  riskRatioBasisPoints,
  roeBasisPoints,
  triggerEstimatedPnl,
  unrealisedPnl,
} from './orderMaths.ts';

const price = fc.integer({ min: 1_00, max: 500_000_00 }); // 1 .. 500,000 USDT in ticks
const lots = fc.integer({ min: 1, max: 1_000_000 }); // 0.0001 .. 100 BTC
const leverage = fc.integer({ min: 1, max: 100 });
const funds = fc.integer({ min: 0, max: 10_000_000 * 1_000_000 }); // up to 10 M USDT in micro
const percent = fc.integer({ min: 0, max: 100 });

describe('cost, available and max (seed 000 §9)', () => {
  it('cost is the margin plus 0.0005 of it, rounded up', () => {
    // 1 BTC at 50,000 with 10× → margin 5,000 USDT, fee 2.5 → 5,002.5
    expect(orderCost(5_000_000, 10_000, 10)).toBe(5_002_500_000);
    fc.assert(
      fc.property(price, lots, leverage, (p, q, lev) => {
        const margin = initialMargin(p, q, lev);
        const cost = orderCost(p, q, lev);
        expect(cost).toBeGreaterThanOrEqual(margin);
        expect(BigInt(cost - margin) * 2000n >= BigInt(margin)).toBe(true);
      }),
    );
  });
  it('available takes in-use and the side’s waiting amount from the futures wallet, never below 0', () => {
    const balance = {
      usdtm: 1_000_000_000,
      usingRequiredAmount: 200_000_000,
      longWaitingRequiredAmount: 300_000_000,
      shortWaitingRequiredAmount: 900_000_000,
      free: 1_000_000_000,
    };
    expect(availableFor(balance, 1)).toBe(500_000_000);
    expect(availableFor(balance, 2)).toBe(0);
  });
  it('available is never more than what the server counts as free (the other side’s holds are not free)', () => {
    const balance = {
      usdtm: 1_000_000_000,
      usingRequiredAmount: 0,
      longWaitingRequiredAmount: 100_000_000,
      shortWaitingRequiredAmount: 300_000_000,
      free: 600_000_000,
    };
    expect(availableFor(balance, 1)).toBe(600_000_000);
    expect(availableFor(balance, 2)).toBe(600_000_000);
  });
  it('max cost is what percent of available pays, margin fee included', () => {
    fc.assert(
      fc.property(funds, percent, (available, pct) => {
        const max = maxCost(available, pct);
        const withFee = BigInt(max) * 1_000_500n;
        expect(withFee <= BigInt(available) * BigInt(pct) * 10_000n).toBe(true);
      }),
    );
  });
});

describe('estimatedLiquidationPrice', () => {
  it('is below entry for a long and above for a short, closer with more leverage', () => {
    fc.assert(
      fc.property(price, lots, fc.integer({ min: 2, max: 100 }), (p, q, lev) => {
        const long = estimatedLiquidationPrice(1, p, q, lev, 4_000);
        const short = estimatedLiquidationPrice(2, p, q, lev, 4_000);
        // rounding to the 0.01 tick can meet the entry only at prices far below any real BTC price
        expect(long).toBeLessThanOrEqual(p);
        expect(short).toBeGreaterThanOrEqual(p);
        if (p >= 1_000_00) {
          expect(long).toBeLessThan(p);
          expect(short).toBeGreaterThan(p);
        }
        expect(estimatedLiquidationPrice(1, p, q, lev - 1, 4_000)).toBeLessThanOrEqual(long);
        expect(estimatedLiquidationPrice(2, p, q, lev - 1, 4_000)).toBeGreaterThanOrEqual(short);
      }),
    );
  });
  it('a 1× long cannot be liquidated', () => {
    expect(estimatedLiquidationPrice(1, 5_000_000, 10_000, 1, 4_000)).toBe(0);
  });
  it('matches the server formula for 1 BTC at 50,000 with 10×', () => {
    // (50,000 − 5,000) / (1 − 0.004) = 45,180.72… → 45,180.73 (up)
    expect(estimatedLiquidationPrice(1, 5_000_000, 10_000, 10, 4_000)).toBe(4_518_073);
  });
});

describe('position figures', () => {
  it('PnL is opposite for the two sides, and ROE is PnL over margin', () => {
    fc.assert(
      fc.property(price, price, lots, (entry, mark, q) => {
        expect(unrealisedPnl(1, entry, mark, q) + unrealisedPnl(2, entry, mark, q)).toBe(0);
      }),
    );
    expect(roeBasisPoints(250_000_000, 1_000_000_000)).toBe(2_500);
    expect(roeBasisPoints(5, 0)).toBe(0);
  });
  it('risk ratio follows seed 000 §9', () => {
    expect(riskRatioBasisPoints(1, 100_00, 101_00, 90_00)).toBe(0);
    expect(riskRatioBasisPoints(1, 100_00, 95_00, 90_00)).toBe(5_000);
    expect(riskRatioBasisPoints(2, 100_00, 99_00, 110_00)).toBe(0);
    expect(riskRatioBasisPoints(2, 100_00, 105_00, 110_00)).toBe(5_000);
  });
  it('TP/SL estimate subtracts 0.0004 of the trigger notional', () => {
    // long 1 BTC from 50,000, TP 55,000: 5,000 − 22 = 4,978
    expect(triggerEstimatedPnl(1, 5_000_000, 5_500_000, 10_000)).toBe(4_978_000_000);
  });
  it('close quick amounts floor to whole lots and never exceed the volume', () => {
    expect(closeAmount(3, 50)).toBe(1);
    fc.assert(
      fc.property(lots, fc.constantFrom(25, 50, 75, 100), (q, pct) => {
        const amount = closeAmount(q, pct);
        expect(amount).toBeLessThanOrEqual(q);
        expect(amount * 100).toBeLessThanOrEqual(q * pct);
        expect((amount + 1) * 100).toBeGreaterThan(q * pct);
      }),
    );
  });
  it('warns within 1 % of the liquidation price', () => {
    expect(nearLiquidation(100_00, 99_00)).toBe(true);
    expect(nearLiquidation(100_00, 98_99)).toBe(false);
    expect(nearLiquidation(100_00, 0)).toBe(false);
  });
});
