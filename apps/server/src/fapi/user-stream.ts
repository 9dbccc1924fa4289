/**
 * The user data stream (#31 item 2): listen keys (60 minutes, renewed by PUT, one live key per user as Binance) and
 * the events of each committed batch for their users, made from the same committed batches the platform's own user
 * stream publishes (ws/user-events.ts): ORDER_TRADE_UPDATE per order change (with the batch's fills of it),
 * ACCOUNT_UPDATE per position change (with the futures wallet), listenKeyExpired when a key lapses.
 */
import { randomBytes } from 'node:crypto';
import { symbolOf, type EngineEvent, type OrderState, type PositionState, type TradeRecord } from '@tickline/engine';
import type { UserBalance } from '@tickline/protocol';
import type { AppContext } from '../app/context.ts';
import { BinanceError } from './errors.ts';
import { orderView, price, qty, usdt } from './views.ts';

export const LISTEN_KEY_TTL_MS = 60 * 60_000;

const stores = new WeakMap<AppContext, ListenKeys>();

/** The app's listen keys (in this process's memory: see docs/binance-compatibility.md). */
export function listenKeysOf(ctx: AppContext): ListenKeys {
  let keys = stores.get(ctx);
  if (!keys) stores.set(ctx, (keys = new ListenKeys(() => ctx.clock.now())));
  return keys;
}

export class ListenKeys {
  private readonly keys = new Map<string, { userId: number; expiresAtMs: number }>();

  constructor(private readonly now: () => number) {}

  /** The user's live key, renewed, or a new one. */
  open(userId: number): string {
    const live = this.keyOfUser(userId);
    if (live !== undefined) {
      this.keys.get(live)!.expiresAtMs = this.now() + LISTEN_KEY_TTL_MS;
      return live;
    }
    const key = randomBytes(32).toString('hex');
    this.keys.set(key, { userId, expiresAtMs: this.now() + LISTEN_KEY_TTL_MS });
    return key;
  }

  /** Renews `key`, or without one (Binance's USDⓈ-M form) the user's live key. */
  keepAlive(userId: number, key: string | undefined): string {
    key ??= this.keyOfUser(userId);
    const entry = this.live(key);
    if (!entry || entry.userId !== userId) throw new BinanceError(-1125, 'This listenKey does not exist.');
    entry.expiresAtMs = this.now() + LISTEN_KEY_TTL_MS;
    return key!;
  }

  close(userId: number, key: string | undefined): void {
    key ??= this.keyOfUser(userId);
    const entry = this.live(key);
    if (!entry || entry.userId !== userId) throw new BinanceError(-1125, 'This listenKey does not exist.');
    this.keys.delete(key!);
  }

  private keyOfUser(userId: number): string | undefined {
    for (const [key, entry] of this.keys) if (entry.userId === userId && entry.expiresAtMs > this.now()) return key;
    return undefined;
  }

  userOf(key: string): number | null {
    return this.live(key)?.userId ?? null;
  }

  /** Forgets the lapsed keys and answers them. */
  expire(): string[] {
    const lapsed = [...this.keys].filter(([, entry]) => entry.expiresAtMs <= this.now()).map(([key]) => key);
    for (const key of lapsed) this.keys.delete(key);
    return lapsed;
  }

  private live(key: string | undefined) {
    const entry = key === undefined ? undefined : this.keys.get(key);
    return entry && entry.expiresAtMs > this.now() ? entry : undefined;
  }
}

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
