import { multiplyDivide, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';
import type { ErrorName } from '@tickline/protocol';
import { FastOrderBook } from './book/fast-book.ts';
import {
  BUY,
  crosses,
  MAKER_CANCELLED,
  oppositeSide,
  SELL,
  type MatchListener,
  type OrderBook,
} from './book/order-book.ts';
import { ReferenceOrderBook } from './book/reference-book.ts';
import { resolveConfig, type ExchangeConfig, type ExchangeConfigOverrides } from './config.ts';
import { averageEntryPrice, initialMargin, liquidationPrice, pnl, tradingFee } from './futures/margin.ts';
import { TriggerIndex } from './futures/trigger-index.ts';
import { Account, Ledger, type AccountId } from './ledger.ts';
import type { Effects, Post } from './effects.ts';
import { OptionRounds } from './options/option-rounds.ts';
import { reject } from './rejections.ts';
import type {
  ApplyOutput,
  BalanceView,
  Command,
  CommandResult,
  DepthView,
  EngineSnapshot,
  FuturesHistoryEntry,
  OptionOrderState,
  OrderPath,
  OrderState,
  PositionState,
  Side,
  UserId,
  Wallet,
} from './types.ts';

type CommandOf<T extends Command['type']> = Extract<Command, { type: T }>;

/** How a taker's fills settle: a user's own order, a reduce-only close (market close, TP/SL), or a liquidation. */
type TakerKind = 'order' | 'close' | 'liquidation';

interface Taker {
  userId: UserId;
  side: Side;
  orderId: number;
  orderPath: OrderPath;
  kind: TakerKind;
  leverage: number;
  effects: Effects;
}

/** A position as the taker simulation sees it. */
interface SimulatedPosition {
  side: Side;
  qty: QtyLots;
  entryPrice: PriceTicks;
  margin: MicroUsdt;
}

export interface PlaceOrderResult {
  orderId: number;
  status: OrderState['status'];
  filledQty: QtyLots;
}

const BASIS_POINTS = 10_000;
/** Funding rates are capped at ±0.75 % (PRODUCT.md §3). */
const MAX_FUNDING_RATE_MICROS = 7_500;

/**
 * The whole trading core of one market: wallets, order book, futures positions, option rounds. Single-threaded and
 * deterministic: the same snapshot and the same commands (with the same `nowMs`) give the same outputs.
 *
 * Every command either is refused with nothing changed (a Rejection, no events, no postings) or is applied whole.
 * A thrown error means a bug: the caller must discard this instance and restore from its last durable state.
 */
export class Exchange {
  readonly config: ExchangeConfig;
  private readonly ledger = new Ledger();
  private readonly book: OrderBook;
  private readonly leverageByUser = new Map<UserId, number>();
  private readonly openOrdersById = new Map<number, OrderState>();
  /** Each user's resting order ids in arrival (= id) order. */
  private readonly orderIdsByUser = new Map<UserId, Set<number>>();
  private readonly positionsByUser = new Map<UserId, PositionState>();
  /** Longs fire when mark ≤ their liquidation price, shorts when mark ≥ it. */
  private readonly longLiquidations = new TriggerIndex('atOrBelow');
  private readonly shortLiquidations = new TriggerIndex('atOrAbove');
  /** Long take-profits and short stop-losses fire upward; long stop-losses and short take-profits downward. */
  private readonly exitsAbove = new TriggerIndex('atOrAbove');
  private readonly exitsBelow = new TriggerIndex('atOrBelow');
  private readonly options: OptionRounds;
  private nextIds = { order: 1, trade: 1, history: 1, optionOrder: 1 };
  private lastIndexPrice: PriceTicks | null = null;
  private lastMarkPrice: PriceTicks | null = null;
  private lastPriceAtMs: number | null = null;
  /** The order being matched; the match listener settles its fills. */
  private taker: Taker | null = null;
  private readonly dirtyOrders = new Map<number, OrderState>();
  private readonly dirtyPositions = new Set<UserId>();

  constructor(config: ExchangeConfigOverrides = {}) {
    this.config = resolveConfig(config);
    this.book = config.orderBook === 'reference' ? new ReferenceOrderBook() : new FastOrderBook();
    this.options = new OptionRounds(this.config.option, this.post, (userId) =>
      this.ledger.balance(Account.futures(userId)),
    );
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
    for (const order of inIdOrder(effects.dirtyOrders.values(), effects.dirtyOrders.size, (order) => order.id))
      effects.events.push({ type: 'order', order: { ...order } });
    for (const userId of inIdOrder(effects.dirtyPositions.values(), effects.dirtyPositions.size, (id) => id))
      effects.events.push({ type: 'position', userId, position: this.position(userId) });
    return { result, events: effects.events, postings: effects.postings };
  }

  private dispatch(command: Command, effects: Effects): CommandResult {
    switch (command.type) {
      case 'fund':
        return this.fund(command, effects);
      case 'transfer':
        return this.transfer(command, effects);
      case 'setLeverage':
        return this.setLeverage(command, effects);
      case 'placeOrder':
        return this.placeOrder(command, effects);
      case 'cancelOrder':
        return this.cancelOrder(command, effects);
      case 'closePosition':
        return this.closePosition(command, effects);
      case 'setTpSl':
        return this.setTpSl(command, effects);
      case 'priceTick':
        return this.priceTick(command, effects);
      case 'settleFunding':
        return this.settleFunding(command, effects);
      case 'placeOptionOrder':
        return this.options.place(
          command,
          this.lastIndexPrice,
          this.lastPriceAtMs,
          () => this.nextIds.optionOrder++,
          effects,
        );
      case 'settleOptionRound':
        return this.options.settleRound(command, (price) => this.isValidPrice(price, false), effects);
      default:
        return reject('VALIDATION_FAILED');
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Wallets

  private fund(command: CommandOf<'fund'>, effects: Effects): CommandResult {
    if (!isPositiveInteger(command.amount)) return reject('INVALID_AMOUNT');
    if (!isWallet(command.wallet)) return reject('INVALID_WALLET');
    const credit = walletAccount(command.userId, command.wallet);
    this.post(Account.treasury, credit, command.amount, 'demo_funding', `fund:${command.reason}`, effects);
    return { ok: true, value: { balance: this.balances(command.userId) } };
  }

  private transfer(command: CommandOf<'transfer'>, effects: Effects): CommandResult {
    if (!isPositiveInteger(command.amount)) return reject('INVALID_AMOUNT');
    if (!isWallet(command.to)) return reject('INVALID_WALLET');
    const source = walletAccount(command.userId, command.to === 'spot' ? 'futures' : 'spot');
    if (this.ledger.balance(source) < command.amount) return reject('INSUFFICIENT_BALANCE');
    const ref = `transfer:${command.userId}:${effects.nowMs}`;
    this.post(source, walletAccount(command.userId, command.to), command.amount, 'wallet_transfer', ref, effects);
    return { ok: true, value: { balance: this.balances(command.userId) } };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Leverage

  private setLeverage(command: CommandOf<'setLeverage'>, effects: Effects): CommandResult {
    const { userId, leverage } = command;
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > this.config.maxLeverage)
      return reject('INVALID_LEVERAGE');
    // A position's margin is re-set to what the new leverage needs at its entry price; resting orders re-held.
    const position = this.positionsByUser.get(userId);
    let positionMarginDelta = 0;
    if (position) {
      const targetMargin = initialMargin(position.entryPrice, position.qty, leverage);
      positionMarginDelta = targetMargin - position.margin;
      const newLiquidationPrice = this.liquidationPriceOf({ ...position, margin: targetMargin });
      if (this.lastMarkPrice !== null && liquidates(position.side, this.lastMarkPrice, newLiquidationPrice))
        return reject('LEVERAGE_WOULD_LIQUIDATE');
    }
    let holdDelta = 0;
    for (const [order, required] of this.requiredHolds(userId, leverage)) holdDelta += required - order.heldMargin;
    if (positionMarginDelta + holdDelta > this.ledger.balance(Account.futures(userId)))
      return reject('LEVERAGE_NEEDS_MORE_MARGIN');

    this.leverageByUser.set(userId, leverage);
    if (position) {
      const ref = `leverage:${userId}`;
      if (positionMarginDelta > 0)
        this.post(
          Account.futures(userId),
          Account.positionMargin(userId),
          positionMarginDelta,
          'position_margin',
          ref,
          effects,
        );
      if (positionMarginDelta < 0)
        this.post(
          Account.positionMargin(userId),
          Account.futures(userId),
          -positionMarginDelta,
          'position_margin',
          ref,
          effects,
        );
      position.margin += positionMarginDelta;
      position.leverage = leverage;
      this.positionChanged(position, effects);
    }
    for (const orderId of this.orderIdsByUser.get(userId) ?? []) {
      const order = this.openOrdersById.get(orderId) as OrderState;
      order.leverage = leverage;
      this.markOrder(order, effects);
    }
    this.rebalanceHolds(userId, effects);
    effects.events.push({ type: 'leverage', userId, leverage });
    return { ok: true, value: { leverage } };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Orders

  private placeOrder(command: CommandOf<'placeOrder'>, effects: Effects): CommandResult<PlaceOrderResult> {
    const { userId, side, orderPath, qty } = command;
    if ((side !== BUY && side !== SELL) || (orderPath !== 1 && orderPath !== 2)) return reject('INVALID_ORDER_TYPE');
    const qtyProblem = this.checkQty(qty);
    if (qtyProblem) return reject(qtyProblem);
    const isLimit = orderPath === 1;
    if (isLimit && !this.isValidPrice(command.price)) return reject('INVALID_PRICE');
    if (isLimit && (this.orderIdsByUser.get(userId)?.size ?? 0) >= this.config.maxOpenOrdersPerUser)
      return reject('TOO_MANY_OPEN_ORDERS');
    const limitPrice = isLimit ? (command.price as PriceTicks) : this.protectionPrice(side);
    if (limitPrice === null) return reject('NO_LIQUIDITY');
    const leverage = this.leverage(userId);
    if (command.leverage !== undefined && command.leverage !== leverage) return reject('INVALID_LEVERAGE');

    // Most limit orders only rest: nothing to walk.
    const bestOpposite = this.book.bestPrice(oppositeSide(side));
    const plan =
      bestOpposite !== 0 && crosses(side, limitPrice, bestOpposite)
        ? this.simulateTaker(userId, side, limitPrice, qty, leverage)
        : this.restingPlan(userId);
    if (plan.shortOfMargin) return reject('INSUFFICIENT_MARGIN');
    if (plan.stoppedToAvoidLiquidation && plan.filledQty === 0) return reject('ORDER_WOULD_LIQUIDATE');
    if (!isLimit && plan.filledQty === 0) return reject('NO_LIQUIDITY');
    const restingQty = qty - plan.filledQty;
    let restingHold = 0;
    if (isLimit && restingQty > 0) {
      const reducible = this.reducibleQty(userId, side, plan.position);
      restingHold = this.holdFor(limitPrice, restingQty, Math.min(reducible, restingQty), leverage);
      if (restingHold > plan.freeAfter) return reject('INSUFFICIENT_MARGIN');
    }

    const order: OrderState = {
      id: this.nextIds.order++,
      userId,
      side,
      orderPath,
      price: isLimit ? limitPrice : null,
      qty,
      filledQty: 0,
      leverage,
      heldMargin: 0,
      status: 'open',
      reduceOnly: false,
      clientOrderId: command.clientOrderId ?? null,
      createdAtMs: effects.nowMs,
      updatedAtMs: effects.nowMs,
    };
    order.filledQty = this.runTaker(
      { userId, side, orderId: order.id, orderPath, kind: 'order', leverage, effects },
      limitPrice,
      qty,
    );
    const remaining = qty - order.filledQty;
    const opposite = this.book.bestPrice(oppositeSide(side));
    const wouldCross = opposite !== 0 && crosses(side, limitPrice, opposite);
    if (remaining === 0) order.status = 'filled';
    else if (isLimit && !wouldCross) this.rest(order);
    else order.status = 'cancelled'; // market remainder, or a limit whose fills stopped at the margin available
    // The common case, an order that only rests: no fill and no self-trade cancel moved the position or another
    // order, so every older order still holds what it needs and only the new one (the youngest: it comes last in
    // the reduce-budget order) takes its hold. Anything else rebalances all of the user's holds.
    const onlyRests = order.status === 'open' && plan.filledQty === 0 && effects.dirtyOrders.size === 0;
    this.markOrder(order, effects);
    if (onlyRests) this.addHold(order, restingHold, effects);
    else this.rebalanceHolds(userId, effects);
    return { ok: true, value: { orderId: order.id, status: order.status, filledQty: order.filledQty } };
  }

  private cancelOrder(command: CommandOf<'cancelOrder'>, effects: Effects): CommandResult {
    const order = this.openOrdersById.get(command.orderId);
    if (!order || order.userId !== command.userId) return reject('ORDER_NOT_FOUND');
    this.cancelResting(order, true, effects);
    this.rebalanceHolds(order.userId, effects);
    return { ok: true, value: { orderId: order.id } };
  }

  private rest(order: OrderState): void {
    this.book.add(order.id, order.userId, order.side, order.price as PriceTicks, order.qty - order.filledQty);
    this.openOrdersById.set(order.id, order);
    let ids = this.orderIdsByUser.get(order.userId);
    if (!ids) this.orderIdsByUser.set(order.userId, (ids = new Set()));
    ids.add(order.id);
  }

  private forget(order: OrderState): void {
    this.openOrdersById.delete(order.id);
    const ids = this.orderIdsByUser.get(order.userId);
    ids?.delete(order.id);
    if (ids?.size === 0) this.orderIdsByUser.delete(order.userId);
  }

  private cancelResting(order: OrderState, stillInBook: boolean, effects: Effects): void {
    if (stillInBook) this.book.cancel(order.id);
    this.releaseHold(order, effects);
    order.status = 'cancelled';
    this.forget(order);
    this.markOrder(order, effects);
  }

  private cancelAllOrders(userId: UserId, effects: Effects): void {
    for (const orderId of [...(this.orderIdsByUser.get(userId) ?? [])])
      this.cancelResting(this.openOrdersById.get(orderId) as OrderState, true, effects);
  }

  private releaseHold(order: OrderState, effects: Effects): void {
    if (order.heldMargin === 0) return;
    const { userId } = order;
    this.post(
      Account.orderMargin(userId),
      Account.futures(userId),
      order.heldMargin,
      'order_margin_release',
      `order:${order.id}`,
      effects,
    );
    order.heldMargin = 0;
  }

  private markOrder(order: OrderState, effects: Effects): void {
    order.updatedAtMs = effects.nowMs;
    effects.dirtyOrders.set(order.id, order);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Order margin. A resting order holds initial margin for the part that would open or add to the position and the
  // taker fee on all of it (makers pay less, so fills are always covered). The opposite side's orders, oldest first,
  // may reduce the position without margin up to its size. Holds follow every position change.

  private holdFor(price: PriceTicks, remainingQty: QtyLots, reducingQty: QtyLots, leverage: number): MicroUsdt {
    const openingQty = remainingQty - reducingQty;
    const margin = openingQty > 0 ? initialMargin(price, openingQty, leverage) : 0;
    return margin + tradingFee(price, remainingQty, this.config.takerFeeMicros);
  }

  /** What each resting order of the user should hold now, oldest first. */
  private requiredHolds(userId: UserId, leverage: number): Array<[OrderState, MicroUsdt]> {
    const position = this.positionsByUser.get(userId);
    let reduceBudget = position ? position.qty : 0;
    const holds: Array<[OrderState, MicroUsdt]> = [];
    for (const orderId of this.orderIdsByUser.get(userId) ?? []) {
      const order = this.openOrdersById.get(orderId) as OrderState;
      const remaining = order.qty - order.filledQty;
      const reducing = position && order.side !== position.side ? Math.min(remaining, reduceBudget) : 0;
      reduceBudget -= reducing;
      holds.push([order, this.holdFor(order.price as PriceTicks, remaining, reducing, leverage)]);
    }
    return holds;
  }

  /** Brings every resting order's hold to what it needs; an order whose extra hold the wallet cannot cover is cancelled. */
  private rebalanceHolds(userId: UserId, effects: Effects): void {
    for (;;) {
      const holds = this.requiredHolds(userId, this.leverage(userId));
      for (const [order, required] of holds) {
        if (required >= order.heldMargin) continue;
        this.post(
          Account.orderMargin(userId),
          Account.futures(userId),
          order.heldMargin - required,
          'order_margin_release',
          `order:${order.id}`,
          effects,
        );
        order.heldMargin = required;
        this.markOrder(order, effects);
      }
      let cancelledOne = false;
      for (const [order, required] of holds) {
        if (required <= order.heldMargin) continue;
        const extra = required - order.heldMargin;
        if (this.ledger.balance(Account.futures(userId)) < extra) {
          this.cancelResting(order, true, effects);
          cancelledOne = true;
          break;
        }
        this.addHold(order, extra, effects);
      }
      if (!cancelledOne) return;
    }
  }

  /** Moves `amount` from the user's futures wallet into the order's hold. */
  private addHold(order: OrderState, amount: MicroUsdt, effects: Effects): void {
    const { userId } = order;
    this.post(
      Account.futures(userId),
      Account.orderMargin(userId),
      amount,
      'order_margin_hold',
      `order:${order.id}`,
      effects,
    );
    order.heldMargin += amount;
    this.markOrder(order, effects);
  }

  /** How much of a new order on `side` may reduce the position: its size less the older opposite orders' claims. */
  private reducibleQty(userId: UserId, side: Side, position: SimulatedPosition | null): QtyLots {
    if (!position || position.qty === 0 || position.side === side) return 0;
    let claimed = 0;
    for (const orderId of this.orderIdsByUser.get(userId) ?? []) {
      const order = this.openOrdersById.get(orderId) as OrderState;
      if (order.side === side) claimed += order.qty - order.filledQty;
    }
    return Math.max(0, position.qty - claimed);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Matching. The taker walks the book through `matchListener`; every fill settles both sides at the maker's price.

  private readonly matchListener: MatchListener = {
    onSelfTradeCancel: (makerOrderId) => {
      const taker = this.taker as Taker;
      this.cancelResting(this.openOrdersById.get(makerOrderId) as OrderState, false, taker.effects);
    },
    acceptFill: (makerOrderId, makerUserId, price, qty) => {
      const taker = this.taker as Taker;
      // A resting order whose fill would leave its owner's position liquidatable is cancelled, not filled (as a taker
      // it would have stopped there: see below).
      const maker = this.openOrdersById.get(makerOrderId) as OrderState;
      if (
        this.fillLiquidates(this.positionsByUser.get(makerUserId), maker.side, price, qty, this.leverage(makerUserId))
      ) {
        this.cancelResting(maker, true, taker.effects);
        this.rebalanceHolds(makerUserId, taker.effects);
        return MAKER_CANCELLED;
      }
      const position = this.positionsByUser.get(taker.userId);
      if (taker.kind === 'liquidation') return position ? Math.min(qty, position.qty) : 0;
      // A user's own order or close never fills where it leaves the position liquidatable (beyond the bankruptcy
      // price, the insurance fund would pay the loss beyond the margin to the counterparty); only a liquidation does.
      const accepted =
        taker.kind === 'close'
          ? position && position.side !== taker.side
            ? Math.min(qty, position.qty)
            : 0
          : this.affordableQty(taker.userId, taker.side, price, qty, taker.leverage);
      if (accepted > 0 && this.fillLiquidates(position, taker.side, price, accepted, taker.leverage)) return 0;
      return accepted;
    },
    onFill: (makerOrderId, makerUserId, price, qty, makerRemainingQty) => {
      const taker = this.taker as Taker;
      const effects = taker.effects;
      effects.events.push({
        type: 'trade',
        trade: {
          id: this.nextIds.trade++,
          price,
          qty,
          takerSide: taker.side,
          makerOrderId,
          takerOrderId: taker.orderId,
          makerUserId,
          takerUserId: taker.userId,
          timeMs: effects.nowMs,
        },
      });
      const maker = this.openOrdersById.get(makerOrderId) as OrderState;
      this.releaseHold(maker, effects);
      maker.filledQty += qty;
      if (makerRemainingQty === 0) {
        maker.status = 'filled';
        this.forget(maker);
      }
      this.markOrder(maker, effects);
      this.settleFill(
        makerUserId,
        maker.side,
        price,
        qty,
        this.config.makerFeeMicros,
        maker.id,
        maker.orderPath,
        'order',
        effects,
      );
      this.rebalanceHolds(makerUserId, effects);
      this.settleFill(
        taker.userId,
        taker.side,
        price,
        qty,
        this.config.takerFeeMicros,
        taker.orderId,
        taker.orderPath,
        taker.kind,
        effects,
      );
    },
  };

  /** Matches a taker against the book; returns the quantity filled. */
  private runTaker(taker: Taker, limitPrice: PriceTicks, qty: QtyLots): QtyLots {
    this.taker = taker;
    try {
      return qty - this.book.matchIncoming(taker.side, taker.userId, limitPrice, qty, this.matchListener);
    } finally {
      this.taker = null;
    }
  }

  /** IOC limit for market-type orders: the mark (or, before the first mark, the best opposite price) ± protection. */
  private protectionPrice(takerSide: Side): PriceTicks | null {
    const reference = this.lastMarkPrice ?? this.book.bestPrice(oppositeSide(takerSide));
    if (!reference) return null;
    const bps = this.config.marketProtectionBps;
    if (takerSide === BUY) return multiplyDivide(reference, BASIS_POINTS + bps, BASIS_POINTS, 'ceil');
    return Math.max(1, multiplyDivide(reference, BASIS_POINTS - bps, BASIS_POINTS, 'floor'));
  }

  /** Largest part of `qty` the user can afford to take at `price` (reducing needs no margin; opening does). */
  private affordableQty(userId: UserId, side: Side, price: PriceTicks, qty: QtyLots, leverage: number): QtyLots {
    const position = this.positionsByUser.get(userId);
    const reducing = position && position.side !== side ? Math.min(qty, position.qty) : 0;
    const feeRate = this.config.takerFeeMicros;
    let available = this.ledger.balance(Account.futures(userId));
    if (position && reducing > 0) available += this.closeProceeds(position, price, reducing, feeRate);
    const need = (takeQty: QtyLots) => {
      const opening = takeQty - reducing;
      return opening <= 0 ? 0 : initialMargin(price, opening, leverage) + tradingFee(price, opening, feeRate);
    };
    if (need(qty) <= available) return qty;
    let low = reducing; // affordable
    let high = qty; // not affordable
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (need(middle) <= available) low = middle;
      else high = middle;
    }
    return low - (low % this.config.lotSizeLots);
  }

  /** What closing `qty` of a position at `price` pays back to the free wallet (never below zero). */
  private closeProceeds(position: SimulatedPosition, price: PriceTicks, qty: QtyLots, feeRate: number): MicroUsdt {
    const released = releasedMargin(position, qty);
    const value = released + pnl(position.side, position.entryPrice, price, qty);
    return Math.max(0, value - tradingFee(price, qty, feeRate));
  }

  /** simulateTaker's answer for an order that crosses nothing. */
  private restingPlan(userId: UserId) {
    return {
      filledQty: 0,
      freeAfter: this.ledger.balance(Account.futures(userId)),
      shortOfMargin: false,
      stoppedToAvoidLiquidation: false,
      position: (this.positionsByUser.get(userId) ?? null) as Readonly<SimulatedPosition> | null,
    };
  }

  /**
   * Walks the book without changing it, as the taker would (skipping the user's own orders, which self-trade
   * prevention will cancel and whose holds come back), to see what would fill and whether the margin suffices.
   */
  private simulateTaker(userId: UserId, side: Side, limitPrice: PriceTicks, qty: QtyLots, leverage: number) {
    const live = this.positionsByUser.get(userId);
    let position: SimulatedPosition | null = live ? { ...live } : null;
    let free = this.ledger.balance(Account.futures(userId));
    const feeRate = this.config.takerFeeMicros;
    let filledQty = 0;
    let shortOfMargin = false;
    let stoppedToAvoidLiquidation = false;
    this.book.walk(oppositeSide(side), (orderId, ownerId, price, makerQty) => {
      if (!crosses(side, limitPrice, price)) return false;
      if (ownerId === userId) {
        free += this.openOrdersById.get(orderId)?.heldMargin ?? 0;
        return true;
      }
      const fillQty = Math.min(qty - filledQty, makerQty);
      // As acceptFill: a maker whose fill would leave its position liquidatable is cancelled; the taker stops there.
      if (
        this.fillLiquidates(
          this.positionsByUser.get(ownerId),
          oppositeSide(side),
          price,
          fillQty,
          this.leverage(ownerId),
        )
      )
        return true;
      if (this.fillLiquidates(position, side, price, fillQty, leverage)) {
        stoppedToAvoidLiquidation = true;
        return false;
      }
      let openingQty = fillQty;
      if (position && position.side !== side && position.qty > 0) {
        const reducing = Math.min(fillQty, position.qty);
        free += this.closeProceeds(position, price, reducing, feeRate);
        position.margin -= releasedMargin(position, reducing);
        position.qty -= reducing;
        openingQty -= reducing;
      }
      if (openingQty > 0) {
        const margin = initialMargin(price, openingQty, leverage);
        const need = margin + tradingFee(price, openingQty, feeRate);
        if (need > free) {
          shortOfMargin = true;
          return false;
        }
        free -= need;
        if (!position || position.qty === 0) position = { side, qty: openingQty, entryPrice: price, margin };
        else {
          position.entryPrice = averageEntryPrice(side, position.qty, position.entryPrice, openingQty, price);
          position.qty += openingQty;
          position.margin += margin;
        }
      }
      filledQty += fillQty;
      return filledQty < qty;
    });
    return { filledQty, freeAfter: free, shortOfMargin, stoppedToAvoidLiquidation, position };
  }

  /**
   * Whether a fill of `qty` at `price` on `side` would leave the user's position liquidatable: its reducing part losing
   * more than the margin it releases (beyond the bankruptcy price), or its opening part putting the position at or
   * beyond its liquidation price at the mark. Either way the fill is not made (only a liquidation closes beyond
   * bankruptcy): the insurance fund would pay the loss beyond the margin, to the counterparty.
   */
  private fillLiquidates(
    position: SimulatedPosition | null | undefined,
    side: Side,
    price: PriceTicks,
    qty: QtyLots,
    leverage: number,
  ): boolean {
    let reducing = 0;
    if (position && position.qty > 0 && position.side !== side) {
      reducing = Math.min(qty, position.qty);
      if (losesBeyondMargin(position, price, reducing)) return true;
    }
    const opening = qty - reducing;
    const mark = this.lastMarkPrice;
    if (opening === 0 || mark === null) return false;
    const margin = initialMargin(price, opening, leverage);
    const after =
      position && position.qty > 0 && position.side === side
        ? {
            side,
            qty: position.qty + opening,
            entryPrice: averageEntryPrice(side, position.qty, position.entryPrice, opening, price),
            margin: position.margin + margin,
          }
        : { side, qty: opening, entryPrice: price, margin };
    // Fast path, most fills: in the first maintenance tier the requirement is notional × rate, and margin + PnL above
    // it by more than two ticks' worth puts the mark more than a tick from the liquidation price (PnL moves by qty per
    // tick, the requirement by less), so the exact (BigInt) liquidation price is not needed.
    const firstTier = this.config.maintenanceTiers[0]!;
    if ((mark + 1) * after.qty <= firstTier.maxNotional) {
      const requirement = tradingFee(mark, after.qty, firstTier.rateMicros);
      const equity = after.margin + pnl(side, after.entryPrice, mark, after.qty);
      if (equity - requirement > 2 * after.qty + 2) return false;
    }
    return liquidates(side, mark, this.liquidationPriceOf(after));
  }

  /**
   * Liquidity a reduce-only close of `qty` would find (the user's own orders excluded: they are cancelled first; for
   * anything but a liquidation, only down to the bankruptcy price, as acceptFill).
   */
  private fillableQty(position: PositionState, kind: TakerKind, limitPrice: PriceTicks, qty: QtyLots): QtyLots {
    const { userId } = position;
    const side = oppositeSide(position.side);
    let fillable = 0;
    this.book.walk(oppositeSide(side), (_orderId, ownerId, price, makerQty) => {
      if (!crosses(side, limitPrice, price)) return false;
      const fillQty = Math.min(makerQty, qty - fillable);
      if (kind !== 'liquidation' && losesBeyondMargin(position, price, fillQty)) return false;
      if (
        ownerId !== userId &&
        !this.fillLiquidates(this.positionsByUser.get(ownerId), position.side, price, fillQty, this.leverage(ownerId))
      )
        fillable += makerQty;
      return fillable < qty;
    });
    return Math.min(fillable, qty);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Positions. One net position per user (one-way mode), isolated margin.

  private settleFill(
    userId: UserId,
    side: Side,
    price: PriceTicks,
    qty: QtyLots,
    feeRate: number,
    orderId: number,
    orderPath: OrderPath,
    kind: TakerKind,
    effects: Effects,
  ): void {
    const position = this.positionsByUser.get(userId);
    let openingQty = qty;
    if (position && position.side !== side) {
      const reducing = Math.min(qty, position.qty);
      this.reducePosition(position, price, reducing, feeRate, orderId, orderPath, kind, effects);
      openingQty -= reducing;
    }
    if (openingQty > 0) this.increasePosition(userId, side, price, openingQty, feeRate, orderId, orderPath, effects);
  }

  /**
   * Closes `qty` of a position at `price`. Realised PnL goes through pnlClearing; a loss beyond the released margin is
   * paid by the insurance fund, so the user never goes negative. A liquidation returns nothing to the user: what is
   * left of the margin goes to the insurance fund (the user loses exactly the margin, as at the bankruptcy price).
   */
  private reducePosition(
    position: PositionState,
    price: PriceTicks,
    qty: QtyLots,
    feeRate: number,
    orderId: number,
    orderPath: OrderPath,
    kind: TakerKind,
    effects: Effects,
  ): void {
    const { userId } = position;
    const ref = `order:${orderId}`;
    const released = releasedMargin(position, qty);
    const grossPnl = pnl(position.side, position.entryPrice, price, qty);
    const lossFromMargin = grossPnl < 0 ? Math.min(released, -grossPnl) : 0;
    const shortfall = grossPnl < 0 ? -grossPnl - lossFromMargin : 0;
    const marginLeft = released - lossFromMargin;
    this.post(Account.positionMargin(userId), Account.pnlClearing, lossFromMargin, 'realized_pnl', ref, effects);
    this.payFromInsuranceFund(Account.pnlClearing, shortfall, ref, effects);
    let fee = 0;
    let realizedProfit: MicroUsdt;
    if (kind === 'liquidation') {
      this.post(Account.positionMargin(userId), Account.insuranceFund, marginLeft, 'liquidation', ref, effects);
      if (grossPnl > 0) this.post(Account.pnlClearing, Account.insuranceFund, grossPnl, 'liquidation', ref, effects);
      realizedProfit = -released;
    } else {
      if (grossPnl > 0) this.post(Account.pnlClearing, Account.futures(userId), grossPnl, 'realized_pnl', ref, effects);
      this.post(Account.positionMargin(userId), Account.futures(userId), marginLeft, 'position_margin', ref, effects);
      // The close fee comes out of what the close returns; where nothing is left it is waived, never owed.
      fee = Math.min(tradingFee(price, qty, feeRate), marginLeft + Math.max(0, grossPnl));
      this.post(Account.futures(userId), Account.feeRevenue, fee, 'trading_fee', ref, effects);
      realizedProfit = Math.max(grossPnl, -released);
    }
    this.pushHistory(effects, {
      userId,
      orderId,
      orderPath: kind === 'liquidation' ? 5 : orderPath,
      position: kind === 'liquidation' ? 3 : 4,
      price: position.entryPrice,
      closePrice: price,
      qty,
      openOrderFee: 0,
      closeOrderFee: fee,
      realizedProfit,
    });
    position.qty -= qty;
    position.margin -= released;
    this.positionChanged(position, effects);
  }

  private increasePosition(
    userId: UserId,
    side: Side,
    price: PriceTicks,
    qty: QtyLots,
    feeRate: number,
    orderId: number,
    orderPath: OrderPath,
    effects: Effects,
  ): void {
    const leverage = this.leverage(userId);
    const margin = initialMargin(price, qty, leverage);
    const fee = tradingFee(price, qty, feeRate);
    const ref = `order:${orderId}`;
    this.post(Account.futures(userId), Account.positionMargin(userId), margin, 'position_margin', ref, effects);
    this.post(Account.futures(userId), Account.feeRevenue, fee, 'trading_fee', ref, effects);
    let position = this.positionsByUser.get(userId);
    if (!position) {
      position = {
        userId,
        side,
        qty,
        entryPrice: price,
        leverage,
        margin,
        liquidationPrice: 0,
        takeProfit: null,
        stopLoss: null,
        openedAtMs: effects.nowMs,
        updatedAtMs: effects.nowMs,
      };
      this.positionsByUser.set(userId, position);
    } else {
      position.entryPrice = averageEntryPrice(side, position.qty, position.entryPrice, qty, price);
      position.qty += qty;
      position.margin += margin;
      position.leverage = leverage;
    }
    this.pushHistory(effects, {
      userId,
      orderId,
      orderPath,
      position: side,
      price,
      closePrice: null,
      qty,
      openOrderFee: fee,
      closeOrderFee: 0,
      realizedProfit: 0,
    });
    this.positionChanged(position, effects);
  }

  /** Recomputes the liquidation price and re-indexes the triggers; a position at zero quantity is removed. */
  private positionChanged(position: PositionState, effects: Effects | null): void {
    const { userId } = position;
    this.unindexPosition(userId);
    if (effects) {
      position.updatedAtMs = effects.nowMs;
      effects.dirtyPositions.add(userId);
    }
    if (position.qty === 0) {
      this.positionsByUser.delete(userId);
      return;
    }
    position.liquidationPrice = this.liquidationPriceOf(position);
    this.indexPosition(position);
  }

  private indexPosition(position: PositionState): void {
    const { userId, side, liquidationPrice: liquidation, takeProfit, stopLoss } = position;
    if (side === BUY) {
      if (liquidation > 0) this.longLiquidations.set(userId, liquidation);
      if (takeProfit !== null) this.exitsAbove.set(userId, takeProfit);
      if (stopLoss !== null) this.exitsBelow.set(userId, stopLoss);
    } else {
      this.shortLiquidations.set(userId, liquidation);
      if (stopLoss !== null) this.exitsAbove.set(userId, stopLoss);
      if (takeProfit !== null) this.exitsBelow.set(userId, takeProfit);
    }
  }

  private unindexPosition(userId: UserId): void {
    this.longLiquidations.delete(userId);
    this.shortLiquidations.delete(userId);
    this.exitsAbove.delete(userId);
    this.exitsBelow.delete(userId);
  }

  private liquidationPriceOf(position: Pick<PositionState, 'side' | 'qty' | 'entryPrice' | 'margin'>): PriceTicks {
    return liquidationPrice(
      position.side,
      position.qty,
      position.entryPrice,
      position.margin,
      this.config.maintenanceTiers,
    );
  }

  private closePosition(command: CommandOf<'closePosition'>, effects: Effects): CommandResult<PlaceOrderResult> {
    const position = this.positionsByUser.get(command.userId);
    if (!position) return reject('NO_POSITION');
    const qtyProblem = this.checkQty(command.qty, false);
    if (qtyProblem) return reject(qtyProblem);
    if (command.qty > position.qty) return reject('CLOSE_EXCEEDS_POSITION');
    const order = this.closeAtMarket(position, command.qty, 2, 'close', effects);
    if (!order) return reject('NO_LIQUIDITY');
    return { ok: true, value: { orderId: order.id, status: order.status, filledQty: order.filledQty } };
  }

  /**
   * A reduce-only market close (close position, TP/SL, liquidation): cancels the user's waiting orders, then takes
   * what the book offers within the protection price; the rest of the order is cancelled. Null (and nothing done)
   * when the book has nothing to take.
   */
  private closeAtMarket(
    position: PositionState,
    qty: QtyLots,
    orderPath: OrderPath,
    kind: TakerKind,
    effects: Effects,
  ): OrderState | null {
    const { userId } = position;
    const side = oppositeSide(position.side);
    const limitPrice = this.protectionPrice(side);
    if (limitPrice === null || this.fillableQty(position, kind, limitPrice, qty) === 0) return null;
    this.cancelAllOrders(userId, effects);
    const leverage = this.leverage(userId);
    const order: OrderState = {
      id: this.nextIds.order++,
      userId,
      side,
      orderPath,
      price: null,
      qty,
      filledQty: 0,
      leverage,
      heldMargin: 0,
      status: 'open',
      reduceOnly: true,
      clientOrderId: null,
      createdAtMs: effects.nowMs,
      updatedAtMs: effects.nowMs,
    };
    order.filledQty = this.runTaker(
      { userId, side, orderId: order.id, orderPath, kind, leverage, effects },
      limitPrice,
      qty,
    );
    order.status = order.filledQty === qty ? 'filled' : 'cancelled';
    this.markOrder(order, effects);
    return order;
  }

  private setTpSl(command: CommandOf<'setTpSl'>, effects: Effects): CommandResult {
    const { userId, takeProfit, stopLoss } = command;
    const position = this.positionsByUser.get(userId);
    if (!position) return reject('NO_POSITION');
    if ((takeProfit !== null && !this.isValidPrice(takeProfit)) || (stopLoss !== null && !this.isValidPrice(stopLoss)))
      return reject('INVALID_PRICE');
    const reference = this.lastMarkPrice ?? position.entryPrice;
    const long = position.side === BUY;
    if (takeProfit !== null && (long ? takeProfit <= reference : takeProfit >= reference))
      return reject('INVALID_TP_SL');
    if (stopLoss !== null && (long ? stopLoss >= reference : stopLoss <= reference)) return reject('INVALID_TP_SL');
    this.cancelAllOrders(userId, effects);
    position.takeProfit = takeProfit;
    position.stopLoss = stopLoss;
    this.positionChanged(position, effects);
    return { ok: true, value: { takeProfit, stopLoss } };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Mark price: liquidations first, then TP/SL. Only the triggers that fire are touched.

  private priceTick(command: CommandOf<'priceTick'>, effects: Effects): CommandResult {
    if (!this.isValidPrice(command.indexPrice, false) || !this.isValidPrice(command.markPrice, false))
      return reject('INVALID_PRICE');
    this.lastIndexPrice = command.indexPrice;
    this.lastMarkPrice = command.markPrice;
    this.lastPriceAtMs = effects.nowMs;
    const liquidated = this.runLiquidations(effects);
    const triggered = this.runExits(effects);
    return { ok: true, value: { liquidated, triggered } };
  }

  private runLiquidations(effects: Effects): number {
    const mark = this.lastMarkPrice;
    if (mark === null) return 0;
    let liquidated = 0;
    for (const userId of [...this.longLiquidations.popFiring(mark), ...this.shortLiquidations.popFiring(mark)]) {
      const position = this.positionsByUser.get(userId) as PositionState;
      const order = this.closeAtMarket(position, position.qty, 5, 'liquidation', effects);
      if (!order) {
        this.indexPosition(position); // nothing to close against: try again on the next tick
        continue;
      }
      liquidated++;
      effects.events.push({
        type: 'notice',
        userId,
        kind: 'liquidation',
        text: `Your ${position.side === BUY ? 'long' : 'short'} position was liquidated at mark price ${mark}.`,
      });
    }
    return liquidated;
  }

  private runExits(effects: Effects): number {
    const mark = this.lastMarkPrice as PriceTicks;
    let triggered = 0;
    for (const userId of [...this.exitsAbove.popFiring(mark), ...this.exitsBelow.popFiring(mark)]) {
      const position = this.positionsByUser.get(userId);
      if (!position) continue;
      const long = position.side === BUY;
      const takeProfitHit =
        position.takeProfit !== null && (long ? mark >= position.takeProfit : mark <= position.takeProfit);
      const order = this.closeAtMarket(position, position.qty, 4, 'close', effects);
      if (!order) {
        this.unindexPosition(userId);
        this.indexPosition(position);
        continue;
      }
      triggered++;
      effects.events.push({
        type: 'notice',
        userId,
        kind: takeProfitHit ? 'takeProfit' : 'stopLoss',
        text: `${takeProfitHit ? 'Take profit' : 'Stop loss'} executed: ${order.filledQty} lots closed at mark price ${mark}.`,
      });
    }
    return triggered;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Funding: payers pay notional × rate at the mark (rounded up, never more than their margin); receivers get their
  // share (rounded down, scaled down if payers could not pay in full); the residue goes to fee revenue.

  private settleFunding(command: CommandOf<'settleFunding'>, effects: Effects): CommandResult {
    const rate = command.fundingRatePpm;
    if (!Number.isInteger(rate) || Math.abs(rate) > MAX_FUNDING_RATE_MICROS) return reject('INVALID_FUNDING_RATE');
    const mark = this.lastMarkPrice;
    if (mark === null) return reject('NO_MARK_PRICE');
    const ref = `funding:${effects.nowMs}`;
    const payingSide: Side = rate > 0 ? BUY : SELL;
    const positions = [...this.positionsByUser.values()].sort((a, b) => a.userId - b.userId);
    const absoluteRate = Math.abs(rate);
    let collected = 0;
    const receivers: Array<[PositionState, MicroUsdt]> = [];
    let owedToReceivers = 0;
    for (const position of rate === 0 ? [] : positions) {
      if (position.side === payingSide) {
        const paid = Math.min(tradingFee(mark, position.qty, absoluteRate), position.margin);
        this.post(Account.positionMargin(position.userId), Account.fundingClearing, paid, 'funding', ref, effects);
        position.margin -= paid;
        collected += paid;
        this.positionChanged(position, effects);
      } else {
        const due = multiplyDivide(mark * position.qty, absoluteRate, 1_000_000, 'floor');
        receivers.push([position, due]);
        owedToReceivers += due;
      }
    }
    for (const [position, due] of receivers) {
      const amount = owedToReceivers <= collected ? due : multiplyDivide(due, collected, owedToReceivers, 'floor');
      this.post(Account.fundingClearing, Account.positionMargin(position.userId), amount, 'funding', ref, effects);
      position.margin += amount;
      this.positionChanged(position, effects);
    }
    this.post(
      Account.fundingClearing,
      Account.feeRevenue,
      this.ledger.balance(Account.fundingClearing),
      'funding',
      ref,
      effects,
    );
    const liquidated = this.runLiquidations(effects);
    return { ok: true, value: { collected, liquidated } };
  }

  // -------------------------------------------------------------------------------------------------------------
  // Ledger helpers

  private readonly post: Post = (debit, credit, amount, kind, ref, effects) =>
    this.ledger.postIfPositive({ debit, credit, amount, kind, ref }, effects.postings);

  /** The insurance fund pays; the treasury tops it up first if it would go negative. */
  private payFromInsuranceFund(credit: AccountId, amount: MicroUsdt, ref: string, effects: Effects): void {
    if (amount <= 0) return;
    const fund = this.ledger.balance(Account.insuranceFund);
    if (fund < amount)
      this.post(Account.treasury, Account.insuranceFund, amount - Math.max(0, fund), 'insurance', ref, effects);
    this.post(Account.insuranceFund, credit, amount, 'insurance', ref, effects);
  }

  private pushHistory(effects: Effects, entry: Omit<FuturesHistoryEntry, 'id' | 'timeMs'>): void {
    effects.events.push({
      type: 'futuresHistory',
      entry: { id: this.nextIds.history++, ...entry, timeMs: effects.nowMs },
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Validation

  private checkQty(qty: unknown, applyOrderLimits = true): ErrorName | null {
    if (typeof qty !== 'number' || !Number.isSafeInteger(qty) || qty <= 0 || qty % this.config.lotSizeLots !== 0)
      return 'INVALID_QUANTITY';
    if (!applyOrderLimits) return null;
    if (qty < this.config.minOrderQty) return 'QUANTITY_BELOW_MINIMUM';
    if (qty > this.config.maxOrderQty) return 'QUANTITY_ABOVE_MAXIMUM';
    return null;
  }

  private isValidPrice(price: unknown, onTickGrid = true): price is PriceTicks {
    return (
      typeof price === 'number' &&
      Number.isSafeInteger(price) &&
      price > 0 &&
      price <= this.config.maxPriceTicks &&
      (!onTickGrid || price % this.config.tickSizeTicks === 0)
    );
  }

  // -------------------------------------------------------------------------------------------------------------
  // Queries (consistent with the last applied command)

  balances(userId: UserId): BalanceView {
    const bsc = this.ledger.balance(Account.spot(userId));
    const futuresAvailable = this.ledger.balance(Account.futures(userId));
    const usingRequiredAmount = this.ledger.balance(Account.positionMargin(userId));
    let longWaitingRequiredAmount = 0;
    let shortWaitingRequiredAmount = 0;
    for (const orderId of this.orderIdsByUser.get(userId) ?? []) {
      const order = this.openOrdersById.get(orderId) as OrderState;
      if (order.side === BUY) longWaitingRequiredAmount += order.heldMargin;
      else shortWaitingRequiredAmount += order.heldMargin;
    }
    const usdtm = futuresAvailable + usingRequiredAmount + longWaitingRequiredAmount + shortWaitingRequiredAmount;
    return {
      bsc,
      usdtm,
      usdt: bsc + usdtm,
      usingRequiredAmount,
      longWaitingRequiredAmount,
      shortWaitingRequiredAmount,
      futuresAvailable,
      optionStaked: this.ledger.balance(Account.optionStake(userId)),
    };
  }

  /** The user's resting orders, oldest first. */
  openOrders(userId: UserId): OrderState[] {
    return [...(this.orderIdsByUser.get(userId) ?? [])].map((id) => ({
      ...(this.openOrdersById.get(id) as OrderState),
    }));
  }

  /** What each of the user's resting orders should hold now (order id → micro-USDT), oldest first. */
  requiredOrderHolds(userId: UserId): Map<number, MicroUsdt> {
    return new Map(this.requiredHolds(userId, this.leverage(userId)).map(([order, hold]) => [order.id, hold]));
  }

  position(userId: UserId): PositionState | null {
    const position = this.positionsByUser.get(userId);
    return position ? { ...position } : null;
  }

  /** The user's unsettled option orders, oldest first. */
  optionOrders(userId: UserId): OptionOrderState[] {
    return this.options.orders(userId);
  }

  leverage(userId: UserId): number {
    return this.leverageByUser.get(userId) ?? this.config.defaultLeverage;
  }

  depth(levels: number): DepthView {
    return { bids: this.book.depth(BUY, levels), asks: this.book.depth(SELL, levels) };
  }

  accountBalance(account: AccountId): MicroUsdt {
    return this.ledger.balance(account);
  }

  /** Every ledger account and its balance (house accounts included), for invariant checks. */
  ledgerBalances(): Array<[AccountId, MicroUsdt]> {
    return [...this.ledger.entries()];
  }

  /** Users with an open position, for reports and invariant checks. */
  positions(): PositionState[] {
    return [...this.positionsByUser.values()].sort((a, b) => a.userId - b.userId).map((position) => ({ ...position }));
  }

  get indexPrice(): PriceTicks | null {
    return this.lastIndexPrice;
  }

  get markPrice(): PriceTicks | null {
    return this.lastMarkPrice;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Snapshot

  snapshot(): EngineSnapshot {
    return {
      balances: [...this.ledger.entries()]
        .filter(([, amount]) => amount !== 0)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      openOrders: [...this.openOrdersById.values()].sort((a, b) => a.id - b.id).map((order) => ({ ...order })),
      positions: this.positions(),
      unsettledOptionOrders: this.options.orders(),
      leverageByUser: [...this.leverageByUser.entries()].sort((a, b) => a[0] - b[0]),
      nextIds: { ...this.nextIds },
      lastIndexPrice: this.lastIndexPrice,
      lastMarkPrice: this.lastMarkPrice,
      lastPriceAtMs: this.lastPriceAtMs,
    };
  }

  static fromSnapshot(snapshot: EngineSnapshot, config: ExchangeConfigOverrides = {}): Exchange {
    const exchange = new Exchange(config);
    exchange.ledger.restore(snapshot.balances);
    for (const [userId, leverage] of snapshot.leverageByUser) exchange.leverageByUser.set(userId, leverage);
    // Time priority within a price is arrival order, and ids are assigned in arrival order.
    for (const order of [...snapshot.openOrders].sort((a, b) => a.id - b.id)) exchange.rest({ ...order });
    for (const position of snapshot.positions) {
      const restored = { ...position };
      exchange.positionsByUser.set(restored.userId, restored);
      exchange.positionChanged(restored, null);
    }
    for (const order of [...snapshot.unsettledOptionOrders].sort((a, b) => a.id - b.id))
      exchange.options.restore({ ...order });
    exchange.nextIds = { ...snapshot.nextIds };
    exchange.lastIndexPrice = snapshot.lastIndexPrice;
    exchange.lastMarkPrice = snapshot.lastMarkPrice;
    exchange.lastPriceAtMs = snapshot.lastPriceAtMs;
    return exchange;
  }
}

function releasedMargin(position: SimulatedPosition, qty: QtyLots): MicroUsdt {
  return qty === position.qty ? position.margin : multiplyDivide(position.margin, qty, position.qty, 'floor');
}

/** Whether closing `qty` of the position at `price` loses more than the margin it releases (beyond bankruptcy). */
function losesBeyondMargin(position: SimulatedPosition, price: PriceTicks, qty: QtyLots): boolean {
  return pnl(position.side, position.entryPrice, price, qty) + releasedMargin(position, qty) < 0;
}

function liquidates(side: Side, markPrice: PriceTicks, liquidationPriceTicks: PriceTicks): boolean {
  return side === BUY ? markPrice <= liquidationPriceTicks : markPrice >= liquidationPriceTicks;
}

function walletAccount(userId: UserId, wallet: Wallet): AccountId {
  return wallet === 'spot' ? Account.spot(userId) : Account.futures(userId);
}

function isWallet(wallet: unknown): wallet is Wallet {
  return wallet === 'spot' || wallet === 'futures';
}

function isPositiveInteger(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0;
}

/** The values sorted by id; most commands touch one order and one position, which need no array or sort. */
function inIdOrder<T>(values: IterableIterator<T>, size: number, idOf: (value: T) => number): Iterable<T> {
  return size <= 1 ? values : [...values].sort((a, b) => idOf(a) - idOf(b));
}
