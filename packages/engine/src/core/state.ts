import type { MicroUsdt, PriceTicks } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import { FastOrderBook } from '../book/fast-book.ts';
import type { MatchListener, OrderBook } from '../book/order-book.ts';
import { ReferenceOrderBook } from '../book/reference-book.ts';
import { resolveConfig, type ExchangeConfig, type ExchangeConfigOverrides } from '../config.ts';
import type { Effects, Post } from '../effects.ts';
import { TriggerBook } from '../futures/trigger-book.ts';
import { TriggerIndex } from '../futures/trigger-index.ts';
import { Account, Ledger, type AccountId } from '../ledger.ts';
import type { FuturesHistoryEntry, OrderPath, OrderState, PositionState, Side, UserId } from '../types.ts';
import type { DepositRecord } from '../types.ts';

/** How a taker's fills settle: a user's own order, a reduce-only close (market close, TP/SL), or a liquidation. */
export type TakerKind = 'order' | 'close' | 'liquidation';

/** The order being matched: the match listener settles its fills. */
export interface Taker {
  userId: UserId;
  side: Side;
  orderId: number;
  orderPath: OrderPath;
  kind: TakerKind;
  leverage: number;
  effects: Effects;
  /** A reduce-only order (#32): fills only what reduces the position. */
  reduceOnly?: boolean;
}

/**
 * Everything the engine knows, shared by the core and its modules (wallets/, futures/, options/). The modules are
 * functions over this one state, so a command's changes stay in one place and one snapshot restores them all.
 */
export class EngineState {
  readonly config: ExchangeConfig;
  readonly ledger = new Ledger();
  readonly book: OrderBook;
  readonly leverageByUser = new Map<UserId, number>();
  readonly openOrdersById = new Map<number, OrderState>();
  /** Each user's resting order ids in arrival (= id) order. */
  readonly orderIdsByUser = new Map<UserId, Set<number>>();
  readonly positionsByUser = new Map<UserId, PositionState>();
  /** Longs fire when mark ≤ their liquidation price, shorts when mark ≥ it. */
  readonly longLiquidations = new TriggerIndex('atOrBelow');
  readonly shortLiquidations = new TriggerIndex('atOrAbove');
  /** Long take-profits and short stop-losses fire upward; long stop-losses and short take-profits downward. */
  readonly exitsAbove = new TriggerIndex('atOrAbove');
  readonly exitsBelow = new TriggerIndex('atOrBelow');
  /** Trigger orders waiting for their price (#32 item 3), outside the order book. */
  readonly triggers = new TriggerBook();
  /** Chain deposits credited so far, by deposit key (a key credits once). */
  readonly deposits = new Map<string, DepositRecord>();
  nextIds = { order: 1, trade: 1, history: 1, optionOrder: 1 };
  lastIndexPrice: PriceTicks | null = null;
  lastMarkPrice: PriceTicks | null = null;
  /** When the last price tick was applied (its `nowMs`). */
  lastPriceAtMs: number | null = null;
  taker: Taker | null = null;
  /** Within one liquidation: a fill was cut because the insurance fund could not pay its loss (futures/adl.ts). */
  liquidationCutByFund = false;
  /** Set once by futures/matching.ts: the listener the book reports a taker's fills to. */
  matchListener!: MatchListener;

  constructor(overrides: ExchangeConfigOverrides) {
    this.config = resolveConfig(overrides);
    this.book = overrides.orderBook === 'reference' ? new ReferenceOrderBook() : new FastOrderBook();
  }

  /** Posts a ledger transfer into the command's effects (zero amounts are skipped). */
  readonly post: Post = (debit, credit, amount, kind, ref, effects) =>
    this.ledger.postIfPositive({ debit, credit, amount, kind, ref }, effects.postings);

  balance(account: AccountId): MicroUsdt {
    return this.ledger.balance(account);
  }

  freeFutures(userId: UserId): MicroUsdt {
    return this.ledger.balance(Account.futures(userId));
  }

  leverage(userId: UserId): number {
    return this.leverageByUser.get(userId) ?? this.config.defaultLeverage;
  }

  markOrder(order: OrderState, effects: Effects): void {
    order.updatedAtMs = effects.nowMs;
    effects.dirtyOrders.set(order.id, order);
  }

  pushHistory(effects: Effects, entry: Omit<FuturesHistoryEntry, 'id' | 'timeMs'>): void {
    effects.events.push({
      type: 'futuresHistory',
      entry: { id: this.nextIds.history++, ...entry, timeMs: effects.nowMs },
    });
  }

  /** The insurance fund pays; the treasury tops it up first if it would go negative. */
  payFromInsuranceFund(credit: AccountId, amount: MicroUsdt, ref: string, effects: Effects): void {
    if (amount <= 0) return;
    const fund = this.ledger.balance(Account.insuranceFund);
    if (fund < amount)
      this.post(Account.treasury, Account.insuranceFund, amount - Math.max(0, fund), 'insurance', ref, effects);
    this.post(Account.insuranceFund, credit, amount, 'insurance', ref, effects);
  }

  checkQty(qty: unknown, applyOrderLimits = true): ErrorName | null {
    if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty <= 0 || qty % this.config.lotSizeLots !== 0)
      return 'INVALID_QUANTITY';
    if (!applyOrderLimits) return null;
    if (qty < this.config.minOrderQty) return 'QUANTITY_BELOW_MINIMUM';
    if (qty > this.config.maxOrderQty) return 'QUANTITY_ABOVE_MAXIMUM';
    return null;
  }

  isValidPrice(price: unknown, onTickGrid = true): price is PriceTicks {
    return (
      typeof price === 'number' &&
      Number.isSafeInteger(price) &&
      price > 0 &&
      price <= this.config.maxPriceTicks &&
      (!onTickGrid || price % this.config.tickSizeTicks === 0)
    );
  }
}
