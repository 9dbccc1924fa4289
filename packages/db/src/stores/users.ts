import type { Queryable } from '../pool.ts';

export type UserRole = 'user' | 'operator';

export interface UserRecord {
  id: number;
  /** The login email, lower-case. */
  userid: string;
  passwordHash: string;
  name: string;
  phone: string;
  level: number;
  role: UserRole;
  referralCode: string;
  referrerId: number | null;
  /** KYC: 1 verified, 2 verification required, 3 pending. */
  approveStatus: number;
  kycImageId: string | null;
  depositAddressIndex: number;
  bscAddress: string;
  withdrawalsBlockedUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUser {
  userid: string;
  passwordHash: string;
  name: string;
  phone: string;
  level?: number;
  role?: UserRole;
  referralCode: string;
  referrerId: number | null;
  approveStatus: number;
  kycImageId: string | null;
  depositAddressIndex: number;
  bscAddress: string;
  createdAt: Date;
}

interface UserRow {
  id: number;
  userid: string;
  password_hash: string;
  name: string;
  phone: string;
  level: number;
  role: UserRole;
  referral_code: string;
  referrer_id: number | null;
  approve_status: number;
  kyc_image_id: string | null;
  deposit_address_index: number;
  bsc_address: string;
  withdrawals_blocked_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, userid, password_hash, name, phone, level, role, referral_code, referrer_id, approve_status,
  kyc_image_id, deposit_address_index, bsc_address, withdrawals_blocked_until, created_at, updated_at`;

function toUser(row: UserRow): UserRecord {
  return {
    id: row.id,
    userid: row.userid,
    passwordHash: row.password_hash,
    name: row.name,
    phone: row.phone,
    level: row.level,
    role: row.role,
    referralCode: row.referral_code,
    referrerId: row.referrer_id,
    approveStatus: row.approve_status,
    kycImageId: row.kyc_image_id,
    depositAddressIndex: row.deposit_address_index,
    bscAddress: row.bsc_address,
    withdrawalsBlockedUntil: row.withdrawals_blocked_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function one(db: Queryable, sql: string, values: unknown[]): Promise<UserRecord | null> {
  const result = await db.query<UserRow>(sql, values);
  const row = result.rows[0];
  return row ? toUser(row) : null;
}

/**
 * Inserts a user. Answers null when the referral code is already taken (the caller draws another);
 * a taken userid still raises the unique violation (23505 on users_userid_key).
 */
export function insertUser(db: Queryable, user: NewUser): Promise<UserRecord | null> {
  return one(
    db,
    `INSERT INTO users (userid, password_hash, name, phone, level, role, referral_code, referrer_id, approve_status,
       kyc_image_id, deposit_address_index, bsc_address, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
     ON CONFLICT (referral_code) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      user.userid,
      user.passwordHash,
      user.name,
      user.phone,
      user.level ?? 1,
      user.role ?? 'user',
      user.referralCode,
      user.referrerId,
      user.approveStatus,
      user.kycImageId,
      user.depositAddressIndex,
      user.bscAddress,
      user.createdAt,
    ],
  );
}

export function findUserById(db: Queryable, id: number): Promise<UserRecord | null> {
  return one(db, `SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
}

/** Locks the row until the end of the caller's transaction. */
export function findUserByIdForUpdate(db: Queryable, id: number): Promise<UserRecord | null> {
  return one(db, `SELECT ${COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [id]);
}

/** The login emails of these users, by id (for operator lists that show who). */
export async function useridsByIds(db: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const result = await db.query<{ id: string; userid: string }>(
    'SELECT id, userid FROM users WHERE id = ANY($1::bigint[])',
    [[...new Set(ids)]],
  );
  return new Map(result.rows.map((row) => [Number(row.id), row.userid]));
}

export function findUserByUserid(db: Queryable, userid: string): Promise<UserRecord | null> {
  return one(db, `SELECT ${COLUMNS} FROM users WHERE userid = $1`, [userid]);
}

export function findUserByReferralCode(db: Queryable, referralCode: string): Promise<UserRecord | null> {
  return one(db, `SELECT ${COLUMNS} FROM users WHERE referral_code = $1`, [referralCode]);
}

export async function nextDepositAddressIndex(db: Queryable): Promise<number> {
  const result = await db.query<{ index: number }>(`SELECT nextval('deposit_address_index_seq')::integer AS index`);
  return result.rows[0]!.index;
}

export async function updatePassword(
  db: Queryable,
  id: number,
  passwordHash: string,
  withdrawalsBlockedUntil: Date,
  now: Date,
): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2, withdrawals_blocked_until = $3, updated_at = $4 WHERE id = $1', [
    id,
    passwordHash,
    withdrawalsBlockedUntil,
    now,
  ]);
}

export async function updateKyc(
  db: Queryable,
  id: number,
  kycImageId: string,
  approveStatus: number,
  now: Date,
): Promise<void> {
  await db.query('UPDATE users SET kyc_image_id = $2, approve_status = $3, updated_at = $4 WHERE id = $1', [
    id,
    kycImageId,
    approveStatus,
    now,
  ]);
}

