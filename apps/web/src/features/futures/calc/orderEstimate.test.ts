// #33 item 1: every figure the order form shows equals what the server does. Checked against the engine itself
// (the trading core the server runs): the form's estimate from the published rules, then the order placed on a real
// Exchange, and the engine's holds, fee, position margin and liquidation price compared with it to the micro-USDT.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bracketRows, defaultExchangeConfig, Exchange, OrderPath } from '@tickline/engine';
import type { TimeInForce } from '@tickline/engine';
import { multiply } from '@tickline/money';
import { notionalCapAt, type MaintenanceTier } from '../../rules/serverRules.ts';
import { crossesBook, estimateOrder, positionLiquidation } from './orderEstimate.ts';

const USER = 1;
const MAKER = 2;
const now = 1_700_000_000_000;
const config = defaultExchangeConfig;
// The rules as serverRulesOf hands them to the web (the last tier unbounded: null).
const rules = {
  makerFeePpm: config.makerFeeRatePpm,
  takerFeePpm: config.takerFeeRatePpm,
  maintenanceTiers: config.maintenanceTiers.map((tier): MaintenanceTier => ({
    maxNotional: tier.maxNotional === Infinity ? null : tier.maxNotional,
    ratePpm: tier.ratePpm,
  })),
};
const brackets = bracketRows(config.maintenanceTiers).map((row) => ({
  maxLeverage: row.initialLeverage,
  notionalCap: row.notionalCap,
}));
const withinBracket = (price: number, qty: number, leverage: number) => {
  const cap = notionalCapAt(brackets, leverage);
  return cap === null || multiply(price, qty) <= cap;
};

function exchangeWith(free: number, leverage: number, mark: number): Exchange {
  const exchange = new Exchange();
  const fund = (userId: number, amount: number) =>
    exchange.apply({ type: 'fund', userId, wallet: 'futures', amount, reason: `test:${userId}` }, now);
  fund(USER, free);
  fund(MAKER, 10 ** 15);
  exchange.apply({ type: 'setLeverage', userId: USER, leverage }, now);
  exchange.apply({ type: 'priceTick', indexPrice: mark, markPrice: mark }, now);
  return exchange;
}

type Side = 1 | 2;
const other = (side: Side): Side => (side === 1 ? 2 : 1);
const place = (exchange: Exchange, order: Record<string, unknown>) =>
  exchange.apply({ type: 'placeOrder', userId: USER, ...order } as never, now).result;
const rest = (exchange: Exchange, userId: number, side: Side, price: number, qty: number) =>
  exchange.apply({ type: 'placeOrder', userId, side, orderPath: OrderPath.Limit, price, qty }, now).result;
const futuresTotal = (exchange: Exchange) => exchange.balances(USER).futuresTotal;
const holds = (exchange: Exchange, side: Side) =>
  side === 1 ? exchange.balances(USER).longOrderHolds : exchange.balances(USER).shortOrderHolds;

const price = fc.integer({ min: 100_000, max: 20_000_000 });
const qty = fc.integer({ min: 1, max: 200_000 });
const leverage = fc.integer({ min: 1, max: 100 });
const side = fc.constantFrom<Side>(1, 2);
const estimate = (s: Side, p: number, q: number, lev: number, takes: boolean, reduceOnly = false) =>
  estimateOrder({ side: s, price: p, qty: q, leverage: lev, reduceOnly, takes, rules });

/** The position the engine opened equals the estimate: margin, entry, liquidation price. */
function expectPosition(exchange: Exchange, s: Side, p: number, q: number, est: ReturnType<typeof estimate>) {
  expect(exchange.position(USER)).toMatchObject({
    side: s,
    qty: q,
    entryPrice: p,
    margin: est.margin,
    liquidationPrice: est.liquidation,
  });
}

