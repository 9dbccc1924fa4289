import { randomUUID } from 'node:crypto';
import type { ClientOrderLookup } from '@tickline/protocol';
import type { DataOf, OrderPathRoute } from './routes.ts';

/** A fresh client order id: a UUID (36 characters of [0-9a-f-], within the server's 1 to 36 of [A-Za-z0-9_-]). */
export function newClientOrderId(): string {
  return randomUUID();
}

function numberOf(found: ClientOrderLookup): { no: number } {
  if (found.no === null) throw new TypeError(`client order ${found.clientOrderId} has no order number`);
  return { no: found.no };
}

/**
 * Each order path's answer, rebuilt from what the look-up by client order id found: the order's number for an
 * order or a bet, nothing for a close or a TP/SL update. The compiler checks this covers every order path of the
 * route table.
 */
export const ANSWER_FROM_LOOKUP = {
  placeOrder: numberOf,
  registerOption: numberOf,
  closePosition: () => null,
  updateTpsl: () => null,
} satisfies { [N in OrderPathRoute]: (found: ClientOrderLookup) => DataOf<N> };

export function isOrderPath(name: string): name is OrderPathRoute {
  return Object.hasOwn(ANSWER_FROM_LOOKUP, name);
}
