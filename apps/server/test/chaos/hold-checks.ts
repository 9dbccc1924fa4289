/**
 * Holds per market (#34), after every kill: each user's order margin in a market (its ledger account) is the sum of
 * what their open orders there hold, and each open order holds what the engine requires of it (holds.ts), computed
 * here from the stored order and its market's definition: the initial margin of the part that would open, rounded
 * up, plus the market's taker fee on the whole remainder, rounded up; a reduce-only order the fee only; a trigger
 * order still waiting nothing (it holds when it fires). An order that could reduce its user's position in its market
 * (opposite side, not reduce-only) needs the engine's order of arrival to split its reduce budget: it is checked by
 * the sum only.
 */
import type pg from 'pg';
import { DEFAULT_SYMBOL, initialMargin, tradingFee } from '@tickline/engine';
import { marketDefinition } from '../../src/domain/market/definitions.ts';

interface OpenOrder {
  id: string;
  user_id: string;
  symbol: string;
  side: number;
  price: string | null;
  remaining: string;
  /** The user's leverage in the market (the engine holds at it), else the order's. */
  leverage: number;
  held_margin: string;
  reduce_only: boolean;
  waiting: boolean;
  position_side: number | null;
}

/** What the order must hold, or null when only the engine's order of arrival can tell (see above). */
function requiredHold(order: OpenOrder): number | null {
  if (order.waiting) return 0;
  const price = Number(order.price);
  const remaining = Number(order.remaining);
  const fee = tradingFee(price, remaining, marketDefinition(order.symbol)!.takerFeeRatePpm);
  if (order.reduce_only) return fee;
  if (order.position_side !== null && order.position_side !== order.side) return null;
  return initialMargin(price, remaining, order.leverage) + fee;
}

export async function checkMarketHolds(client: pg.Client): Promise<string[]> {
  const violations: string[] = [];
  const { rows: orders } = await client.query<OpenOrder>(
    `SELECT o.id::text, o.user_id::text, o.symbol, o.side, o.price::text, (o.qty - o.filled_qty)::text AS remaining,
            coalesce(l.leverage, o.leverage) AS leverage, o.held_margin::text, o.reduce_only,
            (o.trigger IS NOT NULL AND o.trigger->>'firedAtMs' IS NULL) AS waiting, p.side AS position_side
       FROM orders o LEFT JOIN positions p ON p.user_id = o.user_id AND p.symbol = o.symbol
       LEFT JOIN user_leverage l ON l.user_id = o.user_id AND l.symbol = o.symbol
      WHERE o.status = 'open'`,
  );
  for (const order of orders) {
    const required = requiredHold(order);
    if (required !== null && Number(order.held_margin) !== required)
      violations.push(`order ${order.id} of ${order.symbol} holds ${order.held_margin}, requires ${required}`);
  }
  // Each user's order margin per market against the sum of their open orders' holds there (both sides of zero).
  const { rows } = await client.query<{ account: string; balance: string; held: string }>(
    `WITH held AS (
       SELECT CASE symbol WHEN $1 THEN 'user:' || user_id || ':order_margin'
                          ELSE 'user:' || user_id || ':order_margin:' || symbol END AS account,
              sum(held_margin) AS held
         FROM orders WHERE status = 'open' GROUP BY 1
     ), accounts AS (SELECT id AS account, balance FROM ledger_accounts WHERE id ~ '^user:[0-9]+:order_margin')
     SELECT coalesce(a.account, h.account) AS account, coalesce(a.balance, 0)::text AS balance,
            coalesce(h.held, 0)::text AS held
       FROM accounts a FULL JOIN held h ON a.account = h.account
      WHERE coalesce(a.balance, 0) <> coalesce(h.held, 0)`,
    [DEFAULT_SYMBOL],
  );
  for (const row of rows) violations.push(`${row.account} is ${row.balance}, its open orders hold ${row.held}`);
  return violations;
}
