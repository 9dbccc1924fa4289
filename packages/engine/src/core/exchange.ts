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
import { cancelOrder, placeOrder } from '../futures/orders.ts';
import { closePosition, priceTick, setTpSl } from '../futures/closing.ts';
import { cancelTriggerOrder, placeTriggerOrder, runTriggers } from '../futures/trigger-orders.ts';
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
import { balanceView } from '../wallets/balances.ts';
import { creditDeposit, reverseDeposit } from '../wallets/deposits.ts';
import { accruePartnerSettlement, adjustBalance, payPartnerSettlement } from '../wallets/payouts.ts';
import { fund, transfer } from '../wallets/transfers.ts';
import { withdrawal } from '../wallets/withdrawals.ts';
import { allPositions, pricesOf, restoreSnapshot, takeSnapshot } from './snapshot.ts';
import { EngineState, type MarketState } from './state.ts';

/**
 * The whole trading core, every market (#34): wallets, order book, futures positions, option rounds. Single-threaded and
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

  /** Options settle on this market's index (#34: DEFAULT_SYMBOL's, or the first market's when it is not run). */
  private readonly optionsMarket: MarketState;

  constructor(config: ExchangeConfigOverrides = {}) {
    const state = new EngineState(config);
    for (const market of state.markets) market.matchListener = createMatchListener(market);
    this.state = state;
    this.config = state.config;
    this.optionsMarket = state.market() ?? (state.markets[0] as MarketState);
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
    // A command touches at most one market (#34); a wallet or option command none, and DEFAULT_SYMBOL's triggers
    // still run after it as before (nothing moved, so nothing fires).
    const market = marketOfCommand(this.state, command);
    if (!market) return { result: reject('MARKET_UNKNOWN_SYMBOL'), events: [], postings: [] };
    const result = this.dispatch(command, market, effects);
    if (!result.ok) return { result, events: [], postings: [] };
    runTriggers(market, command.type === 'priceTick', effects);
    for (const order of inIdOrder(effects.dirtyOrders.values(), effects.dirtyOrders.size, (order) => order.id))
      effects.events.push({ type: 'order', order: { ...order } });
    for (const userId of inIdOrder(effects.dirtyPositions.values(), effects.dirtyPositions.size, (id) => id))
      effects.events.push({
        type: 'position',
        userId,
        symbol: market.symbol,
        position: this.position(userId, market.symbol),
      });
    return { result, events: effects.events, postings: effects.postings };
  }

  private dispatch(command: Command, m: MarketState, effects: Effects): CommandResult {
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
        return setLeverage(m, command, effects);
      case 'placeOrder':
        return command.trigger ? placeTriggerOrder(m, command, effects) : placeOrder(m, command, effects);
      case 'cancelOrder':
        return cancelTriggerOrder(m, command, effects) ?? cancelOrder(m, command, effects);
      case 'amendOrder':
        return amendOrder(m, command, effects);
      case 'adjustMargin':
        return adjustMargin(m, command, effects);
      case 'closePosition':
        return closePosition(m, command, effects);
      case 'setTpSl':
        return setTpSl(m, command, effects);
      case 'priceTick':
        return priceTick(m, command, effects);
      case 'settleFunding':
        return settleFunding(m, command, effects);
      case 'placeOptionOrder':
        return this.options.place(
          command,
          this.optionsMarket.lastIndexPrice,
          this.optionsMarket.lastPriceAtMs,
          () => s.nextIds.optionOrder++,
          effects,
        );
      case 'settleOptionRound':
        return this.options.settleRound(command, (price) => this.optionsMarket.isValidPrice(price, false), effects);
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
    const orders = this.marketsNamed(symbol).flatMap((m) =>
      [...(m.orderIdsByUser.get(userId) ?? [])].map((id) => ({ ...(m.openOrdersById.get(id) as OrderState) })),
    );
    return symbol === undefined ? orders.sort((a, b) => a.id - b.id) : orders;
  }

  /**
   * The user's trigger orders waiting for their price (#32 item 3) in `symbol`'s market, or in every market when it is
   * absent; oldest first; they hold no margin.
   */
  triggerOrders(userId: UserId, symbol?: MarketSymbol): OrderState[] {
    const orders = this.marketsNamed(symbol).flatMap((m) => m.triggers.ofUser(userId).map((order) => ({ ...order })));
    return symbol === undefined ? orders.sort((a, b) => a.id - b.id) : orders;
  }

  /** What each of the user's resting orders, in every market, should hold now (order id → micro-USDT). */
  requiredOrderHolds(userId: UserId): Map<number, MicroUsdt> {
    const holds = this.state.markets.flatMap((m) => requiredHolds(m, userId, m.leverage(userId)));
    return new Map(holds.map(([order, hold]) => [order.id, hold]));
  }

  /** The user's position in `symbol`'s market (#34: one isolated position per market). */
  position(userId: UserId, symbol: MarketSymbol = DEFAULT_SYMBOL): PositionState | null {
    const position = this.state.market(symbol)?.positionsByUser.get(userId);
    return position ? { ...position } : null;
  }

  /** The user's positions in every market, in the order of `config.markets`. */
  positionsOf(userId: UserId): PositionState[] {
    return this.state.markets.flatMap((m) => {
      const position = m.positionsByUser.get(userId);
      return position ? [{ ...position }] : [];
    });
  }

  /** The markets this engine runs, with their rules (#34), in the order of `config.markets`. */
  markets(): MarketConfig[] {
    return this.config.markets;
  }

  /** A market's last prices; null for a symbol this engine does not run. */
  marketPrices(symbol: MarketSymbol = DEFAULT_SYMBOL): MarketPrices | null {
    const market = this.state.market(symbol);
    return market ? pricesOf(market) : null;
  }

  /** The user's unsettled option orders, oldest first. */
  optionOrders(userId: UserId): OptionOrderState[] {
    return this.options.orders(userId);
  }

  /** The user's leverage in `symbol`'s market (each market has its own). */
  leverage(userId: UserId, symbol: MarketSymbol = DEFAULT_SYMBOL): number {
    const market = this.state.market(symbol);
    return market ? market.leverage(userId) : this.config.defaultLeverage;
  }

  /** The user's place in `symbol`'s auto-deleveraging queue, 0–4 (4: first to go); null without a position or mark. */
  adlQuantile(userId: UserId, symbol: MarketSymbol = DEFAULT_SYMBOL): number | null {
    const market = this.state.market(symbol);
    return market ? adlQuantile(market, userId) : null;
  }

  /** `symbol`'s order book, `levels` a side. */
  depth(levels: number, symbol: MarketSymbol = DEFAULT_SYMBOL): DepthView {
    const book = this.state.market(symbol)?.book;
    return book ? { bids: book.depth(BUY, levels), asks: book.depth(SELL, levels) } : { bids: [], asks: [] };
  }

  accountBalance(account: AccountId): MicroUsdt {
    return this.state.balance(account);
  }

  /** Every ledger account and its balance (house accounts included), for invariant checks. */
  ledgerBalances(): Array<[AccountId, MicroUsdt]> {
    return [...this.state.ledger.entries()];
  }

  /** Open positions of every market by user, for reports and invariant checks. */
  positions(): PositionState[] {
    return allPositions(this.state);
  }

  /** DEFAULT_SYMBOL's last index price (another market's: `marketPrices`). */
  get indexPrice(): PriceTicks | null {
    return this.state.market()?.lastIndexPrice ?? null;
  }

  /** DEFAULT_SYMBOL's last mark price (another market's: `marketPrices`). */
  get markPrice(): PriceTicks | null {
    return this.state.market()?.lastMarkPrice ?? null;
  }

  // -------------------------------------------------------------------------------------------------------------
  // Snapshot

  snapshot(): EngineSnapshot {
    return takeSnapshot(this.state, this.options);
  }

  static fromSnapshot(snapshot: EngineSnapshot, config: ExchangeConfigOverrides = {}): Exchange {
    const exchange = new Exchange(config);
    restoreSnapshot(exchange.state, exchange.options, snapshot);
    return exchange;
  }

  /** Every market, or the one named (none for a symbol this engine does not run). */
  private marketsNamed(symbol: MarketSymbol | undefined): MarketState[] {
    if (symbol === undefined) return this.state.markets;
    const market = this.state.market(symbol);
    return market ? [market] : [];
  }
}

/**
 * The market a command is about: its symbol's (absent = DEFAULT_SYMBOL's; undefined when unknown). A cancel or amend
 * finds its order by number in whichever market holds it; when it names another market, that market answers (it has
 * no such order: ORDER_NOT_FOUND as for a wrong id). Commands of no market get DEFAULT_SYMBOL's (or the first).
 */
function marketOfCommand(s: EngineState, command: Command): MarketState | undefined {
  const symbol = 'symbol' in command ? command.symbol : undefined;
  const named = s.market(symbol);
  if (!named) return symbol === undefined ? s.markets[0] : undefined;
  if (command.type !== 'cancelOrder' && command.type !== 'amendOrder') return named;
  const holder = s.markets.find((m) => m.openOrdersById.has(command.orderId) || m.triggers.byId.has(command.orderId));
  return holder && (symbol === undefined || holder === named) ? holder : named;
}

/** The values sorted by id; most commands touch one order and one position, which need no array or sort. */
function inIdOrder<T>(values: IterableIterator<T>, size: number, idOf: (value: T) => number): Iterable<T> {
  return size <= 1 ? values : [...values].sort((a, b) => idOf(a) - idOf(b));
}
