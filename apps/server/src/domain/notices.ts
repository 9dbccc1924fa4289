/**
 * The alarms users get for what happened to them without a request of theirs: a liquidation, a take-profit or
 * stop-loss close, an option result. The engine says that something happened (a `notice` event); the text here is
 * written for people from the command and the events around the notice, with prices and sizes as the screens show
 * them ("64,012.50 USDT", "0.5000 BTC"), never the engine's integers.
 */
import { formatPrice, formatQty, formatUsdt, type MicroUsdt } from '@tickline/money';
import type { Command, EngineEvent, OptionOrderState, OrderState } from '@tickline/engine';

export type NoticeEvent = Extract<EngineEvent, { type: 'notice' }>;
export type NoticeKind = NoticeEvent['kind'];

/** A notice as stored in `alarms` and pushed on the user's stream. */
export interface NoticeAlarm {
  userId: number;
  kind: NoticeKind;
  content: string;
  createdAtMs: number;
}

const BUY_SIDE = 1;

/** "+9.50 USDT" / "-10.00 USDT": amounts shown to 2 decimals, the magnitude rounded down as balances are. */
function signedUsdt(amount: MicroUsdt): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '-' : '';
  return `${sign}${formatUsdt(Math.abs(amount))} USDT`;
}

/** Order paths of the engine's own closes: 4 STOP MARKET (take profit, stop loss), 5 liquidation and ADL. */
const CLOSE_ORDER_PATH: Record<Exclude<NoticeKind, 'optionResult'>, number> = {
  takeProfit: 4,
  stopLoss: 4,
  liquidation: 5,
  autoDeleverage: 5,
};

/** The close behind the notice: the user's order of the matching path in this command's events, as it ended. */
function closingOrder(events: readonly EngineEvent[], notice: NoticeEvent): OrderState | null {
  const orderPath = CLOSE_ORDER_PATH[notice.kind as Exclude<NoticeKind, 'optionResult'>];
  let found: OrderState | null = null;
  for (const event of events)
    if (event.type === 'order' && event.order.userId === notice.userId && event.order.orderPath === orderPath)
      found = event.order;
  return found;
}

function settledOptionOrder(
  events: readonly EngineEvent[],
  noticeIndex: number,
  userId: number,
): OptionOrderState | null {
  for (let index = noticeIndex - 1; index >= 0; index--) {
    const event = events[index]!;
    if (event.type === 'optionOrder' && event.order.userId === userId) return event.order;
  }
  return null;
}

function realizedProfitOf(events: readonly EngineEvent[], orderId: number): MicroUsdt {
  let total = 0;
  for (const event of events)
    if (event.type === 'futuresHistory' && event.entry.orderId === orderId) total += event.entry.realizedProfit;
  return total;
}

function closePriceOf(events: readonly EngineEvent[], orderId: number): number | null {
  for (const event of events)
    if (event.type === 'futuresHistory' && event.entry.orderId === orderId) return event.entry.closePrice;
  return null;
}

function describeClose(
  notice: NoticeEvent,
  order: OrderState | null,
  command: Command,
  events: readonly EngineEvent[],
) {
  if (!order) return notice.kind === 'liquidation' ? 'Your position was liquidated.' : 'Your position was closed.';
  // The closing order is on the other side of the position.
  const positionSide = order.side === BUY_SIDE ? 'short' : 'long';
  const size = `${formatQty(order.filledQty)} BTC`;
  const atMark = command.type === 'priceTick' ? ` at mark price ${formatPrice(command.markPrice)} USDT` : '';
  const profit = `Realized PnL ${signedUsdt(realizedProfitOf(events, order.id))}.`;
  if (notice.kind === 'liquidation')
    return `Your ${positionSide} position of ${size} was liquidated${atMark}. ${profit}`;
  if (notice.kind === 'autoDeleverage') {
    const closePrice = closePriceOf(events, order.id);
    const at = closePrice === null ? '' : ` at ${formatPrice(closePrice)} USDT`;
    const mark = command.type === 'priceTick' ? ` (mark price ${formatPrice(command.markPrice)} USDT)` : '';
    return `Auto-deleveraging: ${size} of your ${positionSide} position was closed${at}, the bankruptcy price of a liquidation the insurance fund could not cover${mark}. No fee was charged; your waiting orders were cancelled. ${profit}`;
  }
  const trigger = notice.kind === 'takeProfit' ? 'Take profit' : 'Stop loss';
  return `${trigger} executed: ${size} of your ${positionSide} position closed${atMark}. ${profit}`;
}

function describeOptionResult(order: OptionOrderState | null): string {
  if (!order) return 'Your option order was settled.';
  const bet = `Option order ${order.id} (${order.betType === BUY_SIDE ? 'higher' : 'lower'}, ${formatUsdt(order.stake)} USDT)`;
  if (order.refunded || order.resultPrice === null) return `${bet}: no price at the round's end, stake refunded.`;
  const prices = `open ${formatPrice(order.openPrice)}, result ${formatPrice(order.resultPrice)}`;
  if (order.settledProfit === 0) return `${bet}: equal prices (${prices}), stake refunded.`;
  const outcome = order.settledProfit > 0 ? 'won' : 'lost';
  return `${bet} ${outcome} ${signedUsdt(order.settledProfit)} (${prices}).`;
}

/** The operators' alert of an auto-deleveraging: who was liquidated, at what price, and who was deleveraged. */
export function describeAutoDeleverage(event: Extract<EngineEvent, { type: 'autoDeleverage' }>): string {
  const side = event.side === BUY_SIDE ? 'long' : 'short';
  const counterparties = event.counterparties
    .map((counterparty) => `user ${counterparty.userId} ${formatQty(counterparty.qty)} BTC`)
    .join(', ');
  return (
    `Auto-deleveraging: the insurance fund could not cover the liquidation of user ${event.liquidatedUserId}'s ${side}; ` +
    `${formatQty(event.qty)} BTC closed at its bankruptcy price ${formatPrice(event.bankruptcyPrice)} USDT ` +
    `(mark price ${formatPrice(event.markPrice)} USDT) against ${counterparties}.`
  );
}

/** The alarm text of the notice at `events[noticeIndex]`, produced by `command`. */
export function describeNotice(command: Command, events: readonly EngineEvent[], noticeIndex: number): string {
  const notice = events[noticeIndex] as NoticeEvent;
  if (notice.kind === 'optionResult')
    return describeOptionResult(settledOptionOrder(events, noticeIndex, notice.userId));
  return describeClose(notice, closingOrder(events, notice), command, events);
}
