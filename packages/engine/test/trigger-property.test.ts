import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exchange, type Command, type OrderState, type OrderTrigger, type TriggerBy } from '../src/index.ts';
import { checkInvariants, USDT } from './support/exchange-harness.ts';

/**
 * Random trading with trigger orders resting (stop / take-profit, limit or market, on the mark or the last price,
 * trailing stops with and without activation). After every step: the harness's invariants (zero-sum ledger, no
 * negative user account, book and holds consistent, snapshot → restore identical), and for triggers: each fires at
 * most once; one fires only in a command whose watched price reached its trigger price; none that the current price
 * has reached is left waiting. Part-way through, the exchange is restored from its snapshot onto the reference book
 * and must give identical outputs for every later command.
 */

const USERS = [1, 2, 3, 4];
const BASE = 10_000; // 100.00 USDT

type Step =
  | { kind: 'limit'; user: number; side: 1 | 2; offset: number; qty: number }
  | { kind: 'market'; user: number; side: 1 | 2; qty: number }
  | {
      kind: 'trigger';
      user: number;
      side: 1 | 2;
      type: 'stop' | 'takeProfit';
      by: TriggerBy;
      offset: number;
      limitOffset: number | null;
      qty: number;
    }
  | {
      kind: 'trailing';
      user: number;
      side: 1 | 2;
      by: TriggerBy;
      callback: number;
      activationOffset: number | null;
      qty: number;
    }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'tick'; move: number }
  | { kind: 'leverage'; user: number; leverage: number }
  | { kind: 'withdraw'; user: number; fraction: number };