/** Sets the fields the demo seed controls on an existing account. */
export async function updateLevelRoleKyc(
  db: Queryable,
  id: number,
  fields: { level: number; role: UserRole; approveStatus: number; referrerId: number | null },
  now: Date,
): Promise<void> {
  await db.query(
    'UPDATE users SET level = $2, role = $3, approve_status = $4, referrer_id = $5, updated_at = $6 WHERE id = $1',
    [id, fields.level, fields.role, fields.approveStatus, fields.referrerId, now],
  );
}

/** Users whose phone and userid match (phone compared as stored, 3-4-4 with hyphens). */
export function findUserByUseridAndPhone(db: Queryable, userid: string, phone: string): Promise<UserRecord | null> {
  return one(db, `SELECT ${COLUMNS} FROM users WHERE userid = $1 AND phone = $2`, [userid, phone]);
}

export interface DownlineCounts {
  /** Users who registered with this user's referral code. */
  directCount: number;
  /** The whole referral subtree below this user. */
  downlineCount: number;
  /** Of the whole subtree: joined at or after `todayStart`. */
  joinedSinceTodayStart: number;
  /** Of the whole subtree: joined at or after `weekStart`. */
  joinedSinceWeekStart: number;
}

/**
 * The user with the profile's downline counts (direct referrals, the whole tree below, joined since `todayStart` and
 * since `weekStart`) and the referral code of the nearest ancestor with at least `minLevel`: one round trip (#30).
 */
export async function findProfile(
  db: Queryable,
  id: number,
  todayStart: Date,
  weekStart: Date,
  minLevel: number,
): Promise<{ user: UserRecord; counts: DownlineCounts; partnerCode: string | null } | null> {
  const result = await db.query<
    UserRow & { direct: number; downline: number; today: number; week: number; partner_code: string | null }
  >({
    // A named statement (#30): parsed and planned once per connection. Unnamed, the parse and plan of the two
    // recursive CTEs cost PostgreSQL about five times the execution on every `GET /user/info`.
    name: 'users.findProfile',
    text: `WITH RECURSIVE downline AS (
       SELECT id, created_at, 1 AS depth FROM users WHERE referrer_id = $1
       UNION ALL
       SELECT u.id, u.created_at, d.depth + 1 FROM users u JOIN downline d ON u.referrer_id = d.id
     ), ancestors AS (
       SELECT u.id, u.referrer_id, u.level, u.referral_code, 1 AS depth
       FROM users u WHERE u.id = (SELECT referrer_id FROM users WHERE id = $1)
       UNION ALL
       SELECT u.id, u.referrer_id, u.level, u.referral_code, a.depth + 1
       FROM users u JOIN ancestors a ON u.id = a.referrer_id
     )
     SELECT ${COLUMNS}, c.direct, c.downline, c.today, c.week,
            (SELECT referral_code FROM ancestors WHERE level >= $4 ORDER BY depth LIMIT 1) AS partner_code
       FROM users,
            (SELECT count(*) FILTER (WHERE depth = 1)::int AS direct,
                    count(*)::int AS downline,
                    count(*) FILTER (WHERE created_at >= $2)::int AS today,
                    count(*) FILTER (WHERE created_at >= $3)::int AS week
               FROM downline) c
      WHERE users.id = $1`,
    values: [id, todayStart, weekStart, minLevel],
  });
  const row = result.rows[0];
  if (!row) return null;
  return {
    user: toUser(row),
    counts: {
      directCount: row.direct,
      downlineCount: row.downline,
      joinedSinceTodayStart: row.today,
      joinedSinceWeekStart: row.week,
    },
    partnerCode: row.partner_code,
  };
}

export interface KycQueueRow {
  id: number;
  userid: string;
  name: string;
  phone: string;
  approveStatus: number;
  kycImageId: string | null;
  imageFormat: 'jpeg' | 'png' | null;
  createdAt: Date;
}

/** Users (not operators) in a KYC status with their uploaded image's reference, oldest first. */
export async function kycQueue(db: Queryable, approveStatus: number, limit: number): Promise<KycQueueRow[]> {
  const result = await db.query<KycQueueRow>(
    `SELECT u.id::int, u.userid, u.name, u.phone, u.approve_status AS "approveStatus", u.kyc_image_id AS "kycImageId",
            up.format AS "imageFormat", u.created_at AS "createdAt"
     FROM users u LEFT JOIN uploads up ON up.id = u.kyc_image_id
     WHERE u.role = 'user' AND u.approve_status = $1 ORDER BY u.id LIMIT $2`,
    [approveStatus, limit],
  );
  return result.rows;
}

export async function setApproveStatus(db: Queryable, id: number, approveStatus: number, now: Date): Promise<void> {
  await db.query('UPDATE users SET approve_status = $2, updated_at = $3 WHERE id = $1', [id, approveStatus, now]);
}

/** The uploaded KYC image of a user (id and format), or null. */
export async function kycImageOf(db: Queryable, id: number): Promise<{ id: string; format: 'jpeg' | 'png' } | null> {
  const result = await db.query<{ id: string; format: 'jpeg' | 'png' }>(
    'SELECT up.id, up.format FROM users u JOIN uploads up ON up.id = u.kyc_image_id WHERE u.id = $1',
    [id],
  );
  return result.rows[0] ?? null;
}