describe('the order form estimate (client) against the engine (server)', () => {
  it('a resting limit order holds the cost; filled as maker it pays the fee and opens the estimated position', () => {
    fc.assert(
      fc.property(side, price, qty, leverage, (s, p, q, lev) => {
        fc.pre(withinBracket(p, q, lev));
        const est = estimate(s, p, q, lev, false);
        const exchange = exchangeWith(est.cost, lev, p);
        expect(place(exchange, { side: s, orderPath: OrderPath.Limit, price: p, qty: q, leverage: lev })).toMatchObject(
          { ok: true },
        );
        expect(holds(exchange, s)).toBe(est.cost);
        const before = futuresTotal(exchange);
        expect(rest(exchange, MAKER, other(s), p, q)).toMatchObject({ ok: true });
        expect(before - futuresTotal(exchange)).toBe(est.fee);
        expectPosition(exchange, s, p, q, est);
      }),
      { numRuns: 200 },
    );
  });

  it('one micro-USDT less than the cost and the engine refuses the limit order', () => {
    fc.assert(
      fc.property(side, price, qty, leverage, (s, p, q, lev) => {
        fc.pre(withinBracket(p, q, lev));
        const exchange = exchangeWith(estimate(s, p, q, lev, false).cost - 1, lev, p);
        const result = place(exchange, { side: s, orderPath: OrderPath.Limit, price: p, qty: q, leverage: lev });
        expect(result).toMatchObject({ ok: false, reason: 'INSUFFICIENT_MARGIN' });
      }),
      { numRuns: 100 },
    );
  });

  it('market and IOC/FOK orders that take pay the cost (margin + taker fee) and open the estimated position', () => {
    const tif = fc.constantFrom<TimeInForce | 'market'>('market', 'IOC', 'FOK', 'GTC');
    fc.assert(
      fc.property(side, price, qty, leverage, tif, (s, p, q, lev, how) => {
        fc.pre(withinBracket(p, q, lev));
        const est = estimate(s, p, q, lev, true);
        expect(crossesBook(s, p, s === 1 ? p : null, s === 2 ? p : null)).toBe(true);
        const exchange = exchangeWith(est.cost, lev, p);
        expect(rest(exchange, MAKER, other(s), p, q + 5)).toMatchObject({ ok: true });
        const order =
          how === 'market'
            ? { side: s, orderPath: OrderPath.Market, price: null, qty: q, leverage: lev }
            : { side: s, orderPath: OrderPath.Limit, price: p, qty: q, leverage: lev, timeInForce: how };
        expect(place(exchange, order)).toMatchObject({ ok: true });
        // Funded with exactly the cost: nothing is left free, the margin sits in the position, the fee is gone.
        expect(exchange.balances(USER).futuresAvailable).toBe(0);
        expect(est.cost - futuresTotal(exchange)).toBe(est.fee);
        expectPosition(exchange, s, p, q, est);
      }),
      { numRuns: 200 },
    );
  });

  it('a reduce-only order holds the fee only, as the estimate shows, and opens nothing', () => {
    fc.assert(
      fc.property(side, price, qty, leverage, fc.integer({ min: 1, max: 100 }), (s, p, q, lev, share) => {
        fc.pre(withinBracket(p, q, lev));
        const opening = estimate(other(s), p, q, lev, true);
        const exchange = exchangeWith(opening.cost, lev, p);
        expect(rest(exchange, MAKER, s, p, q)).toMatchObject({ ok: true });
        expect(place(exchange, { side: other(s), orderPath: OrderPath.Market, price: null, qty: q })).toMatchObject({
          ok: true,
        });
        // The reduce-only order rests away from the book; its hold is its cost, from a wallet funded with just that.
        const away = s === 1 ? p - 1 : p + 1;
        const part = Math.max(1, Math.floor((q * share) / 100));
        const est = estimate(s, away, part, lev, false, true);
        expect(est).toMatchObject({ margin: 0, liquidation: 0 });
        exchange.apply({ type: 'fund', userId: USER, wallet: 'futures', amount: est.cost, reason: 'ro' }, now);
        const order = { side: s, orderPath: OrderPath.Limit, price: away, qty: part, reduceOnly: true };
        expect(place(exchange, order)).toMatchObject({ ok: true });
        expect(holds(exchange, s)).toBe(est.cost);
      }),
      { numRuns: 150 },
    );
  });

  it('a stop-limit or stop-market is accepted with exactly the cost free, refused with a micro-USDT less', () => {
    const limit = fc.boolean();
    fc.assert(
      fc.property(
        side,
        price,
        qty,
        leverage,
        limit,
        fc.integer({ min: 1, max: 5_000 }),
        (s, p, q, lev, isLimit, gap) => {
          fc.pre(withinBracket(p, q, lev));
          // A stop buy waits above the mark, a stop sell below; a stop-market trades at its trigger price.
          const mark = s === 1 ? p - gap : p + gap;
          fc.pre(mark > 0);
          const est = estimate(s, p, q, lev, !isLimit);
          const order = {
            side: s,
            orderPath: isLimit ? OrderPath.Limit : OrderPath.Market,
            price: isLimit ? p : null,
            qty: q,
            leverage: lev,
            trigger: { type: 'stop', by: 'mark', price: p },
          };
          expect(place(exchangeWith(est.cost, lev, mark), order)).toMatchObject({ ok: true });
          const short = place(exchangeWith(est.cost - 1, lev, mark), order);
          expect(short).toMatchObject({ ok: false, reason: 'INSUFFICIENT_MARGIN' });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a stop-market that fires pays the cost and opens the estimated position at its trigger price', () => {
    fc.assert(
      fc.property(side, price, qty, leverage, fc.integer({ min: 1, max: 5_000 }), (s, p, q, lev, gap) => {
        fc.pre(withinBracket(p, q, lev) && p - gap > 0);
        const est = estimate(s, p, q, lev, true);
        const exchange = exchangeWith(est.cost, lev, s === 1 ? p - gap : p + gap);
        // The book waits at the trigger price; the mark reaching it fires the order into it.
        expect(rest(exchange, MAKER, other(s), p, q + 5)).toMatchObject({ ok: true });
        const trigger = { type: 'stop', by: 'mark', price: p };
        const order = { side: s, orderPath: OrderPath.Market, price: null, qty: q, leverage: lev, trigger };
        expect(place(exchange, order)).toMatchObject({ ok: true });
        exchange.apply({ type: 'priceTick', indexPrice: p, markPrice: p }, now);
        expect(est.cost - futuresTotal(exchange)).toBe(est.fee);
        expectPosition(exchange, s, p, q, est);
      }),
      { numRuns: 150 },
    );
  });

  it('a long the margin covers cannot be liquidated (0); no price, no estimate', () => {
    expect(positionLiquidation(1, 10_000, 6_000_000, multiply(6_000_000, 10_000), rules.maintenanceTiers)).toBe(0);
    expect(estimateOrder({ side: 1, price: 0, qty: 1, leverage: 1, reduceOnly: false, takes: false, rules })).toEqual({
      cost: 0,
      fee: 0,
      margin: 0,
      liquidation: 0,
    });
  });
});
