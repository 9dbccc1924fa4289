import { OrderStatus } from '@tickline/protocol';
import type { OpenOrdersAnswer, UserOrderEvent } from '@tickline/protocol';

/** Applies a user-stream order event to the cached open orders (a filled or cancelled order leaves the list). */
export function applyOrderEvent(current: OpenOrdersAnswer | undefined, event: UserOrderEvent): OpenOrdersAnswer {
  const orders = (current?.orders ?? []).filter((order) => order.no !== event.no);
  if (event.status === OrderStatus.Open && event.volume > 0) {
    const { orderPath: _path, status: _status, ...row } = event;
    orders.unshift(row);
    orders.sort((a, b) => b.no - a.no);
  }
  return { orders };
}
