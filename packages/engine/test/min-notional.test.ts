import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command, OrderState } from '../src/index.ts';
import { btc, Harness, MAKER, TRADER, USDT, usd } from './support/exchange-harness.ts';

/** The market's minimum notional (#34): price × quantity below it is refused traceless; reduce-only is exempt. */

const ETH = 'ETHUSDT';
const CONFIG = {
  markets: [{ symbol: 'BTCUSDT' }, { symbol: ETH, lotSizeLots: 10, minOrderQty: 10, minNotional: 5 * USDT }],
};

/** ETH's mark at 2,000 (0.003 ETH = 6 USDT, 0.002 = 4 USDT), both users funded, a 1 ETH ask and bid around it. */
function ethMarket(): Harness {
  const h = new Harness(CONFIG);
  h.fundFutures(MAKER, 1_000_000 * USDT);
  h.fundFutures(TRADER, 10_000 * USDT);
  h.ok({ type: 'priceTick', indexPrice: usd(2_000), markPrice: usd(2_000), symbol: ETH });
  h.ok({ type: 'placeOrder', userId: MAKER, side: 2, orderPath: 1, price: usd(2_001), qty: btc(1), symbol: ETH });
  h.ok({ type: 'placeOrder', userId: MAKER, side: 1, orderPath: 1, price: usd(1_999), qty: btc(1), symbol: ETH });
  return h;
}

const limit = (price: number, qty: number, extra: Partial<Command> = {}): Command =>
  ({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price, qty, symbol: ETH, ...extra }) as Command;

describe('minimum notional', () => {
  it('refuses_a_limit_order_below_the_minimum_and_accepts_one_at_it', () => {
    const h = ethMarket();
    h.refused(limit(usd(1_000), btc(0.004)), 'NOTIONAL_BELOW_MINIMUM'); // 4 USDT
    h.ok(limit(usd(1_250), btc(0.004))); // exactly 5 USDT
  });

  it('values_a_market_order_at_the_mark_not_at_its_protection_price', () => {
    const h = ethMarket();
    const market = { type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, symbol: ETH } as const;
    // 0.002 ETH × 2,000 = 4 USDT; its protection bound (+5 %) would value it at 4.2, still below.
    h.refused({ ...market, qty: btc(0.002) }, 'NOTIONAL_BELOW_MINIMUM');
    h.ok({ ...market, qty: btc(0.003) }); // 6 USDT
  });

  it('exempts_reduce_only_orders_and_closes', () => {
    const h = ethMarket();
    h.ok({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 2, price: null, qty: btc(0.01), symbol: ETH });
    // 0.001 ETH (2 USDT) reduce-only sell, then a 0.001 ETH close: neither is held to the minimum.
    h.ok({ ...limit(usd(2_100), btc(0.001)), side: 2, reduceOnly: true } as Command);
    h.ok({ type: 'closePosition', userId: TRADER, qty: btc(0.001), symbol: ETH });
    // A plain sell of the same size is not exempt, though it would reduce the position.
    h.refused({ ...limit(usd(2_100), btc(0.001)), side: 2 } as Command, 'NOTIONAL_BELOW_MINIMUM');
  });

  it('checks_a_trigger_order_when_placed_at_its_limit_or_trigger_price', () => {
    const h = ethMarket();
    const stop = { type: 'stop', by: 'mark', price: usd(2_500) } as const;
    // A stop-market buy of 0.002 ETH fires at 2,500: 5 USDT, accepted; at 2,400 it is 4.8, refused.
    h.ok({
      type: 'placeOrder',
      userId: TRADER,
      side: 1,
      orderPath: 2,
      price: null,
      qty: btc(0.002),
      symbol: ETH,
      trigger: stop,
    });
    h.refused(
      {
        type: 'placeOrder',
        userId: TRADER,
        side: 1,
        orderPath: 2,
        price: null,
        qty: btc(0.002),
        symbol: ETH,
        trigger: { ...stop, price: usd(2_400) },
      },
      'NOTIONAL_BELOW_MINIMUM',
    );
    // A stop-limit is valued at its limit price.
    h.refused({ ...limit(usd(2_000), btc(0.002)), trigger: stop } as Command, 'NOTIONAL_BELOW_MINIMUM');
  });

  it('refuses_an_amend_that_takes_a_resting_order_below_the_minimum', () => {
    const h = ethMarket();
    const placed = h.ok(limit(usd(1_000), btc(0.01))).result as { ok: true; value: { orderId: number } };
    const orderId = placed.value.orderId;
    h.refused({ type: 'amendOrder', userId: TRADER, orderId, qty: btc(0.004), symbol: ETH }, 'NOTIONAL_BELOW_MINIMUM');
    h.refused({ type: 'amendOrder', userId: TRADER, orderId, price: usd(400), symbol: ETH }, 'NOTIONAL_BELOW_MINIMUM');
    h.ok({ type: 'amendOrder', userId: TRADER, orderId, qty: btc(0.005), symbol: ETH }); // 5 USDT
  });

  it('keeps_btcusdt_without_a_minimum', () => {
    const h = ethMarket();
    h.ok({ type: 'priceTick', indexPrice: usd(2), markPrice: usd(2) });
    h.ok({ type: 'placeOrder', userId: TRADER, side: 1, orderPath: 1, price: usd(0.01), qty: 1 });
  });

  it('accepts_only_orders_that_reach_the_minimum_and_refused_ones_leave_no_trace', () => {
    const order = fc.record({
      side: fc.constantFrom<1 | 2>(1, 2),
      market: fc.boolean(),
      price: fc.integer({ min: 1_000, max: 3_000 }).map((dollars) => usd(dollars)),
      qty: fc.integer({ min: 1, max: 8 }).map((lots) => lots * 10),
      reduceOnly: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(order, { minLength: 1, maxLength: 12 }), (orders) => {
        const h = ethMarket();
        h.checkAfterEachCommand = false;
        for (const { side, market, price, qty, reduceOnly } of orders) {
          const before = h.exchange.snapshot();
          const mark = h.exchange.marketPrices(ETH)?.lastMarkPrice as number;
          const command = (
            market
              ? { type: 'placeOrder', userId: TRADER, side, orderPath: 2, price: null, qty, symbol: ETH }
              : { type: 'placeOrder', userId: TRADER, side, orderPath: 1, price, qty, symbol: ETH }
          ) as Command;
          const output = h.apply(reduceOnly ? ({ ...command, reduceOnly: true } as Command) : command);
          const valued = (market ? mark : price) * qty;
          if (!output.result.ok) {
            expect(h.exchange.snapshot()).toEqual(before);
            if (!reduceOnly && valued < 5 * USDT) expect(output.result.reason).toBe('NOTIONAL_BELOW_MINIMUM');
          } else if (!reduceOnly) {
            expect(valued).toBeGreaterThanOrEqual(5 * USDT);
            const { orderId } = output.result.value as { orderId: number };
            const orders = output.events.flatMap((event) => (event.type === 'order' ? [event.order] : []));
            const placed = orders.find((each: OrderState) => each.id === orderId) as OrderState;
            expect((placed.price ?? mark) * placed.qty).toBeGreaterThanOrEqual(5 * USDT);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
