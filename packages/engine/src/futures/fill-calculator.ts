/**
 * The one fill calculator: what a fill does to a position and the free wallet. The real settlement (positions.ts)
 * and the dry runs before an order is accepted (affordableQty, simulateTaker, fillableQty) use the same functions,
 * so what a dry run promises is what the fill then posts.
 */
import { multiplyDivide, type MicroUsdt, type PriceTicks, type QtyLots } from '@tickline/money';
import { crosses, oppositeSide, BUY } from '../book/order-book.ts';
import type { MarketState, TakerKind } from '../core/state.ts';
import type { PositionState, Side, UserId } from '../types.ts';
import type { RatePpm } from '../units.ts';
import { averageEntryPrice, initialMargin, liquidationPrice, pnl, tradingFee } from './margin.ts';

/** A position as the calculator sees it (a live one, or a dry run's copy). */
export interface PositionFigures {
  side: Side;
  qty: QtyLots;
  entryPrice: PriceTicks;
  margin: MicroUsdt;
}

/** What opening (or adding) `qty` at `price` takes from the free wallet. */
export interface OpenFill {
  margin: MicroUsdt;
  fee: MicroUsdt;
}

export function openFill(price: PriceTicks, qty: QtyLots, leverage: number, feeRate: RatePpm): OpenFill {
  return { margin: initialMargin(price, qty, leverage), fee: tradingFee(price, qty, feeRate) };
}

/** What closing `qty` of a position at `price` moves (a liquidation keeps the fee and `returned` out: see positions). */
export interface CloseFill {
  /** The part of the position's margin the closed quantity carried. */
  released: MicroUsdt;
  /** Signed PnL of the closed quantity. */
  grossPnl: MicroUsdt;
  /** The loss paid out of the released margin. */
  lossFromMargin: MicroUsdt;
  /** The loss beyond the released margin (beyond bankruptcy): the insurance fund pays it. */
  shortfall: MicroUsdt;
  marginLeft: MicroUsdt;
  /** The close fee, waived where nothing is left to pay it from (never owed). */
  fee: MicroUsdt;
  /** What the free wallet gets back: margin left + profit − fee, never below zero. */
  returned: MicroUsdt;
}

export function closeFill(position: PositionFigures, price: PriceTicks, qty: QtyLots, feeRate: RatePpm): CloseFill {
  const released = releasedMargin(position, qty);
  const grossPnl = pnl(position.side, position.entryPrice, price, qty);
  const lossFromMargin = grossPnl < 0 ? Math.min(released, -grossPnl) : 0;
  const shortfall = grossPnl < 0 ? -grossPnl - lossFromMargin : 0;
  const marginLeft = released - lossFromMargin;
  const proceeds = marginLeft + Math.max(0, grossPnl);
  const fee = Math.min(tradingFee(price, qty, feeRate), proceeds);
  return { released, grossPnl, lossFromMargin, shortfall, marginLeft, fee, returned: proceeds - fee };
}

export function releasedMargin(position: PositionFigures, qty: QtyLots): MicroUsdt {
  return qty === position.qty ? position.margin : multiplyDivide(position.margin, qty, position.qty, 'floor');
}

/** Whether closing `qty` of the position at `price` loses more than the margin it releases (beyond bankruptcy). */
export function losesBeyondMargin(position: PositionFigures, price: PriceTicks, qty: QtyLots): boolean {
  return pnl(position.side, position.entryPrice, price, qty) + releasedMargin(position, qty) < 0;
}

/** The position after opening `qty` more at `price` with `margin` (a new one if there was none on this side). */
export function afterOpening(
  position: PositionFigures | null | undefined,
  side: Side,
  price: PriceTicks,
  qty: QtyLots,
  margin: MicroUsdt,
): PositionFigures {
  if (!position || position.qty === 0 || position.side !== side) return { side, qty, entryPrice: price, margin };
  return {
    side,
    qty: position.qty + qty,
    entryPrice: averageEntryPrice(side, position.qty, position.entryPrice, qty, price),
    margin: position.margin + margin,
  };
}

export function liquidates(side: Side, markPrice: PriceTicks, liquidationPriceTicks: PriceTicks): boolean {
  return side === BUY ? markPrice <= liquidationPriceTicks : markPrice >= liquidationPriceTicks;
}

export function liquidationPriceOf(s: MarketState, position: PositionFigures): PriceTicks {
  return liquidationPrice(position.side, position.qty, position.entryPrice, position.margin, s.config.maintenanceTiers);
}

/**
 * Whether a fill of `qty` at `price` on `side` would leave the user's position liquidatable: its reducing part losing
 * more than the margin it releases (beyond the bankruptcy price), or its opening part putting the position at or
 * beyond its liquidation price at the mark. Either way the fill is not made (only a liquidation closes beyond
 * bankruptcy): the insurance fund would pay the loss beyond the margin, to the counterparty.
 */
export function fillLiquidates(
  s: MarketState,
  position: PositionFigures | null | undefined,
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
  const mark = s.lastMarkPrice;
  if (opening === 0 || mark === null) return false;
  const after = afterOpening(position, side, price, opening, initialMargin(price, opening, leverage));
  // Fast path, most fills: in the first maintenance tier the requirement is notional × rate, and margin + PnL above
  // it by more than two ticks' worth puts the mark more than a tick from the liquidation price (PnL moves by qty per
  // tick, the requirement by less), so the exact (BigInt) liquidation price is not needed.
  const firstTier = s.config.maintenanceTiers[0]!;
  if ((mark + 1) * after.qty <= firstTier.maxNotional) {
    const requirement = tradingFee(mark, after.qty, firstTier.ratePpm);
    const equity = after.margin + pnl(side, after.entryPrice, mark, after.qty);
    if (equity - requirement > 2 * after.qty + 2) return false;
  }
  return liquidates(side, mark, liquidationPriceOf(s, after));
}

