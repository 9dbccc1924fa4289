/**
 * The trailing stop's arithmetic (#32 item 3): a market order that follows the best price since activation (the
 * highest for a sell, the lowest for a buy) and fires when the price retraces from it by the callback rate.
 * Integers only: the firing price is the best price ∓ callback, rounded toward firing later (a sell's floor, a buy's
 * ceiling), so `price ≤ trigger` (sell) is exactly `price × 10,000 ≤ best × (10,000 − callback)`.
 */
import { multiplyDivide, type PriceTicks } from '@tickline/money';
import { SELL } from '../book/order-book.ts';
import type { OrderTrigger, Side } from '../types.ts';

const BASIS_POINTS = 10_000;
/** Callback rate bounds in basis points: 0.1 % to 10 % (Binance's TRAILING_STOP_MARKET callbackRate × 100). */
export const MIN_CALLBACK_RATE_BPS = 10;
export const MAX_CALLBACK_RATE_BPS = 1_000;

export function isValidCallbackRate(bps: unknown): bps is number {
  return (
    typeof bps === 'number' && Number.isSafeInteger(bps) && bps >= MIN_CALLBACK_RATE_BPS && bps <= MAX_CALLBACK_RATE_BPS
  );
}

/** Where a trailing stop with this best price fires: a sell at best × (1 − rate) floored, a buy × (1 + rate) ceiled. */
export function trailingTriggerPrice(side: Side, best: PriceTicks, callbackRateBps: number): PriceTicks {
  return side === SELL
    ? multiplyDivide(best, BASIS_POINTS - callbackRateBps, BASIS_POINTS, 'floor')
    : multiplyDivide(best, BASIS_POINTS + callbackRateBps, BASIS_POINTS, 'ceil');
}

/** The trigger tracking from `price` (activation, or a new best). */
export function trackFrom(trigger: OrderTrigger, side: Side, price: PriceTicks): OrderTrigger {
  const callback = trigger.callbackRateBps as number;
  return { ...trigger, bestPrice: price, price: trailingTriggerPrice(side, price, callback) };
}
