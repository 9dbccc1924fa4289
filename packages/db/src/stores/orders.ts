import { symbolOf, type MarketSymbol, type OrderState } from '@tickline/engine';
import type { PoolClient, Queryable } from '../pool.ts';
import { copyRows } from './copy.ts';
import { symbolFilter, withStoredSymbol } from './market_symbols.ts';
import { integerArray, textArray } from './pg-array.ts';
import { runStatements, type Statement } from './statements.ts';

const ORDER_COLUMNS = `id, user_id AS "userId", side, order_path AS "orderPath", price, qty, filled_qty AS "filledQty",
  leverage, held_margin AS "heldMargin", status, reduce_only AS "reduceOnly", client_order_id AS "clientOrderId",
  created_at_ms AS "createdAtMs", updated_at_ms AS "updatedAtMs", queue_seq AS "queueSeq", take_profit AS "takeProfit",
  stop_loss AS "stopLoss", trigger, symbol`;

const ORDER_COPY_COLUMNS = [
  'id',
  'user_id',
  'side',
  'order_path',
  'price',
  'qty',
  'filled_qty',
  'leverage',
  'held_margin',
  'status',
  'reduce_only',
  'client_order_id',
  'created_at_ms',
  'updated_at_ms',
  'queue_seq',
  'take_profit',
  'stop_loss',
  'trigger',
  'symbol',
];

/** A row as the engine knows it: `trigger` only on trigger orders (#32 item 3). */
function orderOf(row: OrderState & { trigger?: OrderState['trigger'] | null }): OrderState {
  if (row.trigger != null) return withStoredSymbol(row as OrderState);
  const { trigger: _none, ...order } = row;
  return withStoredSymbol(order);
}

/** jsonb in binary COPY: a version byte (1), then the JSON text. */
const triggerJsonb = (order: OrderState) => (order.trigger ? `\u0001${JSON.stringify(order.trigger)}` : null);

/** Appends orders never stored before (COPY: the bulk of a busy batch). */
export async function insertOrders(client: PoolClient, orders: readonly OrderState[]): Promise<void> {
  await copyRows(client, 'orders', ORDER_COPY_COLUMNS, orders, (o, out) =>
    out
      .int8(o.id)
      .int8(o.userId)
      .int2(o.side)
      .int2(o.orderPath)
      .int8(o.price)
      .int8(o.qty)
      .int8(o.filledQty)
      .int4(o.leverage)
      .int8(o.heldMargin)
      .text(o.status)
      .bool(o.reduceOnly)
      .text(o.clientOrderId)
      .int8(o.createdAtMs)
      .int8(o.updatedAtMs)
      .int8(o.queueSeq ?? null)
      .int8(o.takeProfit ?? null)
      .int8(o.stopLoss ?? null)
      .text(triggerJsonb(o))
      .text(symbolOf(o)),
  );
}

/**
 * Stores the new state (fills, holds, status, leverage) of orders stored before. Every one must exist: a missing row means
 * the caller's idea of what is stored is wrong, and the batch fails rather than losing the order.
 */
export async function updateOrders(db: Queryable, changed: readonly OrderState[]): Promise<void> {
  await runStatements(db, updateOrdersStatements(changed));
}

/** The statement of `updateOrders` (the sequencer folds it into its batch's commit, #30). */
export function updateOrdersStatements(changed: readonly OrderState[]): Statement[] {
  if (changed.length === 0) return [];
  // In key order: the index lookups and heap pages are visited in order (see applyBalanceDeltas).
  const orders = [...changed].sort((a, b) => a.id - b.id);
  return [
    {
      text: `UPDATE orders AS o SET filled_qty = u.filled_qty, held_margin = u.held_margin, status = u.status,
       leverage = u.leverage, updated_at_ms = u.updated_at_ms, price = u.price, qty = u.qty, queue_seq = u.queue_seq,
       trigger = NULLIF(u.trigger, '')::jsonb
     FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::int[], $6::bigint[], $7::bigint[],
       $8::bigint[], $9::bigint[], $10::text[])
       AS u (id, filled_qty, held_margin, status, leverage, updated_at_ms, price, qty, queue_seq, trigger)
     WHERE o.id = u.id`,
      values: [
        integerArray(orders, (o) => o.id),
        integerArray(orders, (o) => o.filledQty),
        integerArray(orders, (o) => o.heldMargin),
        textArray(orders, (o) => o.status),
        integerArray(orders, (o) => o.leverage),
        integerArray(orders, (o) => o.updatedAtMs),
        // An amend (#32) changes the price, the size and the place in the queue; a trim the size.
        integerArray(orders, (o) => o.price),
        integerArray(orders, (o) => o.qty),
        integerArray(orders, (o) => o.queueSeq ?? null),
        textArray(orders, (o) => (o.trigger ? JSON.stringify(o.trigger) : '')),
      ],
      expect: { rows: orders.length, what: 'orders' },
    },
  ];
}

