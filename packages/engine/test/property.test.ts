import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Exchange, type Command, type PositionState } from '../src/index.ts';
import { checkInvariants, USDT } from './support/exchange-harness.ts';

/**
 * Random command sequences against the whole exchange. After every step: each asset's ledger sums to zero, no user
 * account is negative, the book is never crossed, filled ≤ ordered, the balance view matches the ledger, and the
 * snapshot restores to the same state (checkInvariants). Part-way through, the exchange is restored from its
 * snapshot onto the reference order book and both must then give identical outputs for every later command (the
 * answer, every event and every posting, compared one command at a time, and the users' balances after each).
 * On failure fast-check prints the seed and the shrunk path (verbose).
 */

const USERS = [1, 2, 3, 4];
const BASE_PRICE = 10_000; // 100.00 USDT in ticks: small numbers keep every account exercised

type Step =
  | { kind: 'fund'; user: number; wallet: 'spot' | 'futures'; amount: number }
  | { kind: 'transfer'; user: number; to: 'spot' | 'futures'; fraction: number }
  | { kind: 'leverage'; user: number; leverage: number }
  | { kind: 'limit'; user: number; side: 1 | 2; offset: number; qty: number }
  | { kind: 'market'; user: number; side: 1 | 2; qty: number }
  | { kind: 'cancel'; user: number; pick: number }
  | { kind: 'close'; user: number; fraction: number }
  | { kind: 'tpsl'; user: number; takeProfitDistance: number | null; stopLossDistance: number | null }
  | { kind: 'tick'; markMove: number; indexOffset: number }
  | { kind: 'funding'; ratePpm: number }
  | { kind: 'bet'; user: number; betType: 1 | 2; stakeUsdt: number }
  | { kind: 'settleRound'; roundsBack: number; resultOffset: number | null }
  | { kind: 'advance'; ms: number };