const user = fc.constantFrom(...USERS);
const side = fc.constantFrom<1 | 2>(1, 2);
const by = fc.constantFrom<TriggerBy>('mark', 'last');
const qty = fc.integer({ min: 1, max: 300 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user,
      side,
      offset: fc.integer({ min: -200, max: 200 }),
      qty,
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('market' as const), user, side, qty }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('trigger' as const),
      user,
      side,
      type: fc.constantFrom<'stop' | 'takeProfit'>('stop', 'takeProfit'),
      by,
      offset: fc.integer({ min: -300, max: 300 }),
      limitOffset: fc.option(fc.integer({ min: -100, max: 100 })),
      qty,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('trailing' as const),
      user,
      side,
      by,
      callback: fc.oneof(fc.integer({ min: 10, max: 1_000 }), fc.constantFrom(9, 1_001)),
      activationOffset: fc.option(fc.integer({ min: -300, max: 300 })),
      qty,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat(20) }) },
  {
    weight: 8,
    arbitrary: fc.record({ kind: fc.constant('tick' as const), move: fc.integer({ min: -300, max: 300 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('leverage' as const), user, leverage: fc.integer({ min: 1, max: 50 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('withdraw' as const), user, fraction: fc.integer({ min: 1, max: 100 }) }),
  },
);

function reference(exchange: Exchange, watched: TriggerBy): number {
  const last = exchange.snapshot().lastTradePrice ?? null;
  return (watched === 'last' ? last : null) ?? exchange.markPrice ?? BASE;
}

function toCommand(exchange: Exchange, s: Step): Command {
  const mark = exchange.markPrice ?? BASE;
  switch (s.kind) {
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
    case 'trigger': {
      const price = Math.max(1, reference(exchange, s.by) + s.offset);
      return {
        type: 'placeOrder',
        userId: s.user,
        side: s.side,
        orderPath: s.limitOffset === null ? 2 : 1,
        price: s.limitOffset === null ? null : Math.max(1, price + s.limitOffset),
        qty: s.qty,
        trigger: { type: s.type, by: s.by, price },
      };
    }
    case 'trailing': {
      const activationPrice =
        s.activationOffset === null ? null : Math.max(1, reference(exchange, s.by) + s.activationOffset);
      const trigger = { type: 'trailingStop' as const, by: s.by, callbackRateBps: s.callback, activationPrice };
      return { type: 'placeOrder', userId: s.user, side: s.side, orderPath: 2, price: null, qty: s.qty, trigger };
    }
    case 'cancel': {
      const orders = [...exchange.openOrders(s.user), ...exchange.triggerOrders(s.user)];
      const orderId = orders.length > 0 ? orders[s.pick % orders.length]!.id : 1_000_000 + s.pick;
      return { type: 'cancelOrder', userId: s.user, orderId };
    }
    case 'tick': {
      const markPrice = Math.min(2 * BASE, Math.max(BASE / 2, mark + s.move));
      return { type: 'priceTick', indexPrice: markPrice, markPrice };
    }
    case 'leverage':
      return { type: 'setLeverage', userId: s.user, leverage: s.leverage };
    case 'withdraw': {
      const free = exchange.balances(s.user).futuresAvailable;
      return { type: 'transfer', userId: s.user, to: 'spot', amount: Math.floor((free * s.fraction) / 100) };
    }
  }
}

/** Whether `price` has reached the trigger: stops and trailing stops fire with the move against the order's side. */
function reached(order: OrderState, trigger: OrderTrigger, price: number): boolean {
  const rising = (trigger.type !== 'takeProfit') === (order.side === 1);
  return rising ? price >= (trigger.price as number) : price <= (trigger.price as number);
}

const seen = new Map<string, number>();
const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

describe('trigger orders under random command sequences', () => {
  it('fire exactly once, only once their price is crossed, never leave a balance negative, restore identically', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 50, size: 'max' }), fc.nat(50), (steps, forkAt) => {
        const exchange = new Exchange();
        let restored: Exchange | null = null;
        let nowMs = 1_700_000_000_000;
        exchange.apply({ type: 'priceTick', indexPrice: BASE, markPrice: BASE }, nowMs);
        for (const userId of USERS)
          exchange.apply({ type: 'fund', userId, wallet: 'futures', amount: 200 * USDT, reason: 'start' }, nowMs);
        const fired = new Set<number>();
        steps.forEach((s, index) => {
          nowMs += 1_000;
          if (index === forkAt) restored = Exchange.fromSnapshot(exchange.snapshot(), { orderBook: 'reference' });
          const command = toCommand(exchange, s);
          const waiting = new Map(USERS.flatMap((id) => exchange.triggerOrders(id)).map((o) => [o.id, o]));
          const output = exchange.apply(command, nowMs);
          count(output.result.ok ? `ok:${s.kind}` : `refused:${output.result.reason}`);
          const prices = { mark: [] as number[], last: [] as number[] };
          if (command.type === 'priceTick') prices.mark.push(command.markPrice);
          for (const event of output.events) if (event.type === 'trade') prices.last.push(event.trade.price);
          for (const event of output.events) {
            if (event.type !== 'order' || !event.order.trigger) continue;
            const { order } = event;
            const trigger = order.trigger as OrderTrigger;
            if (trigger.firedAtMs !== nowMs) continue;
            if (!waiting.has(order.id))
              throw new Error(`order ${order.id} fired without waiting: ${JSON.stringify(order)}`);
            if (fired.has(order.id)) throw new Error(`order ${order.id} fired twice`);
            fired.add(order.id);
            count(`fired:${trigger.type}:${trigger.by}:${order.status}`);
            if (!prices[trigger.by].some((price) => reached(order, trigger, price)))
              throw new Error(
                `order ${order.id} fired before ${trigger.by} reached ${trigger.price}: ${JSON.stringify(prices)}`,
              );
          }
          // None left waiting that the current price has reached (a trailing stop's price is where it fires).
          const now = { mark: exchange.markPrice, last: exchange.snapshot().lastTradePrice ?? null };
          for (const id of USERS)
            for (const order of exchange.triggerOrders(id)) {
              const trigger = order.trigger as OrderTrigger;
              const price = now[trigger.by];
              if (price !== null && trigger.price !== null && reached(order, trigger, price))
                throw new Error(`order ${order.id} waits though ${trigger.by} ${price} reached ${trigger.price}`);
              if (trigger.firedAtMs !== null || order.heldMargin !== 0)
                throw new Error(`waiting order ${order.id} is wrong`);
            }
          checkInvariants(exchange);
          if (restored) {
            const again = (restored as Exchange).apply(command, nowMs);
            if (!isDeepStrictEqual(again, output))
              expect(again, `restored answered ${command.type} differently`).toEqual(output);
          }
        });
        if (restored) expect((restored as Exchange).snapshot()).toEqual(exchange.snapshot());
      }),
      { numRuns: 400 },
    );
    if (process.env.PROPERTY_STATS) console.log(Object.fromEntries([...seen].sort()));
    for (const what of [
      'ok:trigger',
      'ok:trailing',
      'refused:TRIGGER_WOULD_FIRE_NOW',
      'refused:INVALID_CALLBACK_RATE',
      'fired:stop:mark:filled',
      'fired:stop:last:filled',
      'fired:takeProfit:mark:filled',
      'fired:trailingStop:mark:filled',
      'fired:trailingStop:last:filled',
    ])
      expect(seen.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});
