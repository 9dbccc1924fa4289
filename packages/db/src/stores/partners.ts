import type { Queryable } from '../pool.ts';

/** A user as the referral tree needs it. */
export interface TreeUser {
  id: number;
  referrerId: number | null;
  level: number;
  feeRateBps: number;
  parentsDistributePercent: number;
  name: string;
  userid: string;
  phone: string;
  referralCode: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Every user (not operators): the tree is small enough to hold, and every partner figure walks it. */
export async function loadTree(db: Queryable): Promise<TreeUser[]> {
  const result = await db.query<TreeUser>(
    `SELECT id::int, referrer_id::int AS "referrerId", level, fee_rate_bps AS "feeRateBps",
            parents_distribute_percent AS "parentsDistributePercent", name, userid, phone,
            referral_code AS "referralCode", created_at AS "createdAt", updated_at AS "updatedAt"
     FROM users WHERE role = 'user' ORDER BY id`,
  );
  return result.rows;
}

export async function setFeeRates(
  db: Queryable,
  changes: ReadonlyArray<{ id: number; feeRateBps: number; parentsDistributePercent?: number }>,
  now: Date,
): Promise<void> {
  for (const change of changes)
    await db.query(
      `UPDATE users SET fee_rate_bps = $2,
         parents_distribute_percent = COALESCE($3, parents_distribute_percent), updated_at = $4 WHERE id = $1`,
      [change.id, change.feeRateBps, change.parentsDistributePercent ?? null, now],
    );
}

/**
 * House revenue per user in [from, to), from the ledger's postings (PRODUCT.md §7): option stakes lost − option
 * winnings paid + futures fees + futures realised losses (and liquidated margin) − futures realised profits.
 */
export async function revenueByUser(db: Queryable, from: Date, to: Date): Promise<Map<number, number>> {
  const result = await db.query<{ user_id: number; revenue: string }>(
    `SELECT user_id, sum(delta)::text AS revenue FROM (
       SELECT split_part(debit, ':', 2)::int AS user_id, amount AS delta FROM ledger_postings
         WHERE created_at >= $1 AND created_at < $2 AND kind = 'option_stake' AND credit = 'house:option_pool'
       UNION ALL
       SELECT split_part(credit, ':', 2)::int, -amount FROM ledger_postings
         WHERE created_at >= $1 AND created_at < $2 AND kind = 'option_payout' AND debit = 'house:option_pool'
       UNION ALL
       SELECT split_part(debit, ':', 2)::int, amount FROM ledger_postings
         WHERE created_at >= $1 AND created_at < $2 AND kind = 'trading_fee' AND credit = 'house:fee_revenue'
           AND debit LIKE 'user:%'
       UNION ALL
       SELECT split_part(debit, ':', 2)::int, amount FROM ledger_postings
         WHERE created_at >= $1 AND created_at < $2 AND kind IN ('realized_pnl', 'liquidation')
           AND debit LIKE 'user:%:position_margin'
       UNION ALL
       SELECT split_part(credit, ':', 2)::int, -amount FROM ledger_postings
         WHERE created_at >= $1 AND created_at < $2 AND kind = 'realized_pnl' AND debit = 'house:pnl_clearing'
           AND credit LIKE 'user:%'
     ) AS moves GROUP BY user_id`,
    [from, to],
  );
  return new Map(result.rows.map((row) => [Number(row.user_id), Number(row.revenue)]));
}

export interface SettlementRow {
  partnerId: number;
  day: string;
  rateBps: number;
  revenue: number;
  share: number;
  carryIn: number;
  settlement: number;
  carryOut: number;
}

/** Records the day as settled; false when it already was (the caller then writes nothing more). */
export async function claimDay(db: Queryable, day: string, total: number, now: Date): Promise<boolean> {
  const result = await db.query(
    'INSERT INTO partner_settlement_days (day, total, settled_at) VALUES ($1, $2, $3) ON CONFLICT (day) DO NOTHING',
    [day, total, now],
  );
  return result.rowCount === 1;
}

export async function dayTotal(db: Queryable, day: string): Promise<number | null> {
  const result = await db.query<{ total: string }>('SELECT total::text FROM partner_settlement_days WHERE day = $1', [
    day,
  ]);
  return result.rows[0] ? Number(result.rows[0].total) : null;
}

export async function insertSettlements(db: Queryable, rows: readonly SettlementRow[]): Promise<void> {
  for (const row of rows)
    await db.query(
      `INSERT INTO partner_settlements (partner_id, day, rate_bps, revenue, share, carry_in, settlement, carry_out)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.partnerId, row.day, row.rateBps, row.revenue, row.share, row.carryIn, row.settlement, row.carryOut],
    );
}

/** Each partner's carry-over after its last settled day before `day`. */
export async function carriesBefore(db: Queryable, day: string): Promise<Map<number, number>> {
  const result = await db.query<{ partner_id: number; carry_out: string }>(
    `SELECT DISTINCT ON (partner_id) partner_id::int, carry_out::text FROM partner_settlements
     WHERE day < $1 ORDER BY partner_id, day DESC`,
    [day],
  );
  return new Map(result.rows.map((row) => [row.partner_id, Number(row.carry_out)]));
}

export async function lastSettledDay(db: Queryable): Promise<string | null> {
  const result = await db.query<{ day: string }>('SELECT max(day)::text AS day FROM partner_settlement_days');
  return result.rows[0]?.day ?? null;
}

/** A partner's settled days, newest first. */
export async function partnerDays(db: Queryable, partnerId: number, limit: number): Promise<SettlementRow[]> {
  const result = await db.query<SettlementRow>(
    `SELECT partner_id::int AS "partnerId", day::text, rate_bps AS "rateBps", revenue::float8 AS revenue,
            share::float8 AS share, carry_in::float8 AS "carryIn", settlement::float8 AS settlement,
            carry_out::float8 AS "carryOut"
     FROM partner_settlements WHERE partner_id = $1 ORDER BY day DESC LIMIT $2`,
    [partnerId, limit],
  );
  return result.rows;
}

/** Settled total of a partner, all time and since `since` (a KST date). */
export async function settledTotals(db: Queryable, partnerId: number, since: string) {
  const result = await db.query<{ total: string; since: string }>(
    `SELECT coalesce(sum(settlement), 0)::text AS total,
            coalesce(sum(settlement) FILTER (WHERE day >= $2), 0)::text AS since
     FROM partner_settlements WHERE partner_id = $1`,
    [partnerId, since],
  );
  return { total: Number(result.rows[0]!.total), since: Number(result.rows[0]!.since) };
}

export interface SettlementWithdrawal {
  no: number;
  partnerId: number;
  amount: number;
  status: 1 | 2 | 3 | 4;
  reason: string | null;
  insertedAt: Date;
}

const WITHDRAWAL_COLUMNS = `no::int, partner_id::int AS "partnerId", amount::float8 AS amount, status, reason,
  inserted_at AS "insertedAt"`;

export async function insertSettlementWithdrawal(db: Queryable, partnerId: number, amount: number, now: Date) {
  const result = await db.query<SettlementWithdrawal>(
    `INSERT INTO partner_settlement_withdrawals (partner_id, amount, inserted_at, updated_at) VALUES ($1, $2, $3, $3)
     RETURNING ${WITHDRAWAL_COLUMNS}`,
    [partnerId, amount, now],
  );
  return result.rows[0]!;
}

export async function partnerSettlementWithdrawals(db: Queryable, partnerId: number, limit: number) {
  const result = await db.query<SettlementWithdrawal>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM partner_settlement_withdrawals WHERE partner_id = $1 ORDER BY no DESC LIMIT $2`,
    [partnerId, limit],
  );
  return result.rows;
}

/** Applied (waiting) and approved amounts of a partner: what is no longer withdrawable. */
export async function appliedTotals(db: Queryable, partnerId: number) {
  const result = await db.query<{ applied: string; received: string }>(
    `SELECT coalesce(sum(amount) FILTER (WHERE status IN (1, 2)), 0)::text AS applied,
            coalesce(sum(amount) FILTER (WHERE status = 2), 0)::text AS received
     FROM partner_settlement_withdrawals WHERE partner_id = $1`,
    [partnerId],
  );
  return { applied: Number(result.rows[0]!.applied), received: Number(result.rows[0]!.received) };
}

/** Serialises a partner's applications (the withdrawable check and the insert happen under this lock). */
export async function lockPartner(db: Queryable, partnerId: number): Promise<void> {
  await db.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [partnerId]);
}

