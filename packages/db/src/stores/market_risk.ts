import type { Queryable } from '../pool.ts';

// The operators' market and risk panel (#16 item 5), read-only: settled option rounds with their ticks and the house's
// result on each, and the ledger's daily figures (revenue by source, the insurance fund's movements). Amounts are
// micro-USDT, prices ticks, times epoch milliseconds, as stored.

export interface RoundRow {
  roundStartMs: number;
  resultPrice: number | null;
  settledAtMs: number;
  openPrice: number | null;
  openAtMs: number | null;
  openSourceCount: number;
  closePrice: number | null;
  closeAtMs: number | null;
  closeSourceCount: number;
  /** Whether the audit kept the round's ticks (rounds settled after a restart may have none). */
  ticksRecorded: boolean;
  bets: number;
  stakes: number;
  /** Stakes of losing bets, kept by the house. */
  stakesLost: number;
  /** Winnings paid to winning bets on top of their stake. */
  winningsPaid: number;
  /** Bets whose stake came back: an even result, or a round without a price. */
  refundedBets: number;
}

/** Settled rounds, newest first, a page at a time, with the bets' totals. */
export async function settledRounds(
  db: Queryable,
  page: number,
  pageSize: number,
): Promise<{ rows: RoundRow[]; totalRows: number }> {
  const offset = (Math.max(1, page) - 1) * pageSize;
  const [rounds, count] = await Promise.all([
    db.query<Omit<RoundRow, 'bets' | 'stakes' | 'stakesLost' | 'winningsPaid' | 'refundedBets'>>(
      `SELECT r.round_start_ms AS "roundStartMs", r.result_price AS "resultPrice", r.settled_at_ms AS "settledAtMs",
              t.open_price AS "openPrice", t.open_at_ms AS "openAtMs",
              coalesce(jsonb_array_length(t.open_sources), 0) AS "openSourceCount",
              t.close_price AS "closePrice", t.close_at_ms AS "closeAtMs",
              coalesce(jsonb_array_length(t.close_sources), 0) AS "closeSourceCount",
              t.round_start_ms IS NOT NULL AS "ticksRecorded"
       FROM option_rounds r LEFT JOIN option_round_ticks t USING (round_start_ms)
       ORDER BY r.round_start_ms DESC LIMIT $1 OFFSET $2`,
      [pageSize, offset],
    ),
    db.query<{ count: number }>('SELECT count(*)::int AS count FROM option_rounds'),
  ]);
  const starts = rounds.rows.map((row) => row.roundStartMs);
  const totals = new Map<number, Pick<RoundRow, 'bets' | 'stakes' | 'stakesLost' | 'winningsPaid' | 'refundedBets'>>();
  if (starts.length > 0) {
    // One range read (the BRIN index), then only the listed rounds.
    const sums = await db.query<{
      roundStartMs: number;
      bets: string;
      stakes: string;
      lost: string;
      won: string;
      refunded: string;
    }>(
      `SELECT round_start_ms AS "roundStartMs", count(*)::text AS bets, sum(stake)::text AS stakes,
              coalesce(sum(stake) FILTER (WHERE settled_profit < 0), 0)::text AS lost,
              coalesce(sum(settled_profit) FILTER (WHERE settled_profit > 0), 0)::text AS won,
              count(*) FILTER (WHERE result <> 0 AND settled_profit = 0)::text AS refunded
       FROM option_orders WHERE round_start_ms BETWEEN $1 AND $2 AND round_start_ms = ANY($3::bigint[])
       GROUP BY round_start_ms`,
      [Math.min(...starts), Math.max(...starts), starts],
    );
    for (const row of sums.rows)
      totals.set(Number(row.roundStartMs), {
        bets: Number(row.bets),
        stakes: Number(row.stakes),
        stakesLost: Number(row.lost),
        winningsPaid: Number(row.won),
        refundedBets: Number(row.refunded),
      });
  }
  const none = { bets: 0, stakes: 0, stakesLost: 0, winningsPaid: 0, refundedBets: 0 };
  return {
    rows: rounds.rows.map((row) => ({ ...row, ...(totals.get(row.roundStartMs) ?? none) })),
    totalRows: count.rows[0]?.count ?? 0,
  };
}

export interface RevenueDay {
  /** The calendar day in the given time zone, YYYY-MM-DD. */
  day: string;
  /** Futures trading fees paid by users. */
  futuresFees: number;
  /** Option stakes lost to the house less winnings paid by it (negative on a day the house lost). */
  optionHousePnl: number;
  /** Withdrawal fees. */
  withdrawalFees: number;
}

