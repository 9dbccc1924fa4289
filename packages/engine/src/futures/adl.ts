/**
 * The liquidation queue's last step, auto-deleveraging (ADL), when `config.autoDeleverage` is on. A liquidation
 * sells into the book; each fill beyond the bankruptcy price is paid by the insurance fund. A fill the fund cannot
 * pay in full is cut to what it can (liquidationFillQty), and the rest of the position is closed against the
 * opposite positions at its bankruptcy price, where it loses exactly its margin and the fund pays nothing
 * (autoDeleverage). No fee is charged either side; the deleveraged users' waiting orders are cancelled and they get a
 * notice; an `autoDeleverage` event tells the operators.
 *
 * The queue is Binance's LeveragePnL ranking: PnL% × margin ratio = max(0, uPnL) / max(1 USDT, margin) ×
 * maintenance / (margin + uPnL), at the mark: profitable and highly leveraged positions first (the margin ratio is the
 * maintenance rate × the effective leverage). Positions in loss score 0 and come last; ties go by user id.
 */
import type { PriceTicks, QtyLots } from '@tickline/money';
import { oppositeSide } from '../book/order-book.ts';
import type { MarketState } from '../core/state.ts';
import type { Effects } from '../effects.ts';
import { OrderPath, type OrderState, type PositionState, type Side, type UserId } from '../types.ts';
import { ratePpm } from '../units.ts';
import { closeFill, losesBeyondMargin } from './fill-calculator.ts';
import { bankruptcyPrice, maintenanceRate, notional, pnl } from './margin.ts';
import { cancelAllOrders, newOrder } from './orders.ts';
import { settleFill, type FillParty } from './positions.ts';

const NO_FEE = ratePpm(0);
const PPM = 1_000_000n;
/** Binance's max(1, wallet balance): 1 USDT in micro-USDT. */
const ONE_USDT = 1_000_000;

/**
 * The part of `qty` a liquidation may fill at `price` with the insurance fund paying the loss beyond the margin:
 * all of it when ADL is off or the fund covers it; otherwise the largest part it covers, and the cut is noted so
 * the rest is auto-deleveraged.
 */
export function liquidationFillQty(s: MarketState, position: PositionState, price: PriceTicks, qty: QtyLots): QtyLots {
  if (!s.config.autoDeleverage) return qty;
  const fund = s.balance(s.accounts.insuranceFund);
  const covered = (part: QtyLots) => closeFill(position, price, part, NO_FEE).shortfall <= fund;
  if (covered(qty)) return qty;
  let low = 0; // covered
  let high = qty; // not covered
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (covered(middle)) low = middle;
    else high = middle;
  }
  s.liquidationCutByFund = true;
  return low - (low % s.config.lotSizeLots);
}

/** A position's place in the queue: its LeveragePnL as the fraction num / den (den > 0). */
interface QueueEntry {
  position: PositionState;
  num: bigint;
  den: bigint;
}

function queueEntry(s: MarketState, position: PositionState, mark: PriceTicks): QueueEntry {
  const upnl = pnl(position.side, position.entryPrice, mark, position.qty);
  const equity = position.margin + upnl;
  if (upnl <= 0 || equity <= 0) return { position, num: 0n, den: 1n };
  const positionNotional = notional(mark, position.qty);
  const { ratePpm: rate, deduction } = maintenanceRate(positionNotional, s.config.maintenanceTiers);
  const maintenanceTimesPpm = BigInt(positionNotional) * BigInt(rate) - BigInt(deduction) * PPM;
  const walletBalance = BigInt(Math.max(ONE_USDT, position.margin));
  return { position, num: BigInt(upnl) * maintenanceTimesPpm, den: walletBalance * BigInt(equity) * PPM };
}

/** The positions on `side`, first to be deleveraged first. */
export function adlQueue(s: MarketState, side: Side, mark: PriceTicks): PositionState[] {
  const entries: QueueEntry[] = [];
  for (const position of s.positionsByUser.values())
    if (position.side === side && position.qty > 0) entries.push(queueEntry(s, position, mark));
  entries.sort((a, b) => {
    const difference = b.num * a.den - a.num * b.den;
    if (difference !== 0n) return difference > 0n ? 1 : -1;
    return a.position.userId - b.position.userId;
  });
  return entries.map((entry) => entry.position);
}