/** Largest part of `qty` the user can afford to take at `price` (reducing needs no margin; opening does). */
export function affordableQty(
  s: MarketState,
  userId: UserId,
  side: Side,
  price: PriceTicks,
  qty: QtyLots,
  leverage: number,
): QtyLots {
  const position = s.positionsByUser.get(userId);
  const reducing = position && position.side !== side ? Math.min(qty, position.qty) : 0;
  const feeRate = s.config.takerFeeRatePpm;
  let available = s.freeFutures(userId);
  if (position && reducing > 0) available += closeFill(position, price, reducing, feeRate).returned;
  const need = (takeQty: QtyLots) => {
    const opening = takeQty - reducing;
    if (opening <= 0) return 0;
    const { margin, fee } = openFill(price, opening, leverage, feeRate);
    return margin + fee;
  };
  if (need(qty) <= available) return qty;
  let low = reducing; // affordable
  let high = qty; // not affordable
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (need(middle) <= available) low = middle;
    else high = middle;
  }
  return low - (low % s.config.lotSizeLots);
}

/** What a new order would do as a taker: filled quantity, free wallet after, why it stopped, the position after. */
export interface TakerPlan {
  filledQty: QtyLots;
  freeAfter: MicroUsdt;
  shortOfMargin: boolean;
  stoppedToAvoidLiquidation: boolean;
  position: Readonly<PositionFigures> | null;
}

/** simulateTaker's answer for an order that crosses nothing. */
export function restingPlan(s: MarketState, userId: UserId): TakerPlan {
  return {
    filledQty: 0,
    freeAfter: s.freeFutures(userId),
    shortOfMargin: false,
    stoppedToAvoidLiquidation: false,
    position: s.positionsByUser.get(userId) ?? null,
  };
}

/**
 * Walks the book without changing it, as the taker would (skipping the user's own orders, which self-trade
 * prevention will cancel and whose holds come back), to see what would fill and whether the margin suffices.
 */
export function simulateTaker(
  s: MarketState,
  userId: UserId,
  side: Side,
  limitPrice: PriceTicks,
  qty: QtyLots,
  leverage: number,
): TakerPlan {
  const live = s.positionsByUser.get(userId);
  let position: PositionFigures | null = live ? { ...live } : null;
  let free = s.freeFutures(userId);
  const feeRate = s.config.takerFeeRatePpm;
  let filledQty = 0;
  let shortOfMargin = false;
  let stoppedToAvoidLiquidation = false;
  s.book.walk(oppositeSide(side), (orderId, ownerId, price, makerQty) => {
    if (!crosses(side, limitPrice, price)) return false;
    if (ownerId === userId) {
      free += s.openOrdersById.get(orderId)?.heldMargin ?? 0;
      return true;
    }
    const fillQty = Math.min(qty - filledQty, makerQty);
    // As acceptFill: a maker whose fill would leave its position liquidatable is cancelled; the taker stops there.
    const maker = s.positionsByUser.get(ownerId);
    if (fillLiquidates(s, maker, oppositeSide(side), price, fillQty, s.leverage(ownerId))) return true;
    if (fillLiquidates(s, position, side, price, fillQty, leverage)) {
      stoppedToAvoidLiquidation = true;
      return false;
    }
    let openingQty = fillQty;
    if (position && position.side !== side && position.qty > 0) {
      const reducing = Math.min(fillQty, position.qty);
      const close = closeFill(position, price, reducing, feeRate);
      free += close.returned;
      position.margin -= close.released;
      position.qty -= reducing;
      openingQty -= reducing;
    }
    if (openingQty > 0) {
      const { margin, fee } = openFill(price, openingQty, leverage, feeRate);
      if (margin + fee > free) {
        shortOfMargin = true;
        return false;
      }
      free -= margin + fee;
      position = afterOpening(position, side, price, openingQty, margin);
    }
    filledQty += fillQty;
    return filledQty < qty;
  });
  return { filledQty, freeAfter: free, shortOfMargin, stoppedToAvoidLiquidation, position };
}

/**
 * Liquidity a reduce-only close of `qty` would find (the user's own orders excluded: they are cancelled first; for
 * anything but a liquidation, only down to the bankruptcy price, as acceptFill).
 */
export function fillableQty(
  s: MarketState,
  position: PositionState,
  kind: TakerKind,
  limitPrice: PriceTicks,
  qty: QtyLots,
): QtyLots {
  const { userId } = position;
  const side = oppositeSide(position.side);
  let fillable = 0;
  s.book.walk(oppositeSide(side), (_orderId, ownerId, price, makerQty) => {
    if (!crosses(side, limitPrice, price)) return false;
    const fillQty = Math.min(makerQty, qty - fillable);
    if (kind !== 'liquidation' && losesBeyondMargin(position, price, fillQty)) return false;
    const maker = s.positionsByUser.get(ownerId);
    if (ownerId !== userId && !fillLiquidates(s, maker, position.side, price, fillQty, s.leverage(ownerId)))
      fillable += makerQty;
    return fillable < qty;
  });
  return Math.min(fillable, qty);
}
