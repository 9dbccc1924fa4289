/**
 * Funding: payers pay notional × rate at the mark (rounded up, never more than their margin); receivers get their
 * share (rounded down, scaled down if payers could not pay in full); the residue goes to fee revenue.
 */
import { multiplyDivide, type MicroUsdt } from '@tickline/money';
import { BUY, SELL } from '../book/order-book.ts';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { reject } from '../rejections.ts';
import type { Command, PositionState, Side } from '../types.ts';
import { PPM, ratePpm } from '../units.ts';
import { runLiquidations } from './closing.ts';
import { tradingFee } from './margin.ts';
import { positionChanged } from './positions.ts';
import type { ResultOf } from '../command-results.ts';

/** Funding rates are capped at ±0.75 % (PRODUCT.md §3). */
const MAX_FUNDING_RATE_PPM = 7_500;

export function settleFunding(
  s: MarketState,
  command: Extract<Command, { type: 'settleFunding' }>,
  effects: Effects,
): ResultOf<'settleFunding'> {
  const rate = command.fundingRatePpm;
  if (!Number.isInteger(rate) || Math.abs(rate) > MAX_FUNDING_RATE_PPM) return reject('INVALID_FUNDING_RATE');
  const mark = s.lastMarkPrice;
  if (mark === null) return reject('NO_MARK_PRICE');
  const ref = `funding:${effects.nowMs}`;
  effects.events.push({
    type: 'fundingRate',
    settlement: { symbol: s.symbol, timeMs: effects.nowMs, ratePpm: rate, markPrice: mark },
  });
  const payingSide: Side = rate > 0 ? BUY : SELL;
  const positions = [...s.positionsByUser.values()].sort((a, b) => a.userId - b.userId);
  const absoluteRate = ratePpm(Math.abs(rate));
  let collected = 0;
  const receivers: Array<[PositionState, MicroUsdt]> = [];
  let owedToReceivers = 0;
  // Each user's settlement, for their funding history (#32).
  const pushFunding = ({ userId, side, qty }: PositionState, amount: number) =>
    effects.events.push({
      type: 'funding',
      payment: { symbol: s.symbol, userId, timeMs: effects.nowMs, ratePpm: rate, side, qty, markPrice: mark, amount },
    });
  for (const position of rate === 0 ? [] : positions) {
    if (position.side === payingSide) {
      const paid = Math.min(tradingFee(mark, position.qty, absoluteRate), position.margin);
      s.post(s.accounts.positionMargin(position.userId), s.accounts.fundingClearing, paid, 'funding', ref, effects);
      position.margin -= paid;
      collected += paid;
      pushFunding(position, -paid);
      positionChanged(s, position, effects);
    } else {
      const due = multiplyDivide(mark * position.qty, absoluteRate, PPM, 'floor');
      receivers.push([position, due]);
      owedToReceivers += due;
    }
  }
  for (const [position, due] of receivers) {
    const amount = owedToReceivers <= collected ? due : multiplyDivide(due, collected, owedToReceivers, 'floor');
    s.post(s.accounts.fundingClearing, s.accounts.positionMargin(position.userId), amount, 'funding', ref, effects);
    position.margin += amount;
    pushFunding(position, amount);
    positionChanged(s, position, effects);
  }
  const residue = s.balance(s.accounts.fundingClearing);
  s.post(s.accounts.fundingClearing, Account.feeRevenue, residue, 'funding', ref, effects);
  const liquidated = runLiquidations(s, effects);
  return { ok: true, value: { collected, liquidated } };
}