/**
 * The user's ADL quantile, 0–4 as Binance's `adlQuantile`: the quintile of their place in their side's queue, 4
 * for the first fifth; 0 for a position in loss (score 0). Null without a position or a mark.
 */
export function adlQuantile(s: MarketState, userId: UserId): number | null {
  const position = s.positionsByUser.get(userId);
  const mark = s.lastMarkPrice;
  if (!position || mark === null) return null;
  if (queueEntry(s, position, mark).num === 0n) return 0;
  const queue = adlQueue(s, position.side, mark);
  const n = queue.length;
  const rank = queue.indexOf(position);
  return Math.floor((5 * (n - rank) + n - 1) / n) - 1;
}

/**
 * Closes what is left of a liquidated position against the queue of opposite positions at its bankruptcy price,
 * each counterparty in turn for as much as it holds; a counterparty that would itself lose beyond its margin at that
 * price is passed over. `order` is the liquidation's order, filled further here. Returns the quantity closed.
 */
export function autoDeleverage(s: MarketState, position: PositionState, order: OrderState, effects: Effects): QtyLots {
  const mark = s.lastMarkPrice as PriceTicks;
  const { userId } = position;
  const price = bankruptcyPrice(position.side, position.qty, position.entryPrice, position.margin);
  if (price <= 0) return 0;
  const closingSide = oppositeSide(position.side);
  const liquidated: FillParty = {
    userId,
    side: closingSide,
    orderId: order.id,
    orderPath: OrderPath.Liquidation,
    kind: 'liquidation',
  };
  const startQty = position.qty;
  const counterparties: Array<{ userId: UserId; qty: QtyLots }> = [];
  for (const counterparty of adlQueue(s, closingSide, mark)) {
    const qty = Math.min(position.qty, counterparty.qty);
    if (losesBeyondMargin(counterparty, price, qty)) continue;
    deleverageCounterparty(s, counterparty, price, qty, mark, effects);
    settleFill(s, liquidated, NO_FEE, price, qty, effects);
    counterparties.push({ userId: counterparty.userId, qty });
    if (!s.positionsByUser.has(userId)) break;
  }
  const closed = startQty - (s.positionsByUser.get(userId)?.qty ?? 0);
  if (closed === 0) return 0;
  order.filledQty += closed;
  order.status = order.filledQty === order.qty ? 'filled' : 'cancelled';
  s.markOrder(order, effects);
  effects.events.push({
    type: 'autoDeleverage',
    symbol: s.symbol,
    liquidatedUserId: userId,
    side: position.side,
    qty: closed,
    bankruptcyPrice: price,
    markPrice: mark,
    counterparties,
  });
  return closed;
}

/** Closes `qty` of the counterparty's position at `price`: its waiting orders cancelled, no fee, a notice. */
function deleverageCounterparty(
  s: MarketState,
  counterparty: PositionState,
  price: PriceTicks,
  qty: QtyLots,
  mark: PriceTicks,
  effects: Effects,
): void {
  const { userId } = counterparty;
  const side = oppositeSide(counterparty.side);
  cancelAllOrders(s, userId, effects);
  const order = newOrder(s, userId, side, OrderPath.Liquidation, null, qty, s.leverage(userId), true, effects);
  order.filledQty = qty;
  order.status = 'filled';
  s.markOrder(order, effects);
  const party: FillParty = { userId, side, orderId: order.id, orderPath: OrderPath.Liquidation, kind: 'close' };
  settleFill(s, party, NO_FEE, price, qty, effects);
  effects.events.push({
    type: 'notice',
    symbol: s.symbol,
    userId,
    kind: 'autoDeleverage',
    text: `${qty} lots of your ${counterparty.side === 1 ? 'long' : 'short'} position were auto-deleveraged at ${price} (mark ${mark}).`,
  });
}
