/**
 * The user data stream's events (#31 item 2), made from the same committed batches the platform's own user stream
 * publishes (ws/user-events.ts): ORDER_TRADE_UPDATE per order change (with the batch's fills of it), ACCOUNT_UPDATE
 * per position change (with the futures wallet). Listen keys: fapi/listen-keys.ts; their streams and
 * listenKeyExpired: fapi/listen-key-streams.ts.
 */
import { symbolOf, type EngineEvent, type OrderState, type PositionState, type TradeRecord } from '@tickline/engine';
import type { UserBalance } from '@tickline/protocol';
import { orderView, price, qty, usdt } from './views.ts';

function executionType(order: OrderState, fills: readonly TradeRecord[]): string {
  if (fills.length > 0) return 'TRADE';
  if (order.status === 'open') return 'NEW';
  return order.orderPath === 1 ? 'CANCELED' : 'EXPIRED';
}

/** ORDER_TRADE_UPDATE of one order change; `fills` = the batch's trades of this order. */
export function orderTradeUpdate(order: OrderState, fills: readonly TradeRecord[], time: number) {
  const view = orderView(order, fills);
  const last = fills.at(-1);
  const lastQty = fills.reduce((sum, trade) => sum + trade.qty, 0);
  return {
    e: 'ORDER_TRADE_UPDATE',
    E: time,
    T: order.updatedAtMs,
    o: {
      s: symbolOf(order),
      c: view.clientOrderId,
      S: view.side,
      o: view.type,
      f: view.timeInForce,
      q: view.origQty,
      p: view.price,
      ap: view.avgPrice,
      sp: '0',
      x: executionType(order, fills),
      X: view.status,
      i: order.id,
      l: qty(lastQty),
      z: view.executedQty,
      L: last ? price(last.price) : '0',
      T: order.updatedAtMs,
      t: last?.id ?? 0,
      m: last ? last.makerOrderId === order.id : false,
      R: order.reduceOnly,
      wt: 'CONTRACT_PRICE',
      ot: view.type,
      ps: 'BOTH',
      cp: false,
      rp: '0',
    },
  };
}

/**
 * ACCOUNT_UPDATE of a position change in the market `symbol` (a closed position has no state left to name it), with
 * the futures wallet as /user/balance reads it.
 */
export function accountUpdate(position: PositionState | null, symbol: string, balance: UserBalance, time: number) {
  const signed = position ? (position.side === 1 ? position.qty : -position.qty) : 0;
  return {
    e: 'ACCOUNT_UPDATE',
    E: time,
    T: time,
    a: {
      m: 'ORDER',
      B: [{ a: 'USDT', wb: balance.usdtm.toFixed(6), cw: balance.balance.toFixed(6), bc: '0' }],
      P: [
        {
          s: symbol,
          pa: qty(signed),
          ep: price(position?.entryPrice ?? 0),
          bep: price(position?.entryPrice ?? 0),
          cr: '0',
          up: '0',
          mt: 'isolated',
          iw: usdt(position?.margin ?? 0),
          ps: 'BOTH',
        },
      ],
    },
  };
}

/** Each user's events of a committed batch, in order. */
export function userEventsOf(
  events: readonly EngineEvent[],
  time: number,
): Array<
  | { userId: number; event: ReturnType<typeof orderTradeUpdate> }
  | { userId: number; symbol: string; position: PositionState | null }
> {
  const trades = events.flatMap((event) => (event.type === 'trade' ? [event.trade] : []));
  const out: ReturnType<typeof userEventsOf> = [];
  for (const event of events) {
    if (event.type === 'order') {
      const fills = trades.filter(
        (trade) => trade.makerOrderId === event.order.id || trade.takerOrderId === event.order.id,
      );
      out.push({ userId: event.order.userId, event: orderTradeUpdate(event.order, fills, time) });
    } else if (event.type === 'position')
      out.push({ userId: event.userId, symbol: symbolOf(event), position: event.position });
  }
  return out;
}
