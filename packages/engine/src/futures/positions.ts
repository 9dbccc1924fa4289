/**
 * Positions: one net position per user (one-way mode), isolated margin. A fill settles here, through the fill
 * calculator, and every position change re-indexes its liquidation and TP/SL triggers.
 */
import type { MicroUsdt, PriceTicks, QtyLots } from '@tickline/money';
import { BUY } from '../book/order-book.ts';
import type { MarketState, Taker } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { Account } from '../ledger.ts';
import { HistoryPosition, OrderPath, type PositionState, type UserId } from '../types.ts';
import type { RatePpm } from '../units.ts';
import { afterOpening, closeFill, liquidationPriceOf, openFill } from './fill-calculator.ts';

/** Whose fill it is: the user, their side, the order and how it settles (a maker's fill settles as an 'order'). */
export type FillParty = Pick<Taker, 'userId' | 'side' | 'orderId' | 'orderPath' | 'kind'>;

/** One fill of `qty` at `price` for one side of a trade: reduces the opposite position first, opens the rest. */
export function settleFill(
  s: MarketState,
  party: FillParty,
  feeRate: RatePpm,
  price: PriceTicks,
  qty: QtyLots,
  effects: Effects,
): void {
  const position = s.positionsByUser.get(party.userId);
  let openingQty = qty;
  if (position && position.side !== party.side) {
    const reducing = Math.min(qty, position.qty);
    reducePosition(s, position, party, feeRate, price, reducing, effects);
    openingQty -= reducing;
  }
  if (openingQty > 0) increasePosition(s, party, feeRate, price, openingQty, effects);
}

/**
 * Closes `qty` of a position at `price`. Realised PnL goes through pnlClearing; a loss beyond the released margin is
 * paid by the insurance fund, so the user never goes negative. A liquidation returns nothing to the user: what is
 * left of the margin goes to the insurance fund (the user loses exactly the margin, as at the bankruptcy price).
 */
function reducePosition(
  s: MarketState,
  position: PositionState,
  { orderId, orderPath, kind }: FillParty,
  feeRate: RatePpm,
  price: PriceTicks,
  qty: QtyLots,
  effects: Effects,
): void {
  const { userId } = position;
  const ref = `order:${orderId}`;
  const fill = closeFill(position, price, qty, feeRate);
  const { released, grossPnl, marginLeft } = fill;
  s.post(s.accounts.positionMargin(userId), s.accounts.pnlClearing, fill.lossFromMargin, 'realized_pnl', ref, effects);
  s.payFromInsuranceFund(s.accounts.pnlClearing, fill.shortfall, ref, effects);
  let fee = 0;
  let realizedProfit: MicroUsdt;
  if (kind === 'liquidation') {
    s.post(s.accounts.positionMargin(userId), s.accounts.insuranceFund, marginLeft, 'liquidation', ref, effects);
    if (grossPnl > 0) s.post(s.accounts.pnlClearing, s.accounts.insuranceFund, grossPnl, 'liquidation', ref, effects);
    realizedProfit = -released;
  } else {
    if (grossPnl > 0) s.post(s.accounts.pnlClearing, Account.futures(userId), grossPnl, 'realized_pnl', ref, effects);
    s.post(s.accounts.positionMargin(userId), Account.futures(userId), marginLeft, 'position_margin', ref, effects);
    fee = fill.fee;
    s.post(Account.futures(userId), Account.feeRevenue, fee, 'trading_fee', ref, effects);
    realizedProfit = Math.max(grossPnl, -released);
  }
  s.pushHistory(effects, {
    userId,
    orderId,
    orderPath: kind === 'liquidation' ? OrderPath.Liquidation : orderPath,
    position: kind === 'liquidation' ? HistoryPosition.Liquidation : HistoryPosition.Close,
    price: position.entryPrice,
    closePrice: price,
    qty,
    openOrderFee: 0,
    closeOrderFee: fee,
    realizedProfit,
  });
  position.qty -= qty;
  position.margin -= released;
  positionChanged(s, position, effects);
}

function increasePosition(
  s: MarketState,
  { userId, side, orderId, orderPath }: FillParty,
  feeRate: RatePpm,
  price: PriceTicks,
  qty: QtyLots,
  effects: Effects,
): void {
  const leverage = s.leverage(userId);
  const { margin, fee } = openFill(price, qty, leverage, feeRate);
  const ref = `order:${orderId}`;
  s.post(Account.futures(userId), s.accounts.positionMargin(userId), margin, 'position_margin', ref, effects);
  s.post(Account.futures(userId), Account.feeRevenue, fee, 'trading_fee', ref, effects);
  let position = s.positionsByUser.get(userId);
  if (!position) {
    position = {
      symbol: s.symbol,
      userId,
      side,
      qty,
      entryPrice: price,
      leverage,
      margin,
      liquidationPrice: 0,
      takeProfit: null,
      stopLoss: null,
      openedAtMs: effects.nowMs,
      updatedAtMs: effects.nowMs,
    };
    s.positionsByUser.set(userId, position);
  } else {
    Object.assign(position, afterOpening(position, side, price, qty, margin));
    position.leverage = leverage;
  }
  s.pushHistory(effects, {
    userId,
    orderId,
    orderPath,
    position: side,
    price,
    closePrice: null,
    qty,
    openOrderFee: fee,
    closeOrderFee: 0,
    realizedProfit: 0,
  });
  positionChanged(s, position, effects);
}

/** Recomputes the liquidation price and re-indexes the triggers; a position at zero quantity is removed. */
export function positionChanged(s: MarketState, position: PositionState, effects: Effects | null): void {
  const { userId } = position;
  unindexPosition(s, userId);
  if (effects) {
    position.updatedAtMs = effects.nowMs;
    effects.dirtyPositions.add(userId);
  }
  if (position.qty === 0) {
    s.positionsByUser.delete(userId);
    return;
  }
  position.liquidationPrice = liquidationPriceOf(s, position);
  indexPosition(s, position);
}

export function indexPosition(s: MarketState, position: PositionState): void {
  const { userId, side, liquidationPrice: liquidation, takeProfit, stopLoss } = position;
  if (side === BUY) {
    if (liquidation > 0) s.longLiquidations.set(userId, liquidation);
    if (takeProfit !== null) s.exitsAbove.set(userId, takeProfit);
    if (stopLoss !== null) s.exitsBelow.set(userId, stopLoss);
  } else {
    s.shortLiquidations.set(userId, liquidation);
    if (stopLoss !== null) s.exitsAbove.set(userId, stopLoss);
    if (takeProfit !== null) s.exitsBelow.set(userId, takeProfit);
  }
}

export function unindexPosition(s: MarketState, userId: UserId): void {
  s.longLiquidations.delete(userId);
  s.shortLiquidations.delete(userId);
  s.exitsAbove.delete(userId);
  s.exitsBelow.delete(userId);
}
