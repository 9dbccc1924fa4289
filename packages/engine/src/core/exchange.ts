import type { MicroUsdt, PriceTicks } from '@tickline/money';
import { BUY, SELL } from '../book/order-book.ts';
import {
  DEFAULT_SYMBOL,
  type ExchangeConfig,
  type ExchangeConfigOverrides,
  type MarketConfig,
  type MarketSymbol,
} from '../config.ts';
import type { Effects } from '../effects.ts';
import { adlQuantile } from '../futures/adl.ts';
import { settleFunding } from '../futures/funding.ts';
import { requiredHolds } from '../futures/holds.ts';
import { setLeverage } from '../futures/leverage.ts';
import { createMatchListener } from '../futures/matching.ts';
import { cancelOrder, placeOrder, rest } from '../futures/orders.ts';
import { closePosition, priceTick, setTpSl } from '../futures/closing.ts';
import { cancelTriggerOrder, placeTriggerOrder, runTriggers } from '../futures/trigger-orders.ts';
import { positionChanged } from '../futures/positions.ts';
import type { AccountId } from '../ledger.ts';
import { amendOrder } from '../futures/amend.ts';
import { adjustMargin } from '../futures/isolated-margin.ts';
import { OptionRounds } from '../options/option-rounds.ts';
import { reject } from '../rejections.ts';
import type {
  ApplyOutput,
  BalanceView,
  Command,
  CommandResult,
  DepthView,
  EngineSnapshot,
  MarketPrices,
  OptionOrderState,
  OrderState,
  PositionState,
  UserId,
} from '../types.ts';
import { symbolOf } from '../types.ts';
import { balanceView } from '../wallets/balances.ts';
import { creditDeposit, reverseDeposit } from '../wallets/deposits.ts';
import { accruePartnerSettlement, adjustBalance, payPartnerSettlement } from '../wallets/payouts.ts';
import { fund, transfer } from '../wallets/transfers.ts';
import { withdrawal } from '../wallets/withdrawals.ts';
import { EngineState } from './state.ts';

/**
 * The whole trading core of one market: wallets, order book, futures positions, option rounds. Single-threaded and
 * deterministic: the same snapshot and the same commands (with the same `nowMs`) give the same outputs.
 *
 * Every command either is refused with nothing changed (a Rejection, no events, no postings) or is applied whole.
 * A thrown error means a bug: the caller must discard this instance and restore from its last durable state.
 *
 * This class is the core: it applies a command (dispatch to the module that owns it: wallets/, futures/, options/),
 * gathers its effects, answers queries and takes and restores snapshots. The modules work on one EngineState.
 */
export class Exchange {
  readonly config: ExchangeConfig;
  private readonly state: EngineState;
  private readonly options: OptionRounds;
  private readonly dirtyOrders = new Map<number, OrderState>();
  private readonly dirtyPositions = new Set<UserId>();

  constructor(config: ExchangeConfigOverrides = {}) {
    const state = new EngineState(config);
    state.matchListener = createMatchListener(state);
    this.state = state;
    this.config = state.config;
    this.options = new OptionRounds(this.config.option, state.post, (userId) => state.freeFutures(userId));
  }

  apply(command: Command, nowMs: number): ApplyOutput {
    // The dirty sets live only within one apply (never re-entered): one pair reused instead of two per command.
    this.dirtyOrders.clear();
    this.dirtyPositions.clear();
    const effects: Effects = {
      nowMs,
      events: [],
      postings: [],
      dirtyOrders: this.dirtyOrders,
      dirtyPositions: this.dirtyPositions,
    };
    const result = this.dispatch(command, effects);
    if (!result.ok) return { result, events: [], postings: [] };
    runTriggers(this.state, command.type === 'priceTick', effects);
    for (const order of inIdOrder(effects.dirtyOrders.values(), effects.dirtyOrders.size, (order) => order.id))
      effects.events.push({ type: 'order', order: { ...order } });
    for (const userId of inIdOrder(effects.dirtyPositions.values(), effects.dirtyPositions.size, (id) => id))
      effects.events.push({ type: 'position', userId, position: this.position(userId) });
    return { result, events: effects.events, postings: effects.postings };
  }

