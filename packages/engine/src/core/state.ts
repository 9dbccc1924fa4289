import type { MicroUsdt, PriceTicks } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import { FastOrderBook } from '../book/fast-book.ts';
import type { MatchListener, OrderBook } from '../book/order-book.ts';
import { ReferenceOrderBook } from '../book/reference-book.ts';
import {
  DEFAULT_SYMBOL,
  resolveConfig,
  type ExchangeConfig,
  type ExchangeConfigOverrides,
  type MarketConfig,
  type MarketSymbol,
} from '../config.ts';
import type { Effects, Post } from '../effects.ts';
import { TriggerBook } from '../futures/trigger-book.ts';
import { TriggerIndex } from '../futures/trigger-index.ts';
import { Account, Ledger, marketAccounts, type AccountId, type MarketAccounts } from '../ledger.ts';
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
 * What the markets share (#34): one ledger (a user's wallets are not per market), chain deposits, and the id
 * counters (an order number identifies the order across markets). Wallet modules work on this part alone.
 */
export class EngineState {
  readonly config: ExchangeConfig;
  readonly ledger = new Ledger();
  /** Chain deposits credited so far, by deposit key (a key credits once). */
  readonly deposits = new Map<string, DepositRecord>();
  /** Mutated in place: every market holds this same object. */
  readonly nextIds = { order: 1, trade: 1, history: 1, optionOrder: 1 };
  /** Every market, in the order of `config.markets` (DEFAULT_SYMBOL's usually first). */
  readonly markets: MarketState[];
  readonly marketsBySymbol = new Map<MarketSymbol, MarketState>();

  constructor(overrides: ExchangeConfigOverrides) {
    this.config = resolveConfig(overrides);
    const useReferenceBook = overrides.orderBook === 'reference';
    this.markets = this.config.markets.map((market) => new MarketState(this, market, useReferenceBook));
    for (const market of this.markets) this.marketsBySymbol.set(market.symbol, market);
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

  /** A market by symbol; absent = DEFAULT_SYMBOL's; undefined for a symbol this engine does not run. */
  market(symbol: MarketSymbol = DEFAULT_SYMBOL): MarketState | undefined {
    return this.marketsBySymbol.get(symbol);
  }
}

/**
 * One market's state (#34): its rules, book, positions, indices, triggers, prices and leverages, plus the shared
 * ledger and ids. The futures modules are functions over one MarketState, so a command's changes stay in one place.
 */
export class MarketState {
  readonly symbol: MarketSymbol;
  /** The exchange-wide settings with this market's own rules in place of the top-level ones. */
  readonly config: ExchangeConfig;
  readonly accounts: MarketAccounts;
  readonly ledger: Ledger;
  readonly nextIds: EngineState['nextIds'];
  readonly post: Post;
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
  lastIndexPrice: PriceTicks | null = null;
  lastMarkPrice: PriceTicks | null = null;
  /** When the last price tick was applied (its `nowMs`). */
  lastPriceAtMs: number | null = null;
  taker: Taker | null = null;
  /** Within one liquidation: a fill was cut because the insurance fund could not pay its loss (futures/adl.ts). */
  liquidationCutByFund = false;
  /** Set once by futures/matching.ts: the listener the book reports a taker's fills to. */
  matchListener!: MatchListener;

  constructor(shared: EngineState, market: MarketConfig, useReferenceBook: boolean) {
    const { symbol, ...rules } = market;
    this.symbol = symbol;
    this.config = { ...shared.config, ...rules };
    this.accounts = marketAccounts(symbol);
    this.ledger = shared.ledger;
    this.nextIds = shared.nextIds;
    this.post = shared.post;
    this.book = useReferenceBook ? new ReferenceOrderBook() : new FastOrderBook();
  }

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

  pushHistory(effects: Effects, entry: Omit<FuturesHistoryEntry, 'id' | 'timeMs' | 'symbol'>): void {
    effects.events.push({
      type: 'futuresHistory',
      entry: { id: this.nextIds.history++, symbol: this.symbol, ...entry, timeMs: effects.nowMs },
    });
  }

  /** This market's insurance fund pays; the treasury tops it up first if it would go negative. */
  payFromInsuranceFund(credit: AccountId, amount: MicroUsdt, ref: string, effects: Effects): void {
    if (amount <= 0) return;
    const insuranceFund = this.accounts.insuranceFund;
    const fund = this.ledger.balance(insuranceFund);
    if (fund < amount)
      this.post(Account.treasury, insuranceFund, amount - Math.max(0, fund), 'insurance', ref, effects);
    this.post(insuranceFund, credit, amount, 'insurance', ref, effects);
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
