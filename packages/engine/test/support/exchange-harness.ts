import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';
import {
  Account,
  Exchange,
  isUserAccount,
  marketAccounts,
  symbolOf,
  type ApplyOutput,
  type Command,
  type Rejection,
} from '../../src/index.ts';

export const USDT = 1_000_000;
/** USDT price → ticks (0.01). */
export const usd = (price: number) => Math.round(price * 100);
/** BTC quantity → lots (0.0001). */
export const btc = (qty: number) => Math.round(qty * 10_000);

export const MAKER = 100;
export const TRADER = 1;
export const OTHER = 2;

/**
 * An exchange driven with a clock, checking the invariants after every command: each asset's ledger sums to zero,
 * no user account is negative, the book is never crossed, filled ≤ ordered, the balance view matches the ledger,
 * open interest nets to zero, and snapshot → restore gives the same state.
 */
export class Harness {
  exchange: Exchange;
  nowMs = 1_700_000_000_000;
  checkAfterEachCommand = true;

  constructor(config: ConstructorParameters<typeof Exchange>[0] = {}) {
    this.exchange = new Exchange(config);
  }

  apply(command: Command): ApplyOutput {
    const output = this.exchange.apply(command, this.nowMs);
    if (!output.result.ok) {
      expect(output.events).toEqual([]);
      expect(output.postings).toEqual([]);
    }
    if (this.checkAfterEachCommand) checkInvariants(this.exchange);
    return output;
  }

  /** Applies and expects success. */
  ok(command: Command): ApplyOutput {
    const output = this.apply(command);
    expect(output.result, JSON.stringify(command)).toMatchObject({ ok: true });
    return output;
  }

  /** Applies and expects this refusal, with nothing changed. */
  refused(command: Command, reason: string): Rejection {
    const before = this.exchange.snapshot();
    const output = this.apply(command);
    expect(output.result).toMatchObject({ ok: false, reason });
    expect(this.exchange.snapshot()).toEqual(before);
    return output.result as Rejection;
  }

  fundFutures(userId: number, amount: number) {
    return this.ok({ type: 'fund', userId, wallet: 'futures', amount, reason: `test:${userId}:${this.nowMs}` });
  }

  tick(markPrice: number, indexPrice = markPrice) {
    return this.ok({ type: 'priceTick', indexPrice, markPrice });
  }

  limit(userId: number, side: 1 | 2, price: number, qty: number) {
    return this.ok({ type: 'placeOrder', userId, side, orderPath: 1, price, qty });
  }

  market(userId: number, side: 1 | 2, qty: number) {
    return this.ok({ type: 'placeOrder', userId, side, orderPath: 2, price: null, qty });
  }

  futures(userId: number) {
    return this.exchange.accountBalance(Account.futures(userId));
  }

  /** A user's total money in every account. */
  totalOf(userId: number) {
    let total = 0;
    for (const [account, amount] of this.exchange.ledgerBalances())
      if (account.startsWith(`user:${userId}:`)) total += amount;
    return total;
  }
}

/** Throws with `what` unless `condition` holds (plain checks: this runs after every step of thousands of sequences). */
function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`invariant broken: ${what}`);
}