/**
 * Platform revenue per day over [from, to) by source, from the postings (the BRIN index on their time): what users
 * paid into fee revenue as trading and withdrawal fees, and the option pool's result. Days without postings are 0.
 */
export async function revenueByDay(db: Queryable, from: Date, to: Date, timeZone: string): Promise<RevenueDay[]> {
  const { rows } = await db.query<{ day: string; fees: string; options: string; withdrawals: string }>(
    `WITH moves AS (
       SELECT (created_at AT TIME ZONE $3)::date AS day,
              CASE WHEN kind = 'trading_fee' AND credit = 'house:fee_revenue' AND debit LIKE 'user:%' THEN amount ELSE 0 END AS fees,
              CASE WHEN kind = 'option_stake' AND credit = 'house:option_pool' THEN amount
                   WHEN kind = 'option_payout' AND debit = 'house:option_pool' THEN -amount ELSE 0 END AS options,
              CASE WHEN kind = 'withdrawal_fee' AND credit = 'house:fee_revenue' THEN amount ELSE 0 END AS withdrawals
       FROM ledger_postings
       WHERE created_at >= $1 AND created_at < $2
         AND kind IN ('trading_fee', 'option_stake', 'option_payout', 'withdrawal_fee')
     ),
     days AS (
       SELECT generate_series(($1::timestamptz AT TIME ZONE $3)::date, (($2::timestamptz - interval '1 microsecond') AT TIME ZONE $3)::date, interval '1 day')::date AS day
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(m.fees), 0)::text AS fees,
            coalesce(sum(m.options), 0)::text AS options, coalesce(sum(m.withdrawals), 0)::text AS withdrawals
     FROM days d LEFT JOIN moves m USING (day) GROUP BY d.day ORDER BY d.day DESC`,
    [from, to, timeZone],
  );
  return rows.map((row) => ({
    day: row.day,
    futuresFees: Number(row.fees),
    optionHousePnl: Number(row.options),
    withdrawalFees: Number(row.withdrawals),
  }));
}

export interface InsuranceDay {
  day: string;
  /** Liquidated margin left over, paid into the fund. */
  paidIn: number;
  /** Losses beyond a position's margin the fund paid. */
  paidOut: number;
  /** Refills from the treasury before the fund would go negative. */
  refilled: number;
}

/** The insurance fund's movements per day over [from, to); days without movements are 0. */
export async function insuranceByDay(db: Queryable, from: Date, to: Date, timeZone: string): Promise<InsuranceDay[]> {
  const { rows } = await db.query<{ day: string; paid_in: string; paid_out: string; refilled: string }>(
    `WITH moves AS (
       SELECT (created_at AT TIME ZONE $3)::date AS day,
              CASE WHEN credit = 'house:insurance_fund' AND debit <> 'house:treasury' THEN amount ELSE 0 END AS paid_in,
              CASE WHEN debit = 'house:insurance_fund' THEN amount ELSE 0 END AS paid_out,
              CASE WHEN credit = 'house:insurance_fund' AND debit = 'house:treasury' THEN amount ELSE 0 END AS refilled
       FROM ledger_postings
       WHERE created_at >= $1 AND created_at < $2
         AND (credit = 'house:insurance_fund' OR debit = 'house:insurance_fund')
     ),
     days AS (
       SELECT generate_series(($1::timestamptz AT TIME ZONE $3)::date, (($2::timestamptz - interval '1 microsecond') AT TIME ZONE $3)::date, interval '1 day')::date AS day
     )
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(m.paid_in), 0)::text AS paid_in,
            coalesce(sum(m.paid_out), 0)::text AS paid_out, coalesce(sum(m.refilled), 0)::text AS refilled
     FROM days d LEFT JOIN moves m USING (day) GROUP BY d.day ORDER BY d.day DESC`,
    [from, to, timeZone],
  );
  return rows.map((row) => ({
    day: row.day,
    paidIn: Number(row.paid_in),
    paidOut: Number(row.paid_out),
    refilled: Number(row.refilled),
  }));
}

/** The ids (emails) of some users, by number. */
export async function useridsOf(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number; userid: string }>(
    'SELECT id, userid FROM users WHERE id = ANY($1::bigint[])',
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), row.userid]));
}
