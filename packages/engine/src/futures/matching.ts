/**
 * Matching: the taker walks the book (book/) through the match listener; every fill settles both sides at the
 * maker's price (positions.ts), after the fill calculator has said how much of it each side may take.
 */
import { multiplyDivide, type PriceTicks, type QtyLots } from '@tickline/money';
import { BUY, MAKER_CANCELLED, oppositeSide, type MatchListener } from '../book/order-book.ts';
import type { MarketState, Taker } from '../core/state.ts';
import type { OrderState, Side } from '../types.ts';
import { liquidationFillQty } from './adl.ts';
import { affordableQty, fillLiquidates } from './fill-calculator.ts';
import { rebalanceHolds, releaseHold } from './holds.ts';
import { cancelResting, forget } from './orders.ts';
import { settleFill, type FillParty } from './positions.ts';
import { applyEntryTpSl } from './entry-tpsl.ts';

const BASIS_POINTS = 10_000;

export function createMatchListener(s: MarketState): MatchListener {
  return {
    onSelfTradeCancel: (makerOrderId) => {
      const taker = s.taker as Taker;
      cancelResting(s, s.openOrdersById.get(makerOrderId) as OrderState, false, taker.effects);
    },
    acceptFill: (makerOrderId, makerUserId, price, qty) => {
      const taker = s.taker as Taker;
      // A resting order whose fill would leave its owner's position liquidatable is cancelled, not filled (as a taker
      // it would have stopped there: see below).
      const maker = s.openOrdersById.get(makerOrderId) as OrderState;
      const makerPosition = s.positionsByUser.get(makerUserId);
      if (fillLiquidates(s, makerPosition, maker.side, price, qty, s.leverage(makerUserId))) {
        cancelResting(s, maker, true, taker.effects);
        rebalanceHolds(s, makerUserId, taker.effects);
        return MAKER_CANCELLED;
      }
      const position = s.positionsByUser.get(taker.userId);
      if (taker.kind === 'liquidation')
        return position ? liquidationFillQty(s, position, price, Math.min(qty, position.qty)) : 0;
      // A user's own order or close never fills where it leaves the position liquidatable (beyond the bankruptcy
      // price, the insurance fund would pay the loss beyond the margin to the counterparty); only a liquidation does.
      const accepted =
        taker.kind === 'close'
          ? position && position.side !== taker.side
            ? Math.min(qty, position.qty)
            : 0
          : taker.reduceOnly
            ? Math.min(qty, position && position.side !== taker.side ? position.qty : 0)
            : affordableQty(s, taker.userId, taker.side, price, qty, taker.leverage);
      if (accepted > 0 && fillLiquidates(s, position, taker.side, price, accepted, taker.leverage)) return 0;
      return accepted;
    },
    onFill: (makerOrderId, makerUserId, price, qty, makerRemainingQty) => {
      const taker = s.taker as Taker;
      const effects = taker.effects;
      effects.events.push({
        type: 'trade',
        trade: {
          id: s.nextIds.trade++,
          symbol: s.symbol,
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
      const maker = s.openOrdersById.get(makerOrderId) as OrderState;
      releaseHold(s, maker, effects);
      maker.filledQty += qty;
      if (makerRemainingQty === 0) {
        maker.status = 'filled';
        forget(s, maker);
      }
      s.markOrder(maker, effects);
      const { id: orderId, side, orderPath } = maker;
      const makerFill: FillParty = { userId: makerUserId, side, orderId, orderPath, kind: 'order' };
      settleFill(s, makerFill, s.config.makerFeeRatePpm, price, qty, effects);
      applyEntryTpSl(s, maker, effects);
      rebalanceHolds(s, makerUserId, effects);
      settleFill(s, taker, s.config.takerFeeRatePpm, price, qty, effects);
    },
  };
}

/** Matches a taker against the book; returns the quantity filled. */
export function runTaker(s: MarketState, taker: Taker, limitPrice: PriceTicks, qty: QtyLots): QtyLots {
  s.taker = taker;
  try {
    return qty - s.book.matchIncoming(taker.side, taker.userId, limitPrice, qty, s.matchListener);
  } finally {
    s.taker = null;
  }
}

/** IOC limit for market-type orders: the mark (or, before the first mark, the best opposite price) ± protection. */
export function protectionPrice(s: MarketState, takerSide: Side): PriceTicks | null {
  const reference = s.lastMarkPrice ?? s.book.bestPrice(oppositeSide(takerSide));
  if (!reference) return null;
  const bps = s.config.marketProtectionBps;
  if (takerSide === BUY) return multiplyDivide(reference, BASIS_POINTS + bps, BASIS_POINTS, 'ceil');
  return Math.max(1, multiplyDivide(reference, BASIS_POINTS - bps, BASIS_POINTS, 'floor'));
}