/** Completed deposits and sent withdrawals of a set of users (a partner's downline), micro-USDT. */
export async function chainFlowsOf(db: Queryable, userIds: readonly number[]) {
  if (userIds.length === 0) return { deposits: 0, withdrawals: 0 };
  const result = await db.query<{ deposits: string; withdrawals: string }>(
    `SELECT
       (SELECT coalesce(sum(amount), 0) FROM chain_deposits
          WHERE user_id = ANY($1::bigint[]) AND kind = 'deposit' AND status = 2)::text AS deposits,
       (SELECT coalesce(sum(amount), 0) FROM withdrawals WHERE user_id = ANY($1::bigint[]) AND status = 2)::text
         AS withdrawals`,
    [userIds],
  );
  return { deposits: Number(result.rows[0]!.deposits), withdrawals: Number(result.rows[0]!.withdrawals) };
}

export interface SettlementWithdrawalView extends SettlementWithdrawal {
  userid: string;
  name: string;
  paid: boolean;
}

/** The operators' queue of settlement applications in a status, oldest first. */
export async function listSettlementWithdrawals(db: Queryable, status: number, limit: number) {
  const result = await db.query<SettlementWithdrawalView>(
    `SELECT w.no::int, w.partner_id::int AS "partnerId", w.amount::float8 AS amount, w.status, w.reason,
            w.inserted_at AS "insertedAt", w.paid, u.userid, u.name
     FROM partner_settlement_withdrawals w JOIN users u ON u.id = w.partner_id
     WHERE w.status = $1 ORDER BY w.no LIMIT $2`,
    [status, limit],
  );
  return result.rows;
}

