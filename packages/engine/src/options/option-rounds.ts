import { divide, multiplyDivide, type MicroUsdt, type PriceTicks } from '@tickline/money';
import type { ExchangeConfig } from '../config.ts';
import type { Effects, Post } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import { OptionResult, type OptionOrderState, type UserId } from '../types.ts';
import type { CommandOf, ResultOf } from '../command-results.ts';

const USDT = 1_000_000;
const BASIS_POINTS = 10_000;

/**
 * One-minute higher/lower options, banked by the house pool (PRODUCT.md §4). Rounds are aligned to UTC minutes;
 * stakes move from the free futures wallet to the user's stake account until their round settles.
 */
export class OptionRounds {
  private readonly unsettled = new Map<number, OptionOrderState>();
  private readonly idsByRound = new Map<number, Set<number>>();

  constructor(
    private readonly config: ExchangeConfig['option'],
    private readonly post: Post,
    private readonly freeFutures: (userId: UserId) => MicroUsdt,
  ) {}

  place(
    command: CommandOf<'placeOptionOrder'>,
    indexPrice: PriceTicks | null,
    /** When `indexPrice` was applied: an older price than `maxPriceAgeMs` is no open price. */
    priceAtMs: number | null,
    id: () => number,
    effects: Effects,
  ): ResultOf<'placeOptionOrder'> {
    const { userId, betType, stake } = command;
    const config = this.config;
    if (betType !== 1 && betType !== 2) return reject('OPTION_INVALID_BET_TYPE');
    if (!Number.isSafeInteger(stake) || stake <= 0 || stake % USDT !== 0 || stake < config.minStake)
      return reject('OPTION_INVALID_STAKE');
    if (stake > config.maxStakePerOrder) return reject('OPTION_STAKE_ABOVE_MAXIMUM');
    const roundStartMs = divide(effects.nowMs, config.roundMs, 'floor') * config.roundMs;
    const expireAtMs = roundStartMs + config.roundMs;
    if (effects.nowMs >= expireAtMs - config.cutoffMs) return reject('OPTION_ROUND_CLOSED');
    if (indexPrice === null || priceAtMs === null || effects.nowMs - priceAtMs > config.maxPriceAgeMs)
      return reject('OPTION_NO_PRICE');
    let stakedThisRound = 0;
    for (const orderId of this.idsByRound.get(roundStartMs) ?? []) {
      const order = this.unsettled.get(orderId) as OptionOrderState;
      if (order.userId === userId) stakedThisRound += order.stake;
    }
    if (stakedThisRound + stake > config.maxStakePerRound) return reject('OPTION_ROUND_LIMIT_REACHED');
    if (this.freeFutures(userId) < stake) return reject('INSUFFICIENT_BALANCE');

    const order: OptionOrderState = {
      id: id(),
      userId,
      betType,
      stake,
      openPrice: indexPrice,
      roundStartMs,
      expireAtMs,
      resultPrice: null,
      result: OptionResult.Waiting,
      settledProfit: 0,
      refunded: false,
      createdAtMs: effects.nowMs,
      settledAtMs: null,
    };
    this.post(
      Account.futures(userId),
      Account.optionStake(userId),
      stake,
      'option_stake',
      `option:${order.id}`,
      effects,
    );
    this.restore(order);
    effects.events.push({ type: 'optionOrder', order: { ...order } });
    return { ok: true, value: { optionOrderId: order.id, openPrice: order.openPrice, expireAtMs } };
  }

  /** Settles every unsettled order of the round; a second call finds none and changes nothing. */
  settleRound(
    command: CommandOf<'settleOptionRound'>,
    validPrice: (price: unknown) => boolean,
    effects: Effects,
  ): ResultOf<'settleOptionRound'> {
    const { roundStartMs, resultPrice } = command;
    if (!Number.isSafeInteger(roundStartMs)) return reject('VALIDATION_FAILED');
    if (resultPrice !== null && !validPrice(resultPrice)) return reject('INVALID_PRICE');
    if (effects.nowMs < roundStartMs + this.config.roundMs) return reject('OPTION_ROUND_NOT_ENDED');
    const orderIds = [...(this.idsByRound.get(roundStartMs) ?? [])];
    for (const orderId of orderIds) this.settle(this.unsettled.get(orderId) as OptionOrderState, resultPrice, effects);
    this.idsByRound.delete(roundStartMs);
    return { ok: true, value: { roundStartMs, resultPrice, settledCount: orderIds.length } };
  }

  private settle(order: OptionOrderState, resultPrice: PriceTicks | null, effects: Effects): void {
    const { userId, stake } = order;
    const ref = `option:${order.id}`;
    let result: OptionResult = OptionResult.Even; // also a round without a price: everyone is refunded
    if (resultPrice !== null)
      result =
        resultPrice > order.openPrice
          ? OptionResult.Higher
          : resultPrice < order.openPrice
            ? OptionResult.Lower
            : OptionResult.Even;
    if (result === OptionResult.Even) {
      this.post(Account.optionStake(userId), Account.futures(userId), stake, 'option_refund', ref, effects);
    } else if (result === order.betType) {
      const winnings = multiplyDivide(stake, this.config.payoutRateBps, BASIS_POINTS, 'floor');
      this.post(Account.optionStake(userId), Account.futures(userId), stake, 'option_payout', ref, effects);
      this.post(Account.optionPool, Account.futures(userId), winnings, 'option_payout', ref, effects);
      order.settledProfit = winnings;
    } else {
      this.post(Account.optionStake(userId), Account.optionPool, stake, 'option_stake', ref, effects);
      order.settledProfit = -stake;
    }
    order.result = result;
    order.resultPrice = resultPrice;
    order.refunded = resultPrice === null;
    order.settledAtMs = effects.nowMs;
    this.unsettled.delete(order.id);
    effects.events.push({ type: 'optionOrder', order: { ...order } });
    const outcome = order.refunded
      ? 'refunded (no price)'
      : result === OptionResult.Even
        ? 'EQ, refunded'
        : order.settledProfit > 0
          ? 'won'
          : 'lost';
    effects.events.push({ type: 'notice', userId, kind: 'optionResult', text: `Option order ${order.id} ${outcome}.` });
  }

  /** Adds an unsettled order (a new one, or one from a snapshot). */
  restore(order: OptionOrderState): void {
    this.unsettled.set(order.id, order);
    let ids = this.idsByRound.get(order.roundStartMs);
    if (!ids) this.idsByRound.set(order.roundStartMs, (ids = new Set()));
    ids.add(order.id);
  }

  /** Unsettled orders (of one user, or all), oldest first, as copies. */
  orders(userId?: UserId): OptionOrderState[] {
    const orders: OptionOrderState[] = [];
    for (const order of this.unsettled.values())
      if (userId === undefined || order.userId === userId) orders.push({ ...order });
    return orders.sort((a, b) => a.id - b.id);
  }
}
