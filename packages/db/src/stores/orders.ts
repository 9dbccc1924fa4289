import type { OrderState } from '@tickline/engine';
import type { Queryable } from '../pool.ts';

const ORDER_COLUMNS = `id, user_id AS "userId", side, order_path AS "orderPath", price, qty, filled_qty AS "filledQty",
  leverage, held_margin AS "heldMargin", status, reduce_only AS "reduceOnly", client_order_id AS "clientOrderId",
  created_at_ms AS "createdAtMs", updated_at_ms AS "updatedAtMs"`;

/** Inserts new orders and replaces the state of known ones (one row per id; callers pass each id once). */
export async function upsertOrders(db: Queryable, orders: readonly OrderState[]): Promise<void> {
  if (orders.length === 0) return;
  await db.query(
    `INSERT INTO orders (id, user_id, side, order_path, price, qty, filled_qty, leverage, held_margin, status,
       reduce_only, client_order_id, created_at_ms, updated_at_ms)
     SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::smallint[], $4::smallint[], $5::bigint[], $6::bigint[],
       $7::bigint[], $8::integer[], $9::bigint[], $10::text[], $11::boolean[], $12::text[], $13::bigint[], $14::bigint[])
     ON CONFLICT (id) DO UPDATE SET filled_qty = excluded.filled_qty, held_margin = excluded.held_margin,
       status = excluded.status, price = excluded.price, qty = excluded.qty, updated_at_ms = excluded.updated_at_ms`,
    [
      orders.map((o) => o.id),
      orders.map((o) => o.userId),
      orders.map((o) => o.side),
      orders.map((o) => o.orderPath),
      orders.map((o) => o.price),
      orders.map((o) => o.qty),
      orders.map((o) => o.filledQty),
      orders.map((o) => o.leverage),
      orders.map((o) => o.heldMargin),
      orders.map((o) => o.status),
      orders.map((o) => o.reduceOnly),
      orders.map((o) => o.clientOrderId),
      orders.map((o) => o.createdAtMs),
      orders.map((o) => o.updatedAtMs),
    ],
  );
}

/** Every resting order, oldest first (so the book is rebuilt in time priority). */
export async function loadOpenOrders(db: Queryable): Promise<OrderState[]> {
  const { rows } = await db.query<OrderState>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE status = 'open' ORDER BY id`);
  return rows;
}

export async function maxOrderId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ max: number | null }>('SELECT max(id) AS max FROM orders');
  return rows[0]?.max ?? 0;
}