/** Waiting (1) → approved (2) or refused (4); null when the application was not waiting. */
export async function decideSettlementWithdrawal(
  db: Queryable,
  no: number,
  decision: { status: 2 | 4; reason: string | null; decidedBy: number; now: Date },
) {
  const result = await db.query<SettlementWithdrawal>(
    `UPDATE partner_settlement_withdrawals SET status = $2, reason = $3, decided_by = $4, updated_at = $5
     WHERE no = $1 AND status = 1 RETURNING ${WITHDRAWAL_COLUMNS}`,
    [no, decision.status, decision.reason, decision.decidedBy, decision.now],
  );
  return result.rows[0] ?? null;
}

export async function markSettlementPaid(db: Queryable, no: number): Promise<void> {
  await db.query('UPDATE partner_settlement_withdrawals SET paid = true WHERE no = $1', [no]);
}

/** Approved applications whose ledger payment a crash may have left undone. */
export async function approvedUnpaid(db: Queryable) {
  const result = await db.query<SettlementWithdrawal>(
    `SELECT ${WITHDRAWAL_COLUMNS} FROM partner_settlement_withdrawals WHERE status = 2 AND NOT paid ORDER BY no`,
  );
  return result.rows;
}

export async function setLevel(db: Queryable, userId: number, level: number, now: Date): Promise<void> {
  await db.query('UPDATE users SET level = $2, updated_at = $3 WHERE id = $1', [userId, level, now]);
}

export interface RevenueParts {
  optionLost: number;
  optionWon: number;
  fees: number;
  futuresLoss: number;
  futuresProfit: number;
}

/** One user's revenue of [from, to) by source, from the postings (the drill-down behind a settled day). */
export async function revenuePartsOf(
  db: Queryable,
  userIds: readonly number[],
  from: Date,
  to: Date,
): Promise<Map<number, RevenueParts>> {
  if (userIds.length === 0) return new Map();
  const result = await db.query<{ user_id: number } & Record<keyof RevenueParts, string>>(
    `SELECT user_id,
       coalesce(sum(amount) FILTER (WHERE part = 'optionLost'), 0)::text AS "optionLost",
       coalesce(sum(amount) FILTER (WHERE part = 'optionWon'), 0)::text AS "optionWon",
       coalesce(sum(amount) FILTER (WHERE part = 'fees'), 0)::text AS fees,
       coalesce(sum(amount) FILTER (WHERE part = 'futuresLoss'), 0)::text AS "futuresLoss",
       coalesce(sum(amount) FILTER (WHERE part = 'futuresProfit'), 0)::text AS "futuresProfit"
     FROM (
       SELECT split_part(debit, ':', 2)::int AS user_id, amount,
         CASE WHEN kind = 'option_stake' THEN 'optionLost' WHEN kind = 'trading_fee' THEN 'fees' ELSE 'futuresLoss' END
           AS part
       FROM ledger_postings WHERE created_at >= $2 AND created_at < $3 AND debit LIKE 'user:%' AND (
         (kind = 'option_stake' AND credit = 'house:option_pool') OR
         (kind = 'trading_fee' AND credit = 'house:fee_revenue') OR
         (kind IN ('realized_pnl', 'liquidation') AND debit LIKE 'user:%:position_margin'))
       UNION ALL
       SELECT split_part(credit, ':', 2)::int, amount,
         CASE WHEN kind = 'option_payout' THEN 'optionWon' ELSE 'futuresProfit' END
       FROM ledger_postings WHERE created_at >= $2 AND created_at < $3 AND credit LIKE 'user:%' AND (
         (kind = 'option_payout' AND debit = 'house:option_pool') OR (kind = 'realized_pnl' AND debit = 'house:pnl_clearing'))
     ) AS moves WHERE user_id = ANY($1::int[]) GROUP BY user_id`,
    [userIds, from, to],
  );
  return new Map(
    result.rows.map((row) => [
      Number(row.user_id),
      {
        optionLost: Number(row.optionLost),
        optionWon: Number(row.optionWon),
        fees: Number(row.fees),
        futuresLoss: Number(row.futuresLoss),
        futuresProfit: Number(row.futuresProfit),
      },
    ]),
  );
}
