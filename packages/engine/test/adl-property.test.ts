import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Account, Exchange, ratePpm, type Command, type ExchangeConfigOverrides } from '../src/index.ts';
import { checkInvariants, USDT } from './support/exchange-harness.ts';

/**
 * Random trading with leverage brackets small enough to matter at these sizes and ADL on: after every step each
 * asset's ledger sums to zero, no user account is negative, open interest nets to zero and a snapshot restores
 * (checkInvariants); the treasury never refills the insurance fund, which never goes below zero; an ADL closes
 * exactly the quantity it names against positions on the other side.
 */

const USERS = [1, 2, 3, 4, 5];
const MARKET_MAKER = 9;
const BASE_PRICE = 10_000; // 100.00 USDT

const config: ExchangeConfigOverrides = {
  autoDeleverage: true,
  // 100 lots at 100 USDT are 1 USDT of notional: the brackets change at 2 and 5 USDT.
  maintenanceTiers: [
    { maxNotional: 2 * USDT, ratePpm: ratePpm(4_000), maxLeverage: 100 },
    { maxNotional: 5 * USDT, ratePpm: ratePpm(10_000), maxLeverage: 40 },
    { maxNotional: Infinity, ratePpm: ratePpm(50_000), maxLeverage: 10 },
  ],
};

type Step =
  | { kind: 'leverage'; user: number; leverage: number }
  | { kind: 'limit'; user: number; side: 1 | 2; offset: number; qty: number }
  | { kind: 'market'; user: number; side: 1 | 2; qty: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'tick'; markMove: number }
  | { kind: 'funding'; ratePpm: number }
  /** The market maker (1x, deep pockets) quotes near the mark, so liquidations find bids beyond bankruptcy. */
  | { kind: 'quote'; side: 1 | 2; offset: number; qty: number };

const user = fc.constantFrom(...USERS);
const side = fc.constantFrom<1 | 2>(1, 2);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      user,
      leverage: fc.constantFrom(2, 5, 10, 20, 40, 41, 100),
    }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user,
      side,
      offset: fc.integer({ min: -900, max: 900 }),
      qty: fc.integer({ min: 1, max: 400 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('market' as const), user, side, qty: fc.integer({ min: 1, max: 400 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat(20) }) },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), markMove: fc.integer({ min: -700, max: 700 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('quote' as const),
      side,
      offset: fc.integer({ min: -400, max: 400 }),
      qty: fc.integer({ min: 1, max: 800 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('funding' as const), ratePpm: fc.integer({ min: -7_500, max: 7_500 }) }),
  },
);

function toCommand(exchange: Exchange, s: Step): Command {
  const mark = exchange.markPrice ?? BASE_PRICE;
  switch (s.kind) {
    case 'leverage':
      return { type: 'setLeverage', userId: s.user, leverage: s.leverage };
    case 'limit':
      return {
        type: 'placeOrder',
        userId: s.user,
        side: s.side,
        orderPath: 1,
        price: Math.max(1, mark + s.offset),
        qty: s.qty,
      };
    case 'market':
      return { type: 'placeOrder', userId: s.user, side: s.side, orderPath: 2, price: null, qty: s.qty };
    case 'cancel': {
      const orders = exchange.openOrders(s.user);
      return { type: 'cancelOrder', userId: s.user, orderId: orders[s.pick % Math.max(1, orders.length)]?.id ?? 1 };
    }
    case 'tick': {
      const markPrice = Math.min(2 * BASE_PRICE, Math.max(BASE_PRICE / 2, mark + s.markMove));
      return { type: 'priceTick', markPrice, indexPrice: markPrice };
    }
    case 'funding':
      return { type: 'settleFunding', fundingRatePpm: s.ratePpm };
    case 'quote':
      return {
        type: 'placeOrder',
        userId: MARKET_MAKER,
        side: s.side,
        orderPath: 1,
        price: Math.max(1, mark + s.offset),
        qty: s.qty,
      };
  }
}

const reached = new Map<string, number>();
const count = (what: string) => reached.set(what, (reached.get(what) ?? 0) + 1);

describe('brackets and auto-deleveraging under random command sequences', () => {
  it('keep the ledger zero-sum, every balance non-negative and the insurance fund unrefilled', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 60 }), (steps) => {
        const exchange = new Exchange(config);
        const nowMs = 1_700_000_000_000;
        exchange.apply({ type: 'priceTick', indexPrice: BASE_PRICE, markPrice: BASE_PRICE }, nowMs);
        for (const userId of USERS)
          exchange.apply({ type: 'fund', userId, wallet: 'futures', amount: 20 * USDT, reason: 'start' }, nowMs);
        exchange.apply(
          { type: 'fund', userId: MARKET_MAKER, wallet: 'futures', amount: 5_000 * USDT, reason: 'mm' },
          nowMs,
        );
        for (const s of steps) {
          const sidesBefore = new Map(exchange.positions().map((position) => [position.userId, position.side]));
          const output = exchange.apply(toCommand(exchange, s), nowMs);
          count(output.result.ok ? `ok:${s.kind}` : `refused:${output.result.reason}`);
          for (const posting of output.postings)
            if (posting.debit === Account.treasury) throw new Error(`the treasury paid: ${JSON.stringify(posting)}`);
          if (exchange.accountBalance(Account.insuranceFund) < 0) throw new Error('the insurance fund is negative');
          for (const event of output.events) {
            if (event.type === 'notice') count(`notice:${event.kind}`);
            if (event.type !== 'autoDeleverage') continue;
            count('event:autoDeleverage');
            const total = event.counterparties.reduce((sum, counterparty) => sum + counterparty.qty, 0);
            expect(total).toBe(event.qty);
            for (const counterparty of event.counterparties)
              expect(sidesBefore.get(counterparty.userId)).toBe(event.side === 1 ? 2 : 1);
          }
          for (const position of exchange.positions()) {
            const quantile = exchange.adlQuantile(position.userId);
            if (quantile === null || quantile < 0 || quantile > 4) throw new Error(`adlQuantile ${quantile}`);
          }
          checkInvariants(exchange);
        }
      }),
      { numRuns: 2_000 },
    );
    if (process.env.PROPERTY_STATS) console.log(Object.fromEntries([...reached].sort()));
    for (const what of [
      'event:autoDeleverage',
      'notice:autoDeleverage',
      'notice:liquidation',
      'refused:LEVERAGE_EXCEEDS_BRACKET',
    ])
      expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});
