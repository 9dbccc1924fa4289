import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exchange, type Command } from '../src/index.ts';
import { checkInvariants, USDT } from './support/exchange-harness.ts';

/**
 * Random command sequences over three markets in one Exchange (#34), plus an unknown symbol now and then. After every
 * step (checkInvariants): the one ledger sums to zero, no user account is negative, each market's book is uncrossed
 * and its open interest nets to zero, every resting order holds what requiredOrderHolds says, the balance view sums
 * the markets' accounts, and snapshot → restore → snapshot changes nothing. A refusal changes nothing; a command of
 * one market leaves the other markets' prices alone; an exchange restored part-way answers every later command the
 * same.
 */

const MARKETS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'];
const CONFIG = {
  markets: [{ symbol: 'BTCUSDT' }, { symbol: 'ETHUSDT', maxLeverage: 50 }, { symbol: 'SOLUSDT', lotSizeLots: 10 }],
};
const USERS = [1, 2, 3, 4];
const MAKER = 5;
const BASE_PRICE = 10_000;

type Step =
  | { kind: 'fund'; user: number; amount: number }
  | { kind: 'leverage'; user: number; market: number; leverage: number }
  | { kind: 'limit'; user: number; market: number; side: 1 | 2; offset: number; qty: number }
  | { kind: 'market'; user: number; market: number; side: 1 | 2; qty: number }
  | { kind: 'cancel'; user: number; market: number; pick: number; named: boolean }
  | { kind: 'close'; user: number; market: number; fraction: number }
  | { kind: 'tick'; market: number; markMove: number }
  | { kind: 'funding'; market: number; ratePpm: number };

