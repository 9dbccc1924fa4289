import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultExchangeConfig } from '../src/config.ts';
import { bracketRows, maxLeverageFor } from '../src/futures/brackets.ts';
import { initialMargin, liquidationPrice, maintenanceRate } from '../src/index.ts';
import { btc, Harness, MAKER, OTHER, TRADER, usd, USDT } from './support/exchange-harness.ts';

const tiers = defaultExchangeConfig.maintenanceTiers;

/**
 * The brackets as a venue publishes them (USDT, rates as fractions × 10^6), written out here rather than derived
 * from the engine: cum_i = cum_{i−1} + cap_{i−1} × (rate_i − rate_{i−1}), e.g. 50 = 50,000 × (0.5 % − 0.4 %).
 */
const PUBLISHED = [
  { cap: 50_000, ratePpm: 4_000, maxLeverage: 100, cum: 0 },
  { cap: 250_000, ratePpm: 5_000, maxLeverage: 50, cum: 50 },
  { cap: 3_000_000, ratePpm: 10_000, maxLeverage: 20, cum: 1_300 },
  { cap: 15_000_000, ratePpm: 25_000, maxLeverage: 10, cum: 46_300 },
  { cap: 30_000_000, ratePpm: 50_000, maxLeverage: 5, cum: 421_300 },
  { cap: Infinity, ratePpm: 100_000, maxLeverage: 2, cum: 1_921_300 },
];

/** Maintenance × 10^6 (micro-USDT × 10^6) of a notional in micro-USDT, from the published table: n × rate − cum. */
function maintenanceTimesMillion(notionalMicro: bigint): bigint {
  const row = PUBLISHED.find((r) => r.cap === Infinity || notionalMicro <= BigInt(r.cap) * 1_000_000n)!;
  return notionalMicro * BigInt(row.ratePpm) - BigInt(row.cum) * 1_000_000n * 1_000_000n;
}

/** margin + PnL − maintenance at `price` (ticks), × 10^6, exactly. */
function surplus(side: 1 | 2, qty: number, entry: number, margin: number, price: number): bigint {
  const pnl = BigInt(side === 1 ? price - entry : entry - price) * BigInt(qty);
  return (BigInt(margin) + pnl) * 1_000_000n - maintenanceTimesMillion(BigInt(price) * BigInt(qty));
}

/**
 * The liquidation price found by search on the tick grid, without the engine's formula: for a long the lowest tick
 * where margin + PnL still covers maintenance (liquidated at or below it), for a short the highest.
 */
function searchedLiquidationPrice(side: 1 | 2, qty: number, entry: number, margin: number): number {
  let low = 1;
  let high = side === 1 ? entry : 4 * entry;
  if (side === 1) {
    // smallest p with surplus ≥ 0 (surplus rises with p)
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (surplus(side, qty, entry, margin, middle) >= 0n) high = middle;
      else low = middle + 1;
    }
    return low;
  }
  // largest p with surplus ≥ 0 (surplus falls with p)
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (surplus(side, qty, entry, margin, middle) >= 0n) low = middle;
    else high = middle - 1;
  }
  return low;
}

