import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Exchange,
  type Command,
  type OrderState,
  type OrderTrigger,
  type TriggerBy,
  type TriggerRequest,
} from '../src/index.ts';
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
const offset = (range: number) => fc.integer({ min: -range, max: range });
const kind = <K extends Step['kind']>(name: K) => fc.constant(name);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: kind('limit'), user, side, offset: offset(200), qty }) },
  { weight: 4, arbitrary: fc.record({ kind: kind('market'), user, side, qty }) },
  {
    weight: 8,
    arbitrary: fc.record({
      kind: kind('trigger'),
      user,
      side,
      type: fc.constantFrom<'stop' | 'takeProfit'>('stop', 'takeProfit'),
      by,
      offset: offset(300),
      limitOffset: fc.option(offset(100)),
      qty,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: kind('trailing'),
      user,
      side,
      by,
      // Mostly small callbacks, which the generated moves retrace often; the whole range and just outside it too.
      callback: fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: 10, max: 150 }) },
        { weight: 1, arbitrary: fc.integer({ min: 10, max: 1_000 }) },
        { weight: 1, arbitrary: fc.constantFrom(9, 1_001) },
      ),
      activationOffset: fc.option(offset(300)),
      qty,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: kind('cancel'), user, pick: fc.nat(20) }) },
  { weight: 8, arbitrary: fc.record({ kind: kind('tick'), move: offset(300) }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('leverage'), user, leverage: fc.integer({ min: 1, max: 50 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: kind('withdraw'), user, fraction: fc.integer({ min: 1, max: 100 }) }) },
);

function reference(exchange: Exchange, watched: TriggerBy): number {
  const last = exchange.snapshot().lastTradePrice ?? null;
  return (watched === 'last' ? last : null) ?? exchange.markPrice ?? BASE;
}

/** An order of the step's user, side and size. */
function order(s: { user: number; side: 1 | 2; qty: number }, price: number | null, trigger?: TriggerRequest): Command {
  const orderPath = price === null ? 2 : 1;
  return {
    type: 'placeOrder',
    userId: s.user,
    side: s.side,
    orderPath,
    price,
    qty: s.qty,
    ...(trigger ? { trigger } : {}),
  };
}

function toCommand(exchange: Exchange, s: Step): Command {
  const mark = exchange.markPrice ?? BASE;
  switch (s.kind) {
    case 'limit':
      return order(s, Math.max(1, mark + s.offset));
    case 'market':
      return order(s, null);
    case 'trigger': {
      const price = Math.max(1, reference(exchange, s.by) + s.offset);
      const limit = s.limitOffset === null ? null : Math.max(1, price + s.limitOffset);
      return order(s, limit, { type: s.type, by: s.by, price });
    }
    case 'trailing': {
      const activationPrice =
        s.activationOffset === null ? null : Math.max(1, reference(exchange, s.by) + s.activationOffset);
      return order(s, null, { type: 'trailingStop', by: s.by, callbackRateBps: s.callback, activationPrice });
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

const START_MS = 1_700_000_000_000;

/** An exchange with a mark, a last trade and every user funded. */
function started(): Exchange {
  const exchange = new Exchange();
  const commands: Command[] = [
    { type: 'priceTick', indexPrice: BASE, markPrice: BASE },
    ...USERS.map((userId): Command => ({ type: 'fund', userId, wallet: 'futures', amount: 200 * USDT, reason: 'go' })),
    // A first trade, so triggers on the last price can be placed from the start.
    { type: 'placeOrder', userId: 1, side: 2, orderPath: 1, price: BASE, qty: 10 },
    { type: 'placeOrder', userId: 2, side: 1, orderPath: 2, price: null, qty: 10 },
  ];
  for (const command of commands) exchange.apply(command, START_MS);
  return exchange;
}

const seen = new Map<string, number>();
const count = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

describe('trigger orders under random command sequences', () => {
  it('fire exactly once, only once their price is crossed, never leave a balance negative, restore identically', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 50, size: 'max' }), fc.nat(50), (steps, forkAt) => {
        let nowMs = START_MS;
        const exchange = started();
        let restored: Exchange | null = null;
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
            count(`fired:${trigger.type}:${trigger.by}`);
            count(`fired-then:${order.status}`);
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
      { numRuns: 250 },
    );
    if (process.env.PROPERTY_STATS) console.log(Object.fromEntries([...seen].sort()));
    // The generator must keep reaching each kind of trigger and refusal.
    const missing = [
      'ok:trigger',
      'ok:trailing',
      'refused:TRIGGER_WOULD_FIRE_NOW',
      'refused:INVALID_CALLBACK_RATE',
      'fired:stop:mark',
      'fired:stop:last',
      'fired:takeProfit:mark',
      'fired:takeProfit:last',
      'fired:trailingStop:mark',
      'fired:trailingStop:last',
      'fired-then:filled',
      'fired-then:open',
      'fired-then:cancelled',
    ].filter((what) => !seen.has(what));
    expect(missing).toEqual([]);
  });
});