/** Every resting order, oldest first (so the book is rebuilt in time priority). */
export async function loadOpenOrders(db: Queryable): Promise<OrderState[]> {
  const { rows } = await db.query<OrderState>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE status = 'open' ORDER BY id`);
  return rows.map((row) => withoutUnsetControls(orderOf(row)));
}

/** The #32 fields are absent on the engine's orders that have none: a stored NULL reads back as absent. */
function withoutUnsetControls(order: OrderState): OrderState {
  if (order.queueSeq === null) delete order.queueSeq;
  if (order.takeProfit === null) delete order.takeProfit;
  if (order.stopLoss === null) delete order.stopLoss;
  return order;
}

export async function maxOrderId(db: Queryable): Promise<number> {
  // An amend's re-queue takes a number of the order sequence too (queue_seq): the next order number is above both.
  const { rows } = await db.query<{ max: number | null }>(
    'SELECT GREATEST(max(id), max(queue_seq)) AS max FROM orders',
  );
  return rows[0]?.max ?? 0;
}

/** One of a user's orders by its number (a client order id's lookup), null when it is not theirs or not stored. */
export async function findOrderOfUser(db: Queryable, userId: number, id: number): Promise<OrderState | null> {
  const { rows } = await db.query<OrderState>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return rows[0] ? orderOf(rows[0]) : null;
}

/**
 * A user's most recently cancelled limit orders, newest cancellation first (Order History, #28 item 12); in one
 * market with `symbol`, in every market without.
 */
export async function recentCancelledOrders(
  db: Queryable,
  userId: number,
  limit: number,
  symbol?: MarketSymbol,
): Promise<OrderState[]> {
  const params: unknown[] = [userId, limit];
  const { rows } = await db.query<OrderState>(
    `SELECT ${ORDER_COLUMNS} FROM orders
     WHERE user_id = $1 AND status = 'cancelled' AND order_path = 1${symbolFilter(params, symbol)}
     ORDER BY updated_at_ms DESC LIMIT $2`,
    params,
  );
  return rows.map(orderOf);
}

/** One of a user's orders by its client order id (the Binance-compatible API's `origClientOrderId`), or null. */
export async function findOrderOfUserByClientId(
  db: Queryable,
  userId: number,
  clientOrderId: string,
): Promise<OrderState | null> {
  const { rows } = await db.query<OrderState>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND client_order_id = $2`,
    [userId, clientOrderId],
  );
  return rows[0] ? orderOf(rows[0]) : null;
}

/**
 * A user's orders, oldest first: from `fromId` on, or the latest `limit`; `openOnly` for the resting ones; one
 * market's with `symbol` (every market's without).
 */
export async function ordersOfUser(
  db: Queryable,
  userId: number,
  options: {
    limit: number;
    fromId?: number;
    openOnly?: boolean;
    startTime?: number;
    endTime?: number;
    symbol?: MarketSymbol;
  },
): Promise<OrderState[]> {
  const where = ['user_id = $1'];
  const values: unknown[] = [userId];
  const add = (clause: string, value: unknown) => {
    values.push(value);
    where.push(clause.replace('?', `$${values.length}`));
  };
  if (options.openOnly) where.push(`status = 'open'`);
  if (options.fromId !== undefined) add('id >= ?', options.fromId);
  if (options.startTime !== undefined) add('created_at_ms >= ?', options.startTime);
  if (options.endTime !== undefined) add('created_at_ms <= ?', options.endTime);
  if (options.symbol !== undefined) add('symbol = ?', options.symbol);
  values.push(options.limit);
  const direction = options.fromId !== undefined ? 'ASC' : 'DESC';
  const { rows } = await db.query<OrderState>(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where.join(' AND ')} ORDER BY id ${direction} LIMIT $${values.length}`,
    values,
  );
  const orders = rows.map(orderOf);
  return direction === 'DESC' ? orders.reverse() : orders;
}
