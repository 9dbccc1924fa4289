/**
 * The trigger orders the engine holds until their price is crossed (#32 item 3), outside the order book: by id, by
 * user, and per watched price (mark, last) in two heaps (trigger-index.ts) — what fires on a rise and what fires on
 * a fall — so a price update pops only what fires. Trailing stops not yet activated wait in the heaps on their
 * activation price; activated ones wait there on the price they fire at, and in one more heap on their best price,
 * so a price update touches only the trailing stops whose best price it beats.
 */
import type { PriceTicks } from '@tickline/money';
import { BUY, SELL } from '../book/order-book.ts';
import type { OrderState, OrderTrigger, TriggerBy, UserId } from '../types.ts';
import { TriggerIndex } from './trigger-index.ts';

export interface TriggerWatch {
  /** Fire (or activate) when the price is at or above their price. */
  readonly rising: TriggerIndex;
  /** Fire (or activate) when the price is at or below their price. */
  readonly falling: TriggerIndex;
  /**
   * Activated trailing sells by best price + 1 (popped when the price is above their best) and trailing buys by best
   * price − 1 (popped when it is below): the ones a price update gives a new best.
   */
  readonly sellsToTrail: TriggerIndex;
  readonly buysToTrail: TriggerIndex;
}

export class TriggerBook {
  readonly byId = new Map<number, OrderState>();
  private readonly idsByUser = new Map<UserId, Set<number>>();
  private readonly watches: Record<TriggerBy, TriggerWatch> = { mark: newWatch(), last: newWatch() };
  /** The last trade's price: what `by: 'last'` triggers watch (restorable). */
  lastTradePrice: PriceTicks | null = null;

  watch(by: TriggerBy): TriggerWatch {
    return this.watches[by];
  }

  countOf(userId: UserId): number {
    return this.idsByUser.get(userId)?.size ?? 0;
  }

  /** The user's waiting trigger orders, oldest first. */
  ofUser(userId: UserId): OrderState[] {
    const ids = [...(this.idsByUser.get(userId) ?? [])].sort((a, b) => a - b);
    return ids.map((id) => this.byId.get(id) as OrderState);
  }

  add(order: OrderState): void {
    this.byId.set(order.id, order);
    let ids = this.idsByUser.get(order.userId);
    if (!ids) this.idsByUser.set(order.userId, (ids = new Set()));
    ids.add(order.id);
    this.index(order);
  }

  /** Puts the order in its watch by its trigger (a new one after a trailing stop activated). */
  index(order: OrderState): void {
    const trigger = order.trigger as OrderTrigger;
    const watch = this.watches[trigger.by];
    if (trigger.type === 'trailingStop') {
      const sell = order.side === SELL;
      if (trigger.bestPrice === null) {
        // Not activated: a sell starts tracking once the price rises to the activation price, a buy once it falls.
        (sell ? watch.rising : watch.falling).set(order.id, trigger.activationPrice as PriceTicks);
        return;
      }
      // A sell fires on a fall to its price, a buy on a rise.
      (sell ? watch.falling : watch.rising).set(order.id, trigger.price as PriceTicks);
      if (sell) watch.sellsToTrail.set(order.id, trigger.bestPrice + 1);
      else watch.buysToTrail.set(order.id, trigger.bestPrice - 1);
      return;
    }
    // A buy stop fires on a rise, a sell stop on a fall; take-profits the other way round.
    const rising = (trigger.type === 'stop') === (order.side === BUY);
    (rising ? watch.rising : watch.falling).set(order.id, trigger.price as PriceTicks);
  }

  remove(order: OrderState): void {
    this.byId.delete(order.id);
    const ids = this.idsByUser.get(order.userId);
    ids?.delete(order.id);
    if (ids?.size === 0) this.idsByUser.delete(order.userId);
    const watch = this.watches[(order.trigger as OrderTrigger).by];
    watch.rising.delete(order.id);
    watch.falling.delete(order.id);
    watch.sellsToTrail.delete(order.id);
    watch.buysToTrail.delete(order.id);
  }
}

function newWatch(): TriggerWatch {
  return {
    rising: new TriggerIndex('atOrAbove'),
    falling: new TriggerIndex('atOrBelow'),
    sellsToTrail: new TriggerIndex('atOrAbove'),
    buysToTrail: new TriggerIndex('atOrBelow'),
  };
}