  private dispatch(command: Command, effects: Effects): CommandResult {
    const s = this.state;
    switch (command.type) {
      case 'fund':
        return fund(s, command, effects);
      case 'transfer':
        return transfer(s, command, effects);
      case 'creditDeposit':
        return creditDeposit(s, command, effects);
      case 'reverseDeposit':
        return reverseDeposit(s, command, effects);
      case 'holdWithdrawal':
      case 'releaseWithdrawal':
      case 'sendWithdrawal':
        return withdrawal(s, command, effects);
      case 'accruePartnerSettlement':
        return accruePartnerSettlement(s, command, effects);
      case 'payPartnerSettlement':
        return payPartnerSettlement(s, command, effects);
      case 'adjustBalance':
        return adjustBalance(s, command, effects);
      case 'setLeverage':
        return setLeverage(s, command, effects);
      case 'placeOrder':
        return command.trigger ? placeTriggerOrder(s, command, effects) : placeOrder(s, command, effects);
      case 'cancelOrder':
        return cancelTriggerOrder(s, command, effects) ?? cancelOrder(s, command, effects);
      case 'amendOrder':
        return amendOrder(s, command, effects);
      case 'adjustMargin':
        return adjustMargin(s, command, effects);
      case 'closePosition':
        return closePosition(s, command, effects);
      case 'setTpSl':
        return setTpSl(s, command, effects);
      case 'priceTick':
        return priceTick(s, command, effects);
      case 'settleFunding':
        return settleFunding(s, command, effects);
      case 'placeOptionOrder':
        return this.options.place(command, s.lastIndexPrice, s.lastPriceAtMs, () => s.nextIds.optionOrder++, effects);
      case 'settleOptionRound':
        return this.options.settleRound(command, (price) => s.isValidPrice(price, false), effects);
      default:
        return reject('VALIDATION_FAILED');
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Queries (consistent with the last applied command)

  balances(userId: UserId): BalanceView {
    return balanceView(this.state, userId);
  }

  /** The user's resting orders in `symbol`'s market, or in every market when it is absent; oldest first. */
  openOrders(userId: UserId, symbol?: MarketSymbol): OrderState[] {
    const s = this.state;
    const orders = [...(s.orderIdsByUser.get(userId) ?? [])].map((id) => ({
      ...(s.openOrdersById.get(id) as OrderState),
    }));
    return symbol === undefined ? orders : orders.filter((order) => symbolOf(order) === symbol);
  }

  /**
   * The user's trigger orders waiting for their price (#32 item 3) in `symbol`'s market, or in every market when it is
   * absent; oldest first; they hold no margin.
   */
  triggerOrders(userId: UserId, symbol?: MarketSymbol): OrderState[] {
    const orders = this.state.triggers.ofUser(userId).map((order) => ({ ...order }));
    return symbol === undefined ? orders : orders.filter((order) => symbolOf(order) === symbol);
  }

  /** What each of the user's resting orders should hold now (order id → micro-USDT), oldest first. */
  requiredOrderHolds(userId: UserId): Map<number, MicroUsdt> {
    const holds = requiredHolds(this.state, userId, this.leverage(userId));
    return new Map(holds.map(([order, hold]) => [order.id, hold]));
  }

  /** The user's position in `symbol`'s market (#34: one isolated position per market). */
  position(userId: UserId, symbol: MarketSymbol = DEFAULT_SYMBOL): PositionState | null {
    if (symbol !== DEFAULT_SYMBOL) return null;
    const position = this.state.positionsByUser.get(userId);
    return position ? { ...position } : null;
  }

  /** The user's positions in every market, in the order of `config.markets`. */
  positionsOf(userId: UserId): PositionState[] {
    const position = this.position(userId);
    return position ? [position] : [];
  }

  /** The markets this engine runs, with their rules (#34), DEFAULT_SYMBOL first. */
  markets(): MarketConfig[] {
    return this.config.markets;
  }

  /** A market's last prices; null for a symbol this engine does not run. */
  marketPrices(symbol: MarketSymbol = DEFAULT_SYMBOL): MarketPrices | null {
    if (symbol !== DEFAULT_SYMBOL) return null;
    const s = this.state;
    return {
      symbol,
      lastIndexPrice: s.lastIndexPrice,
      lastMarkPrice: s.lastMarkPrice,
      lastPriceAtMs: s.lastPriceAtMs,
      lastTradePrice: s.triggers.lastTradePrice,
    };
  }

  /** The user's unsettled option orders, oldest first. */
  optionOrders(userId: UserId): OptionOrderState[] {
    return this.options.orders(userId);
  }

  /** The user's leverage in `symbol`'s market (each market has its own). */
  leverage(userId: UserId, symbol: MarketSymbol = DEFAULT_SYMBOL): number {
    return symbol === DEFAULT_SYMBOL ? this.state.leverage(userId) : this.config.defaultLeverage;
  }

  /** The user's place in `symbol`'s auto-deleveraging queue, 0–4 (4: first to go); null without a position or mark. */
  adlQuantile(userId: UserId, symbol: MarketSymbol = DEFAULT_SYMBOL): number | null {
    return symbol === DEFAULT_SYMBOL ? adlQuantile(this.state, userId) : null;
  }

  /** `symbol`'s order book, `levels` a side. */
  depth(levels: number, symbol: MarketSymbol = DEFAULT_SYMBOL): DepthView {
    if (symbol !== DEFAULT_SYMBOL) return { bids: [], asks: [] };
    return { bids: this.state.book.depth(BUY, levels), asks: this.state.book.depth(SELL, levels) };
  }

  accountBalance(account: AccountId): MicroUsdt {
    return this.state.balance(account);
  }

  /** Every ledger account and its balance (house accounts included), for invariant checks. */
  ledgerBalances(): Array<[AccountId, MicroUsdt]> {
    return [...this.state.ledger.entries()];
  }

  /** Users with an open position, for reports and invariant checks. */
  positions(): PositionState[] {
    const positions = [...this.state.positionsByUser.values()];
    return positions.sort((a, b) => a.userId - b.userId).map((position) => ({ ...position }));
  }

  /** DEFAULT_SYMBOL's last index price (another market's: `marketPrices`). */
  get indexPrice(): PriceTicks | null {
    return this.state.lastIndexPrice;
  }

  /** DEFAULT_SYMBOL's last mark price (another market's: `marketPrices`). */
  get markPrice(): PriceTicks | null {
    return this.state.lastMarkPrice;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Snapshot

  snapshot(): EngineSnapshot {
    const s = this.state;
    return {
      balances: [...s.ledger.entries()]
        .filter(([, amount]) => amount !== 0)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      openOrders: [...s.openOrdersById.values()].sort((a, b) => a.id - b.id).map((order) => ({ ...order })),
      positions: this.positions(),
      unsettledOptionOrders: this.options.orders(),
      leverageByUser: [...s.leverageByUser.entries()].sort((a, b) => a[0] - b[0]),
      nextIds: { ...s.nextIds },
      lastIndexPrice: s.lastIndexPrice,
      lastMarkPrice: s.lastMarkPrice,
      lastPriceAtMs: s.lastPriceAtMs,
      deposits: [...s.deposits.values()]
        .sort((a, b) => (a.depositKey < b.depositKey ? -1 : a.depositKey > b.depositKey ? 1 : 0))
        .map((deposit) => ({ ...deposit })),
      triggerOrders: [...s.triggers.byId.values()].sort((a, b) => a.id - b.id).map((order) => ({ ...order })),
      lastTradePrice: s.triggers.lastTradePrice,
    };
  }

  static fromSnapshot(snapshot: EngineSnapshot, config: ExchangeConfigOverrides = {}): Exchange {
    const exchange = new Exchange(config);
    const s = exchange.state;
    s.ledger.restore(snapshot.balances);
    for (const [userId, leverage] of snapshot.leverageByUser) s.leverageByUser.set(userId, leverage);
    // Time priority within a price is arrival order: ids are assigned in arrival order, an order an amend re-queued
    // (futures/amend.ts) arrived again under its queueSeq, and a fired trigger order arrived when it fired (arrivalId).
    for (const order of [...snapshot.openOrders].sort(inQueueOrder)) rest(s, { ...order });
    for (const order of snapshot.triggerOrders ?? []) s.triggers.add({ ...order });
    s.triggers.lastTradePrice = snapshot.lastTradePrice ?? null;
    for (const position of snapshot.positions) {
      const restored = { ...position };
      s.positionsByUser.set(restored.userId, restored);
      positionChanged(s, restored, null);
    }
    for (const order of [...snapshot.unsettledOptionOrders].sort((a, b) => a.id - b.id))
      exchange.options.restore({ ...order });
    for (const deposit of snapshot.deposits) s.deposits.set(deposit.depositKey, { ...deposit });
    s.nextIds = { ...snapshot.nextIds };
    s.lastIndexPrice = snapshot.lastIndexPrice;
    s.lastMarkPrice = snapshot.lastMarkPrice;
    s.lastPriceAtMs = snapshot.lastPriceAtMs;
    return exchange;
  }
}

function inQueueOrder(a: OrderState, b: OrderState): number {
  return arrivalOf(a) - arrivalOf(b) || a.id - b.id;
}

function arrivalOf(order: OrderState): number {
  return order.queueSeq ?? order.trigger?.arrivalId ?? order.id;
}

/** The values sorted by id; most commands touch one order and one position, which need no array or sort. */
function inIdOrder<T>(values: IterableIterator<T>, size: number, idOf: (value: T) => number): Iterable<T> {
  return size <= 1 ? values : [...values].sort((a, b) => idOf(a) - idOf(b));
}
