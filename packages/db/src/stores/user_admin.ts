import type { Queryable } from '../pool.ts';
import { pageRows, type HistoryPage } from './paging.ts';

// The operators' view of users (#16 item 4): search, one user's account, the referral chain above it, and the
// trading and withdrawal freezes. Members and partners only (role 'user'); operators are not managed from here.

export interface AdminUserRow {
  userNo: number;
  userid: string;
  name: string;
  phone: string;
  level: number;
  referralCode: string;
  bscAddress: string;
  approveStatus: number;
  tradingFrozenAt: Date | null;
  withdrawalsFrozenAt: Date | null;
  createdAt: Date;
}

export interface AdminUserDetail extends AdminUserRow {
  referrerId: number | null;
  freezeReason: string | null;
  kycImageId: string | null;
  withdrawalsBlockedUntil: Date | null;
  totpEnabled: boolean;
}

export interface UplineMember {
  userNo: number;
  userid: string;
  name: string;
  level: number;
  referralCode: string;
}

const ROW_COLUMNS = `id AS "userNo", userid, name, phone, level, referral_code AS "referralCode",
  bsc_address AS "bscAddress", approve_status AS "approveStatus", trading_frozen_at AS "tradingFrozenAt",
  withdrawals_frozen_at AS "withdrawalsFrozenAt", created_at AS "createdAt"`;

/** `%` and `_` in what an operator typed are letters, not wildcards. */
function likeText(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Users matching `query`, newest first, a page at a time: the user number exactly, the id (email) or name containing
 * it, the referral code exactly, or the deposit address starting with it (all without regard to case). An empty
 * query lists everyone.
 */
export function searchUsers(
  db: Queryable,
  query: string,
  page: number,
  pageSize: number,
): Promise<HistoryPage<AdminUserRow>> {
  const text = query.trim();
  const number = /^\d{1,15}$/.test(text) ? Number(text) : null;
  const where =
    text === ''
      ? `role = 'user'`
      : `role = 'user' AND (id = $1 OR userid ILIKE $2 OR name ILIKE $2 OR upper(referral_code) = upper($3)
          OR lower(bsc_address) LIKE lower($4))`;
  const params = text === '' ? [] : [number, `%${likeText(text)}%`, text, `${likeText(text)}%`];
  return pageRows<AdminUserRow>(
    db,
    { columns: ROW_COLUMNS, table: 'users', where, params, orderBy: 'id DESC' },
    page,
    pageSize,
  );
}

/** One member or partner as the console shows it; `forUpdate` locks the row until the end of the transaction. */
export async function findAdminUser(db: Queryable, id: number, forUpdate = false): Promise<AdminUserDetail | null> {
  const result = await db.query<AdminUserDetail>(
    `SELECT ${ROW_COLUMNS}, referrer_id AS "referrerId", freeze_reason AS "freezeReason", kyc_image_id AS "kycImageId",
            withdrawals_blocked_until AS "withdrawalsBlockedUntil", totp_enabled_at IS NOT NULL AS "totpEnabled"
     FROM users WHERE id = $1 AND role = 'user' ${forUpdate ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return result.rows[0] ?? null;
}

/** The referral chain above a user, nearest first (the referrer, its referrer, ...), at most `limit` deep. */
export async function upline(db: Queryable, id: number, limit = 50): Promise<UplineMember[]> {
  const result = await db.query<UplineMember>(
    `WITH RECURSIVE chain (id, depth) AS (
       SELECT referrer_id, 1 FROM users WHERE id = $1 AND referrer_id IS NOT NULL
       UNION ALL
       SELECT u.referrer_id, c.depth + 1 FROM chain c JOIN users u ON u.id = c.id
       WHERE u.referrer_id IS NOT NULL AND c.depth < $2
     )
     SELECT u.id AS "userNo", u.userid, u.name, u.level, u.referral_code AS "referralCode"
     FROM chain c JOIN users u ON u.id = c.id ORDER BY c.depth`,
    [id, limit],
  );
  return result.rows;
}

export interface FreezeState {
  tradingFrozenAt: Date | null;
  withdrawalsFrozenAt: Date | null;
  reason: string | null;
}

export async function setFreezes(db: Queryable, id: number, state: FreezeState, now: Date): Promise<void> {
  await db.query(
    `UPDATE users SET trading_frozen_at = $2, withdrawals_frozen_at = $3, freeze_reason = $4, updated_at = $5
     WHERE id = $1`,
    [id, state.tradingFrozenAt, state.withdrawalsFrozenAt, state.reason, now],
  );
}

/** Every user whose trading is frozen (few: an index holds just them). */
export async function tradingFrozenUserIds(db: Queryable): Promise<number[]> {
  const result = await db.query<{ id: number }>('SELECT id FROM users WHERE trading_frozen_at IS NOT NULL');
  return result.rows.map((row) => row.id);
}

/**
 * Whether a user's withdrawals are frozen. `lock` takes a share lock on the user's row until the end of the
 * transaction, so a freeze committing meanwhile waits for it (and it for the freeze): an approval either sees the
 * freeze or finishes before it.
 */
export async function withdrawalsFrozen(db: Queryable, id: number, lock = false): Promise<boolean> {
  const result = await db.query<{ frozen: boolean }>(
    `SELECT withdrawals_frozen_at IS NOT NULL AS frozen FROM users WHERE id = $1 ${lock ? 'FOR SHARE' : ''}`,
    [id],
  );
  return result.rows[0]?.frozen ?? false;
}
