/**
 * Isolated margin added to or removed from the open position (#32). Adding moves free futures USDT into the position's
 * margin; removing moves it back, at most down to the initial margin at the mark (after any unrealised loss, a profit
 * not counted, as Binance futures computes the maximum removable), and never to where the mark would liquidate.
 * The liquidation price follows by the formula already used (margin.ts liquidationPrice). A later leverage change re-sets
 * the margin to what the leverage needs (leverage.ts), returning what was added.
 */
import type { MicroUsdt } from '@tickline/money';
import type { CommandOf, ResultOf } from '../command-results.ts';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import type { PositionState } from '../types.ts';
import { liquidates, liquidationPriceOf } from './fill-calculator.ts';
import { initialMargin, pnl } from './margin.ts';
import { positionChanged } from './positions.ts';

export function adjustMargin(
  s: MarketState,
  command: CommandOf<'adjustMargin'>,
  effects: Effects,
): ResultOf<'adjustMargin'> {
  const { userId, amount, direction } = command;
  if (!Number.isSafeInteger(amount) || amount <= 0) return reject('INVALID_MARGIN_AMOUNT');
  if (direction !== 'add' && direction !== 'remove') return reject('VALIDATION_FAILED');
  const position = s.positionsByUser.get(userId);
  if (!position) return reject('NO_POSITION');
  const [wallet, margin] = [Account.futures(userId), s.accounts.positionMargin(userId)];
  const ref = `margin:${userId}`;
  if (direction === 'add') {
    if (amount > s.freeFutures(userId)) return reject('MARGIN_ADD_EXCEEDS_AVAILABLE');
    s.post(wallet, margin, amount, 'position_margin', ref, effects);
    position.margin += amount;
  } else {
    if (amount > removableMargin(s, position)) return reject('MARGIN_REMOVE_EXCEEDS_MAXIMUM');
    // With steep maintenance tiers the initial margin alone might not keep the mark off the liquidation price.
    const after = liquidationPriceOf(s, { ...position, margin: position.margin - amount });
    if (s.lastMarkPrice !== null && liquidates(position.side, s.lastMarkPrice, after))
      return reject('MARGIN_REMOVE_EXCEEDS_MAXIMUM');
    s.post(margin, wallet, amount, 'position_margin', ref, effects);
    position.margin -= amount;
  }
  positionChanged(s, position, effects);
  return { ok: true, value: { margin: position.margin, liquidationPrice: position.liquidationPrice } };
}

/** The most that may leave the position's margin now (0 when nothing may). */
export function removableMargin(s: MarketState, position: Readonly<PositionState>): MicroUsdt {
  const mark = s.lastMarkPrice ?? position.entryPrice;
  const loss = Math.min(0, pnl(position.side, position.entryPrice, mark, position.qty));
  return Math.max(0, position.margin + loss - initialMargin(mark, position.qty, position.leverage));
}