export function checkInvariants(exchange: Exchange): void {
  const balances = exchange.ledgerBalances();
  let sum = 0;
  for (const [account, amount] of balances) {
    sum += amount;
    if (isUserAccount(account)) check(amount >= 0, `${account} is negative (${amount})`);
  }
  check(sum === 0, `ledger sums to ${sum}, not zero`);

  const snapshot = exchange.snapshot();
  const users = new Set<number>();
  for (const [account] of balances) if (isUserAccount(account)) users.add(Number(account.split(':')[1]));
  for (const order of snapshot.openOrders) users.add(order.userId);
  // Each market on its own (#34): its book, its orders, its open interest.
  for (const { symbol } of exchange.markets()) {
    const { bids, asks } = exchange.depth(Number.MAX_SAFE_INTEGER, symbol);
    if (bids[0] && asks[0])
      check(bids[0][0] < asks[0][0], `${symbol} book crossed: bid ${bids[0][0]} ≥ ask ${asks[0][0]}`);
    const bookQty = new Map<number, number>();
    for (const order of snapshot.openOrders.filter((row) => symbolOf(row) === symbol)) {
      check(
        order.filledQty >= 0 && order.filledQty < order.qty,
        `order ${order.id} filled ${order.filledQty} of ${order.qty}`,
      );
      check(order.status === 'open', `resting order ${order.id} is ${order.status}`);
      check(
        order.leverage === exchange.leverage(order.userId, symbol),
        `order ${order.id} leverage differs from the user's`,
      );
      bookQty.set(order.price as number, (bookQty.get(order.price as number) ?? 0) + order.qty - order.filledQty);
    }
    for (const [price, qty] of [...bids, ...asks])
      check(bookQty.get(price) === qty, `${symbol} level ${price} holds ${qty}, orders say ${bookQty.get(price)}`);
    check(bids.length + asks.length === bookQty.size, `${symbol} book levels match the open orders`);

    let longQty = 0;
    let shortQty = 0;
    for (const position of snapshot.positions.filter((row) => symbolOf(row) === symbol)) {
      check(position.qty > 0, `position of ${position.userId} is empty`);
      if (position.side === 1) longQty += position.qty;
      else shortQty += position.qty;
    }
    check(longQty === shortQty, `${symbol} open interest: ${longQty} long vs ${shortQty} short`);
  }

  for (const userId of users) {
    const view = exchange.balances(userId);
    const accounts = exchange.markets().map(({ symbol }) => marketAccounts(symbol));
    const orderMargin = accounts.reduce(
      (total, market) => total + exchange.accountBalance(market.orderMargin(userId)),
      0,
    );
    const positionMargin = accounts.reduce(
      (total, market) => total + exchange.accountBalance(market.positionMargin(userId)),
      0,
    );
    const positionsMargin = exchange.positionsOf(userId).reduce((total, position) => total + position.margin, 0);
    const held = exchange.openOrders(userId).reduce((total, order) => total + order.heldMargin, 0);
    const staked = exchange.optionOrders(userId).reduce((total, order) => total + order.stake, 0);
    check(view.spot === exchange.accountBalance(Account.spot(userId)), `spot of ${userId}`);
    check(view.futuresAvailable === exchange.accountBalance(Account.futures(userId)), `futuresAvailable of ${userId}`);
    check(view.longOrderHolds + view.shortOrderHolds === orderMargin, `waiting of ${userId}`);
    check(held === orderMargin, `order holds of ${userId}: ${held} vs account ${orderMargin}`);
    const required = exchange.requiredOrderHolds(userId);
    for (const order of exchange.openOrders(userId))
      check(
        order.heldMargin === required.get(order.id),
        `order ${order.id} holds ${order.heldMargin}, needs ${required.get(order.id)}`,
      );
    check(view.positionMargin === positionsMargin, `position margin of ${userId}`);
    check(view.positionMargin === positionMargin, `using of ${userId}`);
    check(
      view.optionStaked === staked && staked === exchange.accountBalance(Account.optionStake(userId)),
      `stakes of ${userId}`,
    );
    check(
      view.futuresTotal === view.futuresAvailable + view.positionMargin + view.longOrderHolds + view.shortOrderHolds,
      `futuresTotal of ${userId}`,
    );
    check(view.total === view.spot + view.futuresTotal, `usdt of ${userId}`);
  }

  const restored = Exchange.fromSnapshot(snapshot, exchange.config);
  check(isDeepStrictEqual(restored.snapshot(), snapshot), 'snapshot → restore → snapshot changes nothing');
}

/** MAKER (deep pockets) quotes; TRADER (6,000 USDT, 10x) takes 1 BTC at 50,000 on `side`. */
export function traderWithPosition(side: 1 | 2) {
  const h = new Harness();
  h.fundFutures(MAKER, 1_000_000 * USDT);
  h.fundFutures(TRADER, 6_000 * USDT);
  h.tick(usd(50_000));
  h.ok({ type: 'setLeverage', userId: TRADER, leverage: 10 });
  h.limit(MAKER, side === 1 ? 2 : 1, usd(50_000), btc(1));
  h.market(TRADER, side, btc(1));
  return h;
}