const user = fc.constantFrom(...USERS);
const side = fc.constantFrom<1 | 2>(1, 2);
const fraction = fc.integer({ min: 0, max: 100 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      user,
      wallet: fc.constantFrom<'spot' | 'futures'>('spot', 'futures'),
      amount: fc.oneof(
        fc.integer({ min: 1, max: 5_000 }).map((usdt) => usdt * USDT),
        fc.integer({ min: -1, max: 5_000 }),
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      user,
      to: fc.constantFrom<'spot' | 'futures'>('spot', 'futures'),
      fraction,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('leverage' as const),
      user,
      leverage: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom(0, 101)),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      user,
      side,
      offset: fc.integer({ min: -300, max: 300 }),
      qty: fc.integer({ min: 1, max: 400 }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({ kind: fc.constant('market' as const), user, side, qty: fc.integer({ min: 1, max: 600 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const), user, fraction }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tpsl' as const),
      user,
      takeProfitDistance: fc.option(fc.integer({ min: -50, max: 400 })),
      stopLossDistance: fc.option(fc.integer({ min: -50, max: 400 })),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      markMove: fc.integer({ min: -400, max: 400 }),
      indexOffset: fc.integer({ min: -50, max: 50 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('funding' as const), ratePpm: fc.integer({ min: -8_000, max: 8_000 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('bet' as const),
      user,
      betType: side,
      stakeUsdt: fc.integer({ min: 0, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settleRound' as const),
      roundsBack: fc.integer({ min: 0, max: 2 }),
      resultOffset: fc.option(fc.integer({ min: -3, max: 3 })),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 5_000, max: 70_000 }) }),
  },
);

/** Turns a generated step into a command against the exchange's current state (ids, balances, positions). */
function toCommand(exchange: Exchange, s: Step, nowMs: number): Command | null {
  const mark = exchange.markPrice ?? BASE_PRICE;
  switch (s.kind) {
    case 'fund':
      return { type: 'fund', userId: s.user, wallet: s.wallet, amount: s.amount, reason: `p:${nowMs}` };
    case 'transfer': {
      const view = exchange.balances(s.user);
      const available = s.to === 'spot' ? view.futuresAvailable : view.spot;
      return { type: 'transfer', userId: s.user, to: s.to, amount: Math.floor((available * s.fraction) / 90) }; // > 100 % sometimes
    }
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
      const orderId = orders.length > 0 ? orders[s.pick % orders.length]!.id : 1_000_000 + s.pick;
      return { type: 'cancelOrder', userId: s.user === 4 ? 1 : s.user, orderId }; // user 4 tries user 1's ids
    }
    case 'close': {
      const position = exchange.position(s.user);
      return { type: 'closePosition', userId: s.user, qty: Math.ceil(((position?.qty ?? 1) * s.fraction) / 95) };
    }
    case 'tpsl': {
      // Distances in the position's favour for TP and against it for SL; negative ones are invalid on purpose.
      const direction = exchange.position(s.user)?.side === 2 ? -1 : 1;
      return {
        type: 'setTpSl',
        userId: s.user,
        takeProfit: s.takeProfitDistance === null ? null : mark + direction * s.takeProfitDistance,
        stopLoss: s.stopLossDistance === null ? null : mark - direction * s.stopLossDistance,
      };
    }
    case 'tick': {
      const markPrice = Math.min(2 * BASE_PRICE, Math.max(BASE_PRICE / 2, mark + s.markMove));
      return { type: 'priceTick', markPrice, indexPrice: markPrice + s.indexOffset };
    }
    case 'funding':
      return { type: 'settleFunding', fundingRatePpm: s.ratePpm };
    case 'bet':
      return { type: 'placeOptionOrder', userId: s.user, betType: s.betType, stake: s.stakeUsdt * USDT };
    case 'settleRound': {
      // Mostly the oldest round that has bets (ended or not yet), sometimes an empty or recent one.
      const oldestBet = USERS.flatMap((userId) => exchange.optionOrders(userId)).sort((a, b) => a.id - b.id)[0];
      const roundStartMs =
        s.roundsBack === 0 && oldestBet ? oldestBet.roundStartMs : (Math.floor(nowMs / 60_000) - s.roundsBack) * 60_000;
      return {
        type: 'settleOptionRound',
        roundStartMs,
        resultPrice: s.resultOffset === null ? null : (exchange.indexPrice ?? BASE_PRICE) + s.resultOffset,
      };
    }
    case 'advance':
      return null;
  }
}

/** Whether the mark is at or beyond the position's liquidation price (a long at 0 cannot be liquidated). */
function isLiquidatable(exchange: Exchange, position: PositionState): boolean {
  const mark = exchange.markPrice;
  if (mark === null) return false;
  return position.side === 1 ? mark <= position.liquidationPrice : mark >= position.liquidationPrice;
}

/** What the sequences reached, so a generator that stops exercising something fails the test. */
const reached = new Map<string, number>();
function count(what: string) {
  reached.set(what, (reached.get(what) ?? 0) + 1);
}

describe('exchange under random command sequences', () => {
  it('keeps every invariant after every step and behaves identically after a restore', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40, size: 'max' }), fc.nat(40), (steps, forkAt) => {
        const exchange = new Exchange();
        let restored: Exchange | null = null;
        let nowMs = 1_700_000_000_000;
        exchange.apply({ type: 'priceTick', indexPrice: BASE_PRICE, markPrice: BASE_PRICE }, nowMs);
        for (const userId of USERS)
          exchange.apply({ type: 'fund', userId, wallet: 'futures', amount: 100 * USDT, reason: 'start' }, nowMs);
        steps.forEach((s, index) => {
          if (index === forkAt) restored = Exchange.fromSnapshot(exchange.snapshot(), { orderBook: 'reference' });
          if (s.kind === 'advance') {
            nowMs += s.ms;
            return;
          }
          const command = toCommand(exchange, s, nowMs);
          if (!command) return;
          const liquidatableBefore = new Set(
            exchange
              .positions()
              .filter((position) => isLiquidatable(exchange, position))
              .map((p) => p.userId),
          );
          const output = exchange.apply(command, nowMs);
          count(output.result.ok ? `ok:${command.type}` : `refused:${output.result.reason}`);
          if (!output.result.ok) count(`refused-by:${command.type}:${output.result.reason}`);
          for (const event of output.events) {
            if (event.type === 'order' && !(event.order.filledQty >= 0 && event.order.filledQty <= event.order.qty))
              throw new Error(`order ${event.order.id} filled ${event.order.filledQty} of ${event.order.qty}`);
            if (event.type === 'trade' && !(event.trade.qty > 0 && event.trade.makerUserId !== event.trade.takerUserId))
              throw new Error(`trade ${event.trade.id} is empty or a self-trade`);
          }
          for (const event of output.events)
            count(event.type === 'notice' ? `notice:${event.kind}` : `event:${event.type}`);
          for (const posting of output.postings) count(`posting:${posting.kind}`);
          // A user's trade never leaves a healthy position (the taker's or a maker's) liquidatable at the mark.
          if (command.type === 'placeOrder')
            for (const event of output.events)
              if (
                event.type === 'position' &&
                event.position &&
                !liquidatableBefore.has(event.userId) &&
                isLiquidatable(exchange, event.position)
              )
                throw new Error(
                  `placeOrder left user ${event.userId}'s position liquidatable: ${JSON.stringify(event)}`,
                );
          // Only liquidations (on price ticks and funding) may draw on the insurance fund, never a user's own trade.
          if (
            (command.type === 'placeOrder' || command.type === 'closePosition') &&
            output.postings.some((posting) => posting.kind === 'insurance')
          )
            throw new Error(`a user's ${command.type} drew on the insurance fund: ${JSON.stringify(output.postings)}`);
          if (!output.result.ok && (output.events.length > 0 || output.postings.length > 0))
            throw new Error(`a refusal changed something: ${JSON.stringify(output)}`);
          checkInvariants(exchange);
          // The restored exchange must give the same output: answer, events and postings, not only the same state.
          if (restored) {
            const restoredOutput = (restored as Exchange).apply(command, nowMs);
            if (!isDeepStrictEqual(restoredOutput, output))
              expect(restoredOutput, `the restored exchange answered ${command.type} differently`).toEqual(output);
            for (const userId of USERS)
              if (!isDeepStrictEqual((restored as Exchange).balances(userId), exchange.balances(userId)))
                expect((restored as Exchange).balances(userId), `user ${userId}'s balances`).toEqual(
                  exchange.balances(userId),
                );
          }
        });
        if (restored) expect((restored as Exchange).snapshot()).toEqual(exchange.snapshot());
      }),
      { numRuns: 1_000, verbose: true },
    );
    if (process.env.PROPERTY_STATS) console.log(Object.fromEntries([...reached].sort()));
    for (const what of [
      'ok:placeOrder',
      'ok:closePosition',
      'ok:setTpSl',
      'ok:settleFunding',
      'ok:settleOptionRound',
      'notice:liquidation',
      'notice:takeProfit',
      'notice:stopLoss',
      'notice:optionResult',
      'event:trade',
      'posting:insurance',
      'posting:realized_pnl',
      'posting:option_payout',
      'refused:INSUFFICIENT_MARGIN',
    ])
      expect(reached.get(what) ?? 0, what).toBeGreaterThan(0);
  });
});
