/**
 * Time in force of limit orders (#32), as Binance futures and dYdX v4 define them: GTC rests until cancelled (the
 * default); IOC takes what the book offers now and cancels the rest; FOK takes its whole size now or is refused with
 * nothing done; GTX (post-only) is refused, filling nothing, when any of it would take liquidity. Only GTC and GTX rest.
 * A market order is IOC by nature: it accepts no time in force but IOC.
 */
import type { ErrorName } from '@tickline/protocol';
import type { TimeInForce } from '../types.ts';

const KNOWN: ReadonlySet<unknown> = new Set<TimeInForce>(['GTC', 'IOC', 'FOK', 'GTX']);

/** The order's time in force (GTC when absent, IOC for a market order), or null when it is not one it may have. */
export function timeInForceOf(value: unknown, isLimit: boolean): TimeInForce | null {
  if (value === undefined) return isLimit ? 'GTC' : 'IOC';
  if (!KNOWN.has(value) || (!isLimit && value !== 'IOC')) return null;
  return value as TimeInForce;
}

/** Whether an order of this time in force may rest what it did not fill. */
export function rests(timeInForce: TimeInForce): boolean {
  return timeInForce === 'GTC' || timeInForce === 'GTX';
}

/**
 * Whether a taker plan breaks the time in force: a post-only order that would take anything, a fill-or-kill that
 * would not fill whole. Checked before anything is done, so a refusal changes nothing.
 */
export function timeInForceRefusal(
  timeInForce: TimeInForce,
  wouldTake: boolean,
  plannedQty: number,
  qty: number,
): ErrorName | null {
  if (timeInForce === 'GTX' && wouldTake) return 'POST_ONLY_WOULD_TAKE';
  if (timeInForce === 'FOK' && plannedQty < qty) return 'FOK_NOT_FILLED';
  return null;
}
