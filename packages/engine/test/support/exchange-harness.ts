import { expect } from 'vitest';
import { Account, Exchange, isUserAccount, type ApplyOutput, type Command, type Rejection } from '../../src/index.ts';

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

export function checkInvariants(exchange: Exchange): void {
  const balances = exchange.ledgerBalances();
  expect(
    balances.reduce((sum, [, amount]) => sum + amount, 0),
    'ledger sums to zero',
  ).toBe(0);
  for (const [account, amount] of balances)
    if (isUserAccount(account)) expect(amount, `${account} is not negative`).toBeGreaterThanOrEqual(0);

  const { bids, asks } = exchange.depth(Number.MAX_SAFE_INTEGER);
  if (bids[0] && asks[0]) expect(bids[0][0], 'book not crossed').toBeLessThan(asks[0][0]);

  const snapshot = exchange.snapshot();
  const users = new Set<number>();
  for (const [account] of balances) if (isUserAccount(account)) users.add(Number(account.split(':')[1]));
  for (const order of snapshot.openOrders) {
    expect(order.filledQty).toBeLessThan(order.qty);
    expect(order.filledQty).toBeGreaterThanOrEqual(0);
    expect(order.status).toBe('open');
    users.add(order.userId);
  }
  let longQty = 0;
  let shortQty = 0;
  for (const position of snapshot.positions) {
    expect(position.qty).toBeGreaterThan(0);
    if (position.side === 1) longQty += position.qty;
    else shortQty += position.qty;
  }
  expect(longQty, 'open interest nets to zero').toBe(shortQty);

  for (const userId of users) {
    const view = exchange.balances(userId);
    const held = exchange.openOrders(userId);
    expect(view.bsc).toBe(exchange.accountBalance(Account.spot(userId)));
    expect(view.futuresAvailable).toBe(exchange.accountBalance(Account.futures(userId)));
    expect(view.longWaitingRequiredAmount + view.shortWaitingRequiredAmount).toBe(
      exchange.accountBalance(Account.orderMargin(userId)),
    );
    expect(held.reduce((sum, order) => sum + order.heldMargin, 0)).toBe(
      exchange.accountBalance(Account.orderMargin(userId)),
    );
    expect(view.usingRequiredAmount).toBe(exchange.position(userId)?.margin ?? 0);
    expect(view.usingRequiredAmount).toBe(exchange.accountBalance(Account.positionMargin(userId)));
    expect(view.optionStaked).toBe(exchange.optionOrders(userId).reduce((sum, order) => sum + order.stake, 0));
    expect(view.usdtm).toBe(
      view.futuresAvailable +
        view.usingRequiredAmount +
        view.longWaitingRequiredAmount +
        view.shortWaitingRequiredAmount,
    );
    expect(view.usdt).toBe(view.bsc + view.usdtm);
  }

  const restored = Exchange.fromSnapshot(snapshot, exchange.config);
  expect(restored.snapshot(), 'snapshot round-trips').toEqual(snapshot);
}
