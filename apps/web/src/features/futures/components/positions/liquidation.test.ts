// #33 item 4: the margin dialog's liquidation estimate must be the price the server then reports. Checked against
// the engine itself: a position opened through the book, its margin added to or removed, and the engine's answer
// compared with the client's estimate made from the tiers as the server publishes them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { defaultExchangeConfig, Exchange, OrderPath } from '@tickline/engine';
import { positionLiquidation } from '../../calc/orderEstimate.ts';
import { liquidatesAt, removableMargin } from './liquidation.ts';

const USER = 1;
const MAKER = 2;
const now = 1_700_000_000_000;
// The tiers as serverRulesOf hands them to the web: the last tier's bound is null, not Infinity.
const tiers = defaultExchangeConfig.maintenanceTiers.map((tier) => ({
  maxNotional: Number.isFinite(tier.maxNotional) ? tier.maxNotional : null,
  ratePpm: tier.ratePpm,
}));

function opened(side: 1 | 2, price: number, qty: number, leverage: number, mark: number) {
  const exchange = new Exchange();
  const fund = (userId: number, amount: number) =>
    exchange.apply({ type: 'fund', userId, wallet: 'futures', amount, reason: `test:${userId}` }, now);
  fund(USER, 1_000_000_000_000_000);
  fund(MAKER, 1_000_000_000_000_000);
  exchange.apply({ type: 'setLeverage', userId: USER, leverage }, now);
  exchange.apply({ type: 'priceTick', indexPrice: price, markPrice: price }, now);
  exchange.apply(
    { type: 'placeOrder', userId: MAKER, side: side === 1 ? 2 : 1, orderPath: OrderPath.Limit, price, qty },
    now,
  );
  const taken = exchange.apply(
    { type: 'placeOrder', userId: USER, side, orderPath: OrderPath.Market, price: null, qty, leverage },
    now,
  ).result;
  exchange.apply({ type: 'priceTick', indexPrice: mark, markPrice: mark }, now);
  return { exchange, ok: taken.ok, position: exchange.position(USER) };
}

const side = fc.constantFrom<1 | 2>(1, 2);
const price = fc.integer({ min: 100_000, max: 20_000_000 });
const qty = fc.integer({ min: 1, max: 50_000 });
const leverage = fc.integer({ min: 1, max: 100 });
// The mark within ±5 % of the entry, in basis points.
const drift = fc.integer({ min: -500, max: 500 });

describe('the margin dialog liquidation estimate against the engine', () => {
  it('after adding margin, the estimate equals the liquidation price the engine reports', () => {
    fc.assert(
      fc.property(
        side,
        price,
        qty,
        leverage,
        drift,
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (s, p, q, l, d, amount) => {
          const mark = p + Math.trunc((p * d) / 10_000);
          const { exchange, ok, position } = opened(s, p, q, l, mark);
          fc.pre(ok && position !== null);
          if (!position) return;
          const estimate = positionLiquidation(s, position.qty, position.entryPrice, position.margin + amount, tiers);
          const answer = exchange.apply({ type: 'adjustMargin', userId: USER, amount, direction: 'add' }, now).result;
          expect(answer).toMatchObject({
            ok: true,
            value: { margin: position.margin + amount, liquidationPrice: estimate },
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('removing up to the client maximum is accepted with the estimated price; one micro-USDT more is refused', () => {
    fc.assert(
      fc.property(side, price, qty, leverage, drift, fc.integer({ min: 1, max: 100 }), (s, p, q, l, d, percent) => {
        const mark = p + Math.trunc((p * d) / 10_000);
        const { exchange, ok, position } = opened(s, p, q, l, mark);
        fc.pre(ok && position !== null);
        if (!position) return;
        // Some margin added first so there is something to take back.
        const extra = Math.max(1, Math.trunc(position.margin / 2));
        exchange.apply({ type: 'adjustMargin', userId: USER, amount: extra, direction: 'add' }, now);
        const margin = exchange.position(USER)?.margin ?? 0;
        const max = removableMargin(s, position.qty, position.entryPrice, margin, position.leverage, mark);
        const amount = Math.max(1, Math.trunc((max * percent) / 100));
        const after = positionLiquidation(s, position.qty, position.entryPrice, margin - amount, tiers);
        const allowed = amount <= max && !liquidatesAt(s, mark, after);
        const answer = exchange.apply({ type: 'adjustMargin', userId: USER, amount, direction: 'remove' }, now).result;
        if (allowed)
          expect(answer).toMatchObject({ ok: true, value: { margin: margin - amount, liquidationPrice: after } });
        else expect(answer).toMatchObject({ ok: false, reason: 'MARGIN_REMOVE_EXCEEDS_MAXIMUM' });
        if (allowed && percent === 100) {
          const more = exchange.apply({ type: 'adjustMargin', userId: USER, amount: 1, direction: 'remove' }, now);
          expect(more.result).toMatchObject({ ok: false, reason: 'MARGIN_REMOVE_EXCEEDS_MAXIMUM' });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('matches the engine on a big position whose liquidation falls in another tier', () => {
    const { position } = opened(1, 5_000_000, 400_000, 10, 5_000_000);
    expect(position).not.toBeNull();
    if (!position) return;
    const estimate = positionLiquidation(1, position.qty, position.entryPrice, position.margin, tiers);
    expect(estimate).toBe(position.liquidationPrice);
    expect(estimate).toBeGreaterThan(0);
  });
});
