/**
 * What Binance's order and trade reads need beyond the native views: a user's orders with their client order ids,
 * fills and the trades of each order, read from the tables the sequencer commits (consistent once a command was
 * answered). Read-only SQL; nothing here decides anything.
 */
import type { OrderState, TradeRecord } from '@tickline/engine';
import type { Queryable } from '@tickline/db';

const ORDER_COLUMNS = `id, user_id AS "userId", side, order_path AS "orderPath", price, qty, filled_qty AS "filledQty",
  leverage, held_margin AS "heldMargin", status, reduce_only AS "reduceOnly", client_order_id AS "clientOrderId",
  created_at_ms AS "createdAtMs", updated_at_ms AS "updatedAtMs", trigger`;

const TRADE_COLUMNS = `id, price, qty, taker_side AS "takerSide", maker_order_id AS "makerOrderId",
  taker_order_id AS "takerOrderId", maker_user_id AS "makerUserId", taker_user_id AS "takerUserId", time_ms AS "timeMs"`;

// bigint columns come back as numbers (the pool's INT8 parser): rows are the engine's shapes as they are.
// `trigger` (jsonb) only on trigger orders, as the engine's rows.
const orderRow = (row: unknown) => {
  const { trigger, ...order } = row as OrderState & { trigger: OrderState['trigger'] | null };
  return (trigger ? { ...order, trigger } : order) as OrderState;
};
const tradeRow = (row: unknown) => row as TradeRecord;

export async function orderOfUser(
  db: Queryable,
  userId: number,
  by: { orderId?: number; clientOrderId?: string },
): Promise<OrderState | null> {
  const { rows } =
    by.orderId !== undefined
      ? await db.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND id = $2`, [userId, by.orderId])
      : await db.query(`SELECT ${ORDER_COLUMNS} FROM orders WHERE user_id = $1 AND client_order_id = $2`, [
          userId,
          by.clientOrderId,
        ]);
  return rows[0] ? orderRow(rows[0]) : null;
}

/** The user's orders, oldest first: from `fromId` on, or the latest `limit`; `openOnly` for the resting ones. */
export async function ordersOfUser(
  db: Queryable,
  userId: number,
  options: { limit: number; fromId?: number; openOnly?: boolean; startTime?: number; endTime?: number },
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
  values.push(options.limit);
  const order = options.fromId !== undefined ? 'ASC' : 'DESC';
  const { rows } = await db.query(
    `SELECT ${ORDER_COLUMNS} FROM orders WHERE ${where.join(' AND ')} ORDER BY id ${order} LIMIT $${values.length}`,
    values,
  );
  const orders = rows.map(orderRow);
  return order === 'DESC' ? orders.reverse() : orders;
}

/** Every trade of these orders (either side), oldest first. */
export async function tradesOfOrders(db: Queryable, orderIds: readonly number[]): Promise<TradeRecord[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.query(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE maker_order_id = ANY($1::bigint[]) OR taker_order_id = ANY($1::bigint[])
     ORDER BY id`,
    [orderIds],
  );
  return rows.map(tradeRow);
}

/** The user's trades (either side), oldest first: from `fromId` on, or the latest `limit`. */
export async function tradesOfUser(
  db: Queryable,
  userId: number,
  options: { limit: number; fromId?: number; orderId?: number },
): Promise<TradeRecord[]> {
  const values: unknown[] = [userId];
  let where = '(maker_user_id = $1 OR taker_user_id = $1)';
  if (options.orderId !== undefined) {
    values.push(options.orderId);
    where += ` AND (maker_order_id = $2 OR taker_order_id = $2)`;
  }
  if (options.fromId !== undefined) {
    values.push(options.fromId);
    where += ` AND id >= $${values.length}`;
  }
  values.push(options.limit);
  const order = options.fromId !== undefined ? 'ASC' : 'DESC';
  const { rows } = await db.query(
    `SELECT ${TRADE_COLUMNS} FROM trades WHERE ${where} ORDER BY id ${order} LIMIT $${values.length}`,
    values,
  );
  const trades = rows.map(tradeRow);
  return order === 'DESC' ? trades.reverse() : trades;
}

/** The venue's latest trades, oldest first. */
export async function latestTrades(db: Queryable, limit: number, fromId?: number): Promise<TradeRecord[]> {
  const { rows } =
    fromId === undefined
      ? await db.query(`SELECT ${TRADE_COLUMNS} FROM trades ORDER BY id DESC LIMIT $1`, [limit])
      : await db.query(`SELECT ${TRADE_COLUMNS} FROM trades WHERE id >= $1 ORDER BY id LIMIT $2`, [fromId, limit]);
  const trades = rows.map(tradeRow);
  return fromId === undefined ? trades.reverse() : trades;
}