describe('leverage brackets', () => {
  it('publishes Binance-shaped rows whose cum makes maintenance continuous', () => {
    expect(bracketRows(tiers)).toEqual(
      PUBLISHED.map((row, index) => ({
        bracket: index + 1,
        initialLeverage: row.maxLeverage,
        notionalFloor: index === 0 ? 0 : PUBLISHED[index - 1]!.cap * USDT,
        notionalCap: Number.isFinite(row.cap) ? row.cap * USDT : null,
        maintMarginRatioPpm: row.ratePpm,
        cum: row.cum * USDT,
      })),
    );
  });

  it('keeps maintenance continuous and non-decreasing at and across every bracket edge', () => {
    const maintenance = (n: number) => {
      const { ratePpm, deduction } = maintenanceRate(n, tiers);
      return BigInt(n) * BigInt(ratePpm) - BigInt(deduction) * 1_000_000n; // × 10^6
    };
    for (const row of PUBLISHED.slice(0, -1)) {
      const edge = row.cap * USDT;
      // At the edge both brackets' formulas give the same requirement (to the micro-USDT).
      expect(maintenance(edge + 1) - maintenance(edge)).toBeLessThanOrEqual(2n * 1_000_000n);
      expect(maintenance(edge + 1)).toBeGreaterThanOrEqual(maintenance(edge));
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000_000 * USDT }), fc.integer({ min: 1, max: 1_000 * USDT }), (n, d) => {
        expect(maintenance(n + d)).toBeGreaterThanOrEqual(maintenance(n));
        expect(maintenance(n)).toBe(maintenanceTimesMillion(BigInt(n)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('puts the liquidation price where a search over the published brackets finds it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<1 | 2>(1, 2),
        fc.integer({ min: 1, max: 2_000_000 }), // up to 200 BTC
        fc.integer({ min: 100_000, max: 20_000_000 }), // 1,000 to 200,000 USDT
        fc.integer({ min: 2, max: 100 }),
        (side, qty, entry, wantedLeverage) => {
          const leverage = Math.min(wantedLeverage, maxLeverageFor(entry * qty, tiers));
          const margin = initialMargin(entry, qty, leverage);
          const engine = liquidationPrice(side, qty, entry, margin, tiers);
          if (side === 1 && engine === 0) return; // margin covers the whole notional: never liquidated
          expect(engine).toBe(searchedLiquidationPrice(side, qty, entry, margin));
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('gives the largest positions the lowest leverage', () => {
    expect(maxLeverageFor(50_000 * USDT, tiers)).toBe(100);
    expect(maxLeverageFor(50_000 * USDT + 1, tiers)).toBe(50);
    expect(maxLeverageFor(100_000_000 * USDT, tiers)).toBe(2);
  });
});

describe('orders and leverage changes beyond the bracket', () => {
  function market() {
    const h = new Harness();
    h.fundFutures(MAKER, 10_000_000 * USDT);
    h.fundFutures(TRADER, 50_000 * USDT);
    h.tick(usd(50_000));
    h.limit(MAKER, 2, usd(50_000), btc(10));
    h.limit(MAKER, 1, usd(40_000), btc(10));
    return h;
  }

  it('allows 100x up to 50,000 USDT of notional and refuses the next lot', () => {
    const h = market();
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 100 });
    h.market(TRADER, 1, btc(1)); // 50,000 USDT: bracket 1, inclusive cap
    expect(h.exchange.position(TRADER)).toMatchObject({ qty: btc(1), margin: 500 * USDT });
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: 1 },
      'LEVERAGE_EXCEEDS_BRACKET',
    );
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(49_000), qty: btc(0.1) },
      'LEVERAGE_EXCEEDS_BRACKET',
    );
    // Orders that only reduce the position are not limited.
    h.limit(TRADER, 2, usd(60_000), btc(1));
  });

  it('counts resting orders on the same side, and not the part that reduces an opposite position', () => {
    const h = market();
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 100 });
    h.limit(TRADER, 1, usd(45_000), btc(0.6)); // valued at the 50,000 mark: 30,000
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(45_000), qty: btc(0.6) },
      'LEVERAGE_EXCEEDS_BRACKET',
    );
    h.limit(TRADER, 1, usd(45_000), btc(0.4)); // 50,000 in all
    h.fundFutures(OTHER, 100_000 * USDT);
    h.ok({ type: 'setLeverage', userId: OTHER, leverage: 100 });
    h.limit(MAKER, 1, usd(50_000), btc(1));
    h.market(OTHER, 2, btc(1)); // short 1 BTC
    h.limit(OTHER, 1, usd(45_000), btc(1.9)); // 1 reduces, 0.9 (45,000) would open
    h.refused(
      { type: 'placeOrder', userId: OTHER, side: 1, orderPath: 1, price: usd(45_000), qty: btc(0.2) },
      'LEVERAGE_EXCEEDS_BRACKET',
    );
  });

  it('refuses a leverage change above the bracket of the position and its orders', () => {
    const h = market();
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 20 });
    h.market(TRADER, 1, btc(2)); // 100,000 USDT: bracket 2, at most 50x
    h.refused({ type: 'setLeverage', userId: TRADER, leverage: 51 }, 'LEVERAGE_EXCEEDS_BRACKET');
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 50 });
    h.limit(TRADER, 1, usd(45_000), btc(3)); // 250,000 USDT with the position, valued at the mark
    h.refused(
      { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(45_000), qty: 1 },
      'LEVERAGE_EXCEEDS_BRACKET',
    );
    h.ok({ type: 'cancelOrder', userId: TRADER, orderId: h.exchange.openOrders(TRADER)[0]!.id });
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 50 });
  });

  it('liquidates a position beyond bracket 1 at its bracket’s rate and cum', () => {
    const h = market();
    h.ok({ type: 'setLeverage', userId: TRADER, leverage: 20 });
    h.market(TRADER, 1, btc(3)); // 150,000 USDT, margin 7,500
    const position = h.exchange.position(TRADER)!;
    // (150,000 − 7,500 − 50) / (3 × (1 − 0.5 %)) = 47,721.943 → up to the next tick.
    expect(position.liquidationPrice).toBe(4_772_195);
    expect(position.liquidationPrice).toBe(searchedLiquidationPrice(1, btc(3), usd(50_000), 7_500 * USDT));
  });
});