const user = fc.constantFrom(...USERS);
// 3 now and then: a symbol the engine does not run.
const market = fc.oneof(
  { weight: 9, arbitrary: fc.integer({ min: 0, max: 2 }) },
  { weight: 1, arbitrary: fc.constant(3) },
);
const side = fc.constantFrom<1 | 2>(1, 2);
const qty = fc.integer({ min: 1, max: 2_000 }).map((lots) => lots * 10);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('fund' as const), user, amount: fc.integer({ min: 1, max: 500 }) }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      user,
      market,
      leverage: fc.integer({ min: 10, max: 60 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user,
      market,
      side,
      offset: fc.integer({ min: -300, max: 300 }),
      qty,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('market' as const), user, market, side, qty }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, market, pick: fc.nat(10), named: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('close' as const),
      user,
      market,
      fraction: fc.integer({ min: 1, max: 100 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      market,
      markMove: fc.integer({ min: -1_500, max: 1_500 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('funding' as const),
      market,
      ratePpm: fc.integer({ min: -3_000, max: 3_000 }),
    }),
  },
);

const symbolAt = (index: number) => MARKETS[index] ?? 'XRPUSDT';

function toCommand(exchange: Exchange, s: Step): Command {
  if (s.kind === 'fund')
    return { type: 'fund', userId: s.user, wallet: 'futures', amount: s.amount * USDT, reason: 'p' };
  const symbol = symbolAt(s.market);
  const mark = exchange.marketPrices(symbol)?.lastMarkPrice ?? BASE_PRICE;
  switch (s.kind) {
    case 'leverage':
      return { type: 'setLeverage', userId: s.user, leverage: s.leverage, symbol };
    case 'limit':
      return {
        type: 'placeOrder',
        userId: s.user,
        side: s.side,
        orderPath: 1,
        price: mark + s.offset,
        qty: s.qty,
        symbol,
      };
    case 'market':
      return { type: 'placeOrder', userId: s.user, side: s.side, orderPath: 2, price: null, qty: s.qty, symbol };
    case 'cancel': {
      // Any of the user's orders in any market; sometimes under the step's symbol, which may not be the order's.
      const orders = exchange.openOrders(s.user);
      const orderId = orders.length > 0 ? orders[s.pick % orders.length]!.id : 1_000_000 + s.pick;
      return { type: 'cancelOrder', userId: s.user, orderId, ...(s.named ? { symbol } : {}) };
    }
    case 'close': {
      const position = exchange.position(s.user, symbol);
      return {
        type: 'closePosition',
        userId: s.user,
        qty: Math.ceil(((position?.qty ?? 10) * s.fraction) / 1000) * 10,
        symbol,
      };
    }
    case 'tick': {
      const markPrice = Math.min(2 * BASE_PRICE, Math.max(BASE_PRICE / 2, mark + s.markMove));
      return { type: 'priceTick', markPrice, indexPrice: markPrice, symbol };
    }
    case 'funding':
      return { type: 'settleFunding', fundingRatePpm: s.ratePpm, symbol };
  }
}

const reached = new Map<string, number>();
const count = (what: string) => reached.set(what, (reached.get(what) ?? 0) + 1);

describe('three markets under random command sequences', () => {
  it('keeps one zero-sum ledger, per-market invariants and restores to the same answers', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), fc.nat(40), (steps, forkAt) => {
        const exchange = new Exchange(CONFIG);
        let restored: Exchange | null = null;
        const nowMs = 1_700_000_000_000;
        for (const symbol of MARKETS)
          exchange.apply({ type: 'priceTick', indexPrice: BASE_PRICE, markPrice: BASE_PRICE, symbol }, nowMs);
        for (const userId of USERS)
          exchange.apply({ type: 'fund', userId, wallet: 'futures', amount: 200 * USDT, reason: 'start' }, nowMs);
        // A deep-pocketed maker (user 5) quotes a ladder in every market, so takers and liquidations find liquidity.
        exchange.apply(
          { type: 'fund', userId: MAKER, wallet: 'futures', amount: 1_000_000 * USDT, reason: 'm' },
          nowMs,
        );
        for (const symbol of MARKETS)
          for (const distance of [100, 1_000, 3_000, 5_000])
            for (const side of [1, 2] as const) {
              const price = side === 1 ? BASE_PRICE - distance : BASE_PRICE + distance;
              exchange.apply(
                { type: 'placeOrder', userId: MAKER, side, orderPath: 1, price, qty: 50_000, symbol },
                nowMs,
              );
            }
        steps.forEach((s, index) => {
          if (index === forkAt)
            restored = Exchange.fromSnapshot(exchange.snapshot(), { ...CONFIG, orderBook: 'reference' });
          const command = toCommand(exchange, s);
          const before = exchange.snapshot();
          const output = exchange.apply(command, nowMs);
          count(output.result.ok ? `ok:${command.type}` : `refused:${output.result.reason}`);
          for (const event of output.events)
            count(event.type === 'notice' ? `notice:${event.kind}` : `event:${event.type}`);
          if (!output.result.ok) expect(exchange.snapshot()).toEqual(before);
          const symbol = 'symbol' in command ? command.symbol : undefined;
          if (command.type !== 'cancelOrder' && command.type !== 'fund')
            for (const prices of before.markets ?? [])
              if (prices.symbol !== symbol) expect(exchange.marketPrices(prices.symbol)).toEqual(prices);
          for (const event of output.events)
            if (event.type === 'trade' || event.type === 'order' || event.type === 'position') {
              const row = event.type === 'trade' ? event.trade : event.type === 'order' ? event.order : event;
              if (command.type !== 'cancelOrder' && row.symbol !== symbol)
                throw new Error(`row of another market: ${JSON.stringify(event)}`);
            }
          checkInvariants(exchange);
          if (restored) {
            const restoredOutput = (restored as Exchange).apply(command, nowMs);
            if (!isDeepStrictEqual(restoredOutput, output)) expect(restoredOutput).toEqual(output);
          }
        });
        if (restored) expect((restored as Exchange).snapshot()).toEqual(exchange.snapshot());
      }),
      { numRuns: 500 },
    );
    if (process.env.PROPERTY_STATS) console.log(Object.fromEntries([...reached].sort()));
    for (const what of [
      'ok:placeOrder',
      'ok:settleFunding',
      'ok:closePosition',
      'event:trade',
      'notice:liquidation',
      'refused:MARKET_UNKNOWN_SYMBOL',
      'refused:ORDER_NOT_FOUND',
    ])
      expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});
