import type { Queryable } from '../pool.ts';

/**
 * Every user's liability in micro-USDT: all their balances (`user_balances`, the ledger's user accounts: spot, futures
 * and what is held for orders, positions, bets and withdrawals, and `user_market_balances`, what is held for another
 * market's orders and positions), ordered by user number.
 */
export interface Liabilities {
  userNos: number[];
  balances: bigint[];
}

/**
 * Reads every user's liability in one statement (one consistent view of the ledger: the sequencer commits whole
 * batches): the users without balances count with 0, balances of a user number not (or no longer) in `users` too.
 */
export async function readLiabilities(db: Queryable): Promise<Liabilities> {
  const { rows } = await db.query<{ userNos: string[] | null; balances: string[] | null }>(
    `WITH markets AS (
       SELECT user_id, sum(order_margin::numeric + position_margin) AS margin FROM user_market_balances GROUP BY user_id
     ), wallets AS (
       SELECT coalesce(b.user_id, m.user_id) AS user_id,
              coalesce(b.spot::numeric + b.futures + b.order_margin + b.position_margin + b.option_stake
                       + b.withdrawal_hold, 0) + coalesce(m.margin, 0) AS balance
       FROM user_balances b FULL JOIN markets m ON m.user_id = b.user_id
     ), everyone AS (
       SELECT coalesce(u.id, w.user_id) AS user_no, coalesce(w.balance, 0) AS balance
       FROM users u FULL JOIN wallets w ON w.user_id = u.id
     )
     SELECT array_agg(user_no ORDER BY user_no)::text[] AS "userNos",
            array_agg(balance ORDER BY user_no)::text[] AS balances
     FROM everyone`,
  );
  const row = rows[0]!;
  return { userNos: (row.userNos ?? []).map(Number), balances: (row.balances ?? []).map((b) => BigInt(b)) };
}

export interface ReserveSnapshot {
  id: number;
  takenAtMs: number;
  rootHash: string;
  rootSum: bigint;
  /** In the tree's leaf order. */
  userNos: number[];
  balances: bigint[];
  hotWalletMicro: bigint;
  depositAddressesMicro: bigint;
  demo: boolean;
}

export async function insertReserveSnapshot(db: Queryable, snapshot: Omit<ReserveSnapshot, 'id'>): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reserve_snapshots
       (taken_at_ms, root_hash, root_sum, user_nos, balances, hot_wallet_micro, deposit_addresses_micro, demo)
     VALUES ($1, $2, $3, $4::bigint[], $5::bigint[], $6, $7, $8) RETURNING id::int AS id`,
    [
      snapshot.takenAtMs,
      snapshot.rootHash,
      snapshot.rootSum.toString(),
      snapshot.userNos,
      snapshot.balances.map(String),
      snapshot.hotWalletMicro.toString(),
      snapshot.depositAddressesMicro.toString(),
      snapshot.demo,
    ],
  );
  return rows[0]!.id;
}

interface SnapshotRow {
  id: number;
  takenAtMs: number;
  rootHash: string;
  rootSum: string;
  userNos?: string[];
  balances?: string[];
  hotWalletMicro: string;
  depositAddressesMicro: string;
  demo: boolean;
}

const HEADER = `id::int AS id, taken_at_ms::float8 AS "takenAtMs", root_hash AS "rootHash", root_sum::text AS "rootSum",
  hot_wallet_micro::text AS "hotWalletMicro", deposit_addresses_micro::text AS "depositAddressesMicro", demo`;

/** The newest snapshot's header (no leaves), or null before the first. */
export async function latestReserveSnapshotHeader(
  db: Queryable,
): Promise<Omit<ReserveSnapshot, 'userNos' | 'balances'> | null> {
  const { rows } = await db.query<SnapshotRow>(`SELECT ${HEADER} FROM reserve_snapshots ORDER BY id DESC LIMIT 1`);
  const row = rows[0];
  return row ? header(row) : null;
}

/** A snapshot with its leaves. */
export async function reserveSnapshot(db: Queryable, id: number): Promise<ReserveSnapshot | null> {
  const { rows } = await db.query<SnapshotRow>(
    `SELECT ${HEADER}, user_nos::text[] AS "userNos", balances::text[] AS balances FROM reserve_snapshots WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    ...header(row),
    userNos: (row.userNos ?? []).map(Number),
    balances: (row.balances ?? []).map((b) => BigInt(b)),
  };
}

function header(row: SnapshotRow): Omit<ReserveSnapshot, 'userNos' | 'balances'> {
  return {
    id: row.id,
    takenAtMs: row.takenAtMs,
    rootHash: row.rootHash,
    rootSum: BigInt(row.rootSum),
    hotWalletMicro: BigInt(row.hotWalletMicro),
    depositAddressesMicro: BigInt(row.depositAddressesMicro),
    demo: row.demo,
  };
}
