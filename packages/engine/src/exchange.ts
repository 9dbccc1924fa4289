import type { MicroUsdt, PriceTicks } from '@tickline/money';
import { resolveConfig, type ExchangeConfig } from './config.ts';
import { Account, Ledger, type Posting } from './ledger.ts';
import { reject } from './rejections.ts';
import type {
  ApplyOutput,
  BalanceView,
  Command,
  CommandResult,
  DepthView,
  EngineEvent,
  EngineSnapshot,
  OptionOrderState,
  OrderState,
  PositionState,
  UserId,
  Wallet,
} from './types.ts';

/** What one `apply` collects: the events and postings of the command, in order. */
export interface Effects {
  nowMs: number;
  events: EngineEvent[];
  postings: Posting[];
}

type Handler<C extends Command> = (command: C, effects: Effects) => CommandResult;

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
  private readonly leverageByUser = new Map<UserId, number>();
  private readonly openOrdersById = new Map<number, OrderState>();
  private readonly positionsByUser = new Map<UserId, PositionState>();
  private readonly unsettledOptionOrders = new Map<number, OptionOrderState>();
  private nextIds = { order: 1, trade: 1, history: 1, optionOrder: 1 };
  private lastIndexPrice: PriceTicks | null = null;
  private lastMarkPrice: PriceTicks | null = null;

  constructor(config: Partial<ExchangeConfig> = {}) {
    this.config = resolveConfig(config);
  }

  apply(command: Command, nowMs: number): ApplyOutput {
    const effects: Effects = { nowMs, events: [], postings: [] };
    const result = this.dispatch(command, effects);
    if (!result.ok) return { result, events: [], postings: [] };
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
      default:
        return reject('NOT_IMPLEMENTED');
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Wallets

  private fund: Handler<Extract<Command, { type: 'fund' }>> = (command, effects) => {
    if (!isPositiveAmount(command.amount)) return reject('INVALID_AMOUNT');
    if (!isWallet(command.wallet)) return reject('INVALID_WALLET');
    this.ledger.post(
      {
        debit: Account.treasury,
        credit: walletAccount(command.userId, command.wallet),
        amount: command.amount,
        kind: 'demo_funding',
        ref: `fund:${command.reason}`,
      },
      effects.postings,
    );
    return { ok: true, value: { balance: this.balances(command.userId) } };
  };

  private transfer: Handler<Extract<Command, { type: 'transfer' }>> = (command, effects) => {
    if (!isPositiveAmount(command.amount)) return reject('INVALID_AMOUNT');
    if (!isWallet(command.to)) return reject('INVALID_WALLET');
    const from: Wallet = command.to === 'spot' ? 'futures' : 'spot';
    const source = walletAccount(command.userId, from);
    if (this.ledger.balance(source) < command.amount) return reject('INSUFFICIENT_BALANCE');
    this.ledger.post(
      {
        debit: source,
        credit: walletAccount(command.userId, command.to),
        amount: command.amount,
        kind: 'wallet_transfer',
        ref: `transfer:${command.userId}:${effects.nowMs}`,
      },
      effects.postings,
    );
    return { ok: true, value: { balance: this.balances(command.userId) } };
  };

  // -------------------------------------------------------------------------------------------------------------
  // Leverage

  private setLeverage: Handler<Extract<Command, { type: 'setLeverage' }>> = (command, effects) => {
    const { userId, leverage } = command;
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > this.config.maxLeverage)
      return reject('INVALID_LEVERAGE');
    this.leverageByUser.set(userId, leverage);
    effects.events.push({ type: 'leverage', userId, leverage });
    return { ok: true, value: { leverage } };
  };

  // -------------------------------------------------------------------------------------------------------------
  // Queries (consistent with the last applied command)

  balances(userId: UserId): BalanceView {
    const bsc = this.ledger.balance(Account.spot(userId));
    const futuresAvailable = this.ledger.balance(Account.futures(userId));
    const usingRequiredAmount = this.ledger.balance(Account.positionMargin(userId));
    let longWaitingRequiredAmount = 0;
    let shortWaitingRequiredAmount = 0;
    for (const order of this.openOrders(userId)) {
      if (order.side === 1) longWaitingRequiredAmount += order.heldMargin;
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
    const orders: OrderState[] = [];
    for (const order of this.openOrdersById.values()) if (order.userId === userId) orders.push({ ...order });
    return orders;
  }

  position(userId: UserId): PositionState | null {
    const position = this.positionsByUser.get(userId);
    return position ? { ...position } : null;
  }

  /** The user's unsettled option orders, oldest first. */
  optionOrders(userId: UserId): OptionOrderState[] {
    const orders: OptionOrderState[] = [];
    for (const order of this.unsettledOptionOrders.values()) if (order.userId === userId) orders.push({ ...order });
    return orders;
  }

  leverage(userId: UserId): number {
    return this.leverageByUser.get(userId) ?? this.config.defaultLeverage;
  }

  depth(_levels: number): DepthView {
    return { bids: [], asks: [] };
  }

  accountBalance(account: string): MicroUsdt {
    return this.ledger.balance(account);
  }

  /** Every ledger account and its balance (house accounts included), for invariant checks. */
  ledgerBalances(): Array<[string, MicroUsdt]> {
    return [...this.ledger.entries()];
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
      balances: [...this.ledger.entries()].filter(([, amount]) => amount !== 0),
      openOrders: [...this.openOrdersById.values()].sort((a, b) => a.id - b.id).map((order) => ({ ...order })),
      positions: [...this.positionsByUser.values()].sort((a, b) => a.userId - b.userId).map((p) => ({ ...p })),
      unsettledOptionOrders: [...this.unsettledOptionOrders.values()]
        .sort((a, b) => a.id - b.id)
        .map((order) => ({ ...order })),
      leverageByUser: [...this.leverageByUser.entries()].sort((a, b) => a[0] - b[0]),
      nextIds: { ...this.nextIds },
      lastIndexPrice: this.lastIndexPrice,
      lastMarkPrice: this.lastMarkPrice,
    };
  }

  static fromSnapshot(snapshot: EngineSnapshot, config: Partial<ExchangeConfig> = {}): Exchange {
    const exchange = new Exchange(config);
    exchange.ledger.restore(snapshot.balances);
    for (const [userId, leverage] of snapshot.leverageByUser) exchange.leverageByUser.set(userId, leverage);
    for (const order of snapshot.openOrders) exchange.openOrdersById.set(order.id, { ...order });
    for (const position of snapshot.positions) exchange.positionsByUser.set(position.userId, { ...position });
    for (const order of snapshot.unsettledOptionOrders) exchange.unsettledOptionOrders.set(order.id, { ...order });
    exchange.nextIds = { ...snapshot.nextIds };
    exchange.lastIndexPrice = snapshot.lastIndexPrice;
    exchange.lastMarkPrice = snapshot.lastMarkPrice;
    return exchange;
  }
}

function walletAccount(userId: UserId, wallet: Wallet) {
  return wallet === 'spot' ? Account.spot(userId) : Account.futures(userId);
}

function isWallet(wallet: unknown): wallet is Wallet {
  return wallet === 'spot' || wallet === 'futures';
}

function isPositiveAmount(amount: unknown): amount is MicroUsdt {
  return typeof amount === 'number' && Number.isSafeInteger(amount) && amount > 0;
}
