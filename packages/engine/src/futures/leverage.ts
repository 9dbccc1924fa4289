/** Leverage changes: the position's margin and every resting order's hold are re-set to what the new leverage needs. */
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import type { Command, OrderState } from '../types.ts';
import { checkLeverageBracket } from './brackets.ts';
import { liquidates, liquidationPriceOf } from './fill-calculator.ts';
import { requiredHolds, rebalanceHolds } from './holds.ts';
import { initialMargin } from './margin.ts';
import { positionChanged } from './positions.ts';
import type { ResultOf } from '../command-results.ts';

export function setLeverage(
  s: MarketState,
  command: Extract<Command, { type: 'setLeverage' }>,
  effects: Effects,
): ResultOf<'setLeverage'> {
  const { userId, leverage } = command;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > s.config.maxLeverage) return reject('INVALID_LEVERAGE');
  const bracketProblem = checkLeverageBracket(s, userId, leverage);
  if (bracketProblem) return reject(bracketProblem);
  // A position's margin is re-set to what the new leverage needs at its entry price; resting orders re-held.
  const position = s.positionsByUser.get(userId);
  let positionMarginDelta = 0;
  if (position) {
    const targetMargin = initialMargin(position.entryPrice, position.qty, leverage);
    positionMarginDelta = targetMargin - position.margin;
    const newLiquidationPrice = liquidationPriceOf(s, { ...position, margin: targetMargin });
    if (s.lastMarkPrice !== null && liquidates(position.side, s.lastMarkPrice, newLiquidationPrice))
      return reject('LEVERAGE_WOULD_LIQUIDATE');
  }
  let holdDelta = 0;
  for (const [order, required] of requiredHolds(s, userId, leverage)) holdDelta += required - order.heldMargin;
  if (positionMarginDelta + holdDelta > s.freeFutures(userId)) return reject('LEVERAGE_NEEDS_MORE_MARGIN');

  s.leverageByUser.set(userId, leverage);
  if (position) {
    const ref = `leverage:${userId}`;
    const [wallet, margin] = [Account.futures(userId), s.accounts.positionMargin(userId)];
    if (positionMarginDelta > 0) s.post(wallet, margin, positionMarginDelta, 'position_margin', ref, effects);
    if (positionMarginDelta < 0) s.post(margin, wallet, -positionMarginDelta, 'position_margin', ref, effects);
    position.margin += positionMarginDelta;
    position.leverage = leverage;
    positionChanged(s, position, effects);
  }
  for (const orderId of s.orderIdsByUser.get(userId) ?? []) {
    const order = s.openOrdersById.get(orderId) as OrderState;
    order.leverage = leverage;
    s.markOrder(order, effects);
  }
  rebalanceHolds(s, userId, effects);
  effects.events.push({ type: 'leverage', userId, leverage, symbol: s.symbol });
  return { ok: true, value: { leverage } };
}
