// #28 item 4: the slider's 100 % must be an order the server accepts. Checked against the engine itself: a user
// funded with the available balance places the client's maximum, which must be accepted, and one size step more,
// which must not fit (so the maximum is not needlessly small).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { multiply } from '@tickline/money';
import { bracketRows, defaultExchangeConfig, Exchange, OrderPath } from '@tickline/engine';
import { notionalCapAt } from '../../rules/serverRules.ts';
import { affordableAgainstBook, affordableQty, percentBudget, serverOrderCost, type SizingRules } from './maxOrder.ts';

const USER = 1;
const MAKER = 2;
// The engine's brackets as the server publishes them (micro-USDT here, as serverRulesOf converts them).
const brackets = bracketRows(defaultExchangeConfig.maintenanceTiers).map((row) => ({
  maxLeverage: row.initialLeverage,
  notionalCap: row.notionalCap,
}));
const rulesAt = (leverage: number): SizingRules => ({
  takerFeePpm: defaultExchangeConfig.takerFeeRatePpm,
  lotSize: defaultExchangeConfig.lotSizeLots,
  maxOrderQty: defaultExchangeConfig.maxOrderQty,
  notionalCap: notionalCapAt(brackets, leverage),
});
const rules = rulesAt(1);
const overBracket = (price: number, qty: number, leverage: number) => {
  const cap = rulesAt(leverage).notionalCap;
  return cap !== null && cap !== undefined && multiply(price, qty) > cap;
};
const now = 1_700_000_000_000;

function funded(available: number, leverage: number): Exchange {
  const exchange = new Exchange();
  const fund = (userId: number, amount: number) =>
    exchange.apply({ type: 'fund', userId, wallet: 'futures', amount, reason: `test:${userId}` }, now);
  fund(USER, available);
  fund(MAKER, 1_000_000_000_000_000);
  exchange.apply({ type: 'setLeverage', userId: USER, leverage }, now);
  return exchange;
}

const limitBuy = (exchange: Exchange, price: number, qty: number, leverage: number) =>
  exchange.apply({ type: 'placeOrder', userId: USER, side: 1, orderPath: OrderPath.Limit, price, qty, leverage }, now)
    .result;

const available = fc.integer({ min: 1_000_000, max: 5_000_000_000_000 });
const price = fc.integer({ min: 100_000, max: 20_000_000 });
const leverage = fc.integer({ min: 1, max: 100 });

describe('the slider maximum (client) against the engine (server)', () => {
  it('a limit order of the maximum at any percent is accepted; at 100 % one step more is refused', () => {
    fc.assert(
      fc.property(available, price, leverage, fc.integer({ min: 1, max: 100 }), (free, p, lev, percent) => {
        const qty = affordableQty(percentBudget(free, percent), p, lev, rulesAt(lev));
        fc.pre(qty >= defaultExchangeConfig.minOrderQty && qty < rules.maxOrderQty);
        expect(limitBuy(funded(free, lev), p, qty, lev)).toMatchObject({ ok: true });
        if (percent === 100)
          expect(limitBuy(funded(free, lev), p, qty + rules.lotSize, lev)).toMatchObject({
            ok: false,
            // The bracket is checked first: one step past its cap is refused for the leverage, else for the margin.
            reason: overBracket(p, qty + rules.lotSize, lev) ? 'LEVERAGE_EXCEEDS_BRACKET' : 'INSUFFICIENT_MARGIN',
          });
      }),
      { numRuns: 300 },
    );
  });

  it('the cost it assumes is exactly what the engine holds for a resting order', () => {
    fc.assert(
      fc.property(available, price, leverage, (free, p, lev) => {
        const qty = affordableQty(free, p, lev, rulesAt(lev));
        fc.pre(qty > 0);
        const exchange = funded(free, lev);
        expect(limitBuy(exchange, p, qty, lev)).toMatchObject({ ok: true });
        expect(exchange.balances(USER).longOrderHolds).toBe(serverOrderCost(p, qty, lev, rules.takerFeePpm));
      }),
      { numRuns: 200 },
    );
  });

  it('a market order of the maximum against the book is accepted', () => {
    const level = fc.record({ step: fc.integer({ min: 1, max: 5_000 }), qty: fc.integer({ min: 1, max: 3 }) });
    fc.assert(
      fc.property(
        available,
        price,
        leverage,
        fc.array(fc.array(level, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 10 }),
        (free, best, lev, makersByLevel) => {
          const exchange = funded(free, lev);
          const levels: Array<{ price: number; qty: number }> = [];
          let p = best;
          for (const makers of makersByLevel) {
            let qty = 0;
            for (const maker of makers) {
              // Several makers at one price: the taker's fills round up one by one.
              const makerQty = maker.qty * 1_000;
              exchange.apply(
                { type: 'placeOrder', userId: MAKER, side: 2, orderPath: OrderPath.Limit, price: p, qty: makerQty },
                now,
              );
              qty += makerQty;
            }
            levels.push({ price: p, qty });
            p += makersByLevel.length > 0 ? (makers[0]?.step ?? 1) : 1;
          }
          exchange.apply({ type: 'priceTick', indexPrice: best, markPrice: best }, now);
          const qty = affordableAgainstBook(free, levels, best, lev, rulesAt(lev));
          fc.pre(qty >= defaultExchangeConfig.minOrderQty);
          const result = exchange.apply(
            { type: 'placeOrder', userId: USER, side: 1, orderPath: OrderPath.Market, price: null, qty, leverage: lev },
            now,
          ).result;
          expect(result).toMatchObject({ ok: true });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('percentBudget rounds down and is 0 at 0 %', () => {
    expect(percentBudget(1_000_001, 50)).toBe(500_000);
    expect(percentBudget(1_000_000, 0)).toBe(0);
  });
});
