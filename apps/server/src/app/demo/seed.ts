import { inTransaction, users, type Queryable } from '@tickline/db';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { createUser } from '../accounts/create-user.ts';
import { KYC_VERIFIED } from '../accounts/kyc.ts';
import { childRate } from '../partners/fee-rates.ts';

export const DEMO_PASSWORD = 'Demo1234!';

export interface DemoAccount {
  userid: string;
  name: string;
  phone: string;
  level: number;
  role: users.UserRole;
  /** userid of the referrer, seeded before this one. */
  referrer: string | null;
}

/** Partners 7→6→…→2 in one chain, the member under partner 2, and two operators apart (four-eyes needs two). */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  ...[7, 6, 5, 4, 3, 2].map((level) => ({
    userid: `partner${level}@tickline.dev`,
    name: `Partner${level}`,
    phone: `010-0000-000${level}`,
    level,
    role: 'user' as const,
    referrer: level === 7 ? null : `partner${level + 1}@tickline.dev`,
  })),
  {
    userid: 'demo@tickline.dev',
    name: 'Demo',
    phone: '010-0000-0001',
    level: 1,
    role: 'user',
    referrer: 'partner2@tickline.dev',
  },
  {
    userid: 'operator@tickline.dev',
    name: 'Operator',
    phone: '010-0000-0009',
    level: 1,
    role: 'operator',
    referrer: null,
  },
  // A second operator: a withdrawal from the four-eyes amount needs two different ones.
  {
    userid: 'operator2@tickline.dev',
    name: 'Operator2',
    phone: '010-0000-0010',
    level: 1,
    role: 'operator',
    referrer: null,
  },
];

/**
 * Creates the demo accounts that are missing and puts level, role, KYC and referrer back on the ones that
 * exist (passwords of existing accounts are left alone). Safe to run on every start.
 */
export async function seedDemo(ctx: AppContext): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await inTransaction(ctx.pool, async (db) => {
    for (const account of DEMO_ACCOUNTS) {
      const referrerId = account.referrer === null ? null : (ids.get(account.referrer) ?? null);
      const fields = { level: account.level, role: account.role, approveStatus: KYC_VERIFIED, referrerId };
      const existing = await users.findUserByUserid(db, account.userid);
      if (existing) {
        await users.updateLevelRoleKyc(db, existing.id, fields, new Date(ctx.clock.now()));
        ids.set(account.userid, existing.id);
        continue;
      }
      const created = await createUser(ctx, db, {
        userid: account.userid,
        passwordHash,
        name: account.name,
        phone: account.phone,
        referrerId,
        approveStatus: KYC_VERIFIED,
        kycImageId: null,
        level: account.level,
        role: account.role,
      });
      ids.set(account.userid, created.id);
    }
    await seedDemoFeeRates(db, ids, new Date(ctx.clock.now()));
  });
  return ids;
}

/** PRODUCT.md §7 / issue #20: the demo chain earns from the first trade: level 7 at 50 %, each partner below at 80 %. */
export const DEMO_TOP_RATE_BPS = 5_000;
export const DEMO_DISTRIBUTE_PERCENT = 80;

/** Rates only where none was set yet (an operator's or partner's later change survives restarts). */
async function seedDemoFeeRates(db: Queryable, ids: Map<string, number>, now: Date): Promise<void> {
  let parentRate = DEMO_TOP_RATE_BPS;
  for (const level of [7, 6, 5, 4, 3, 2]) {
    const id = ids.get(`partner${level}@tickline.dev`);
    const rate = level === 7 ? DEMO_TOP_RATE_BPS : childRate(parentRate, DEMO_DISTRIBUTE_PERCENT);
    const percent = level === 7 ? 0 : DEMO_DISTRIBUTE_PERCENT;
    await db.query(
      `UPDATE users SET fee_rate_bps = $2, parents_distribute_percent = $3, updated_at = $4
       WHERE id = $1 AND fee_rate_bps = 0`,
      [id, rate, percent, now],
    );
    parentRate = rate;
  }
}

export function demoCredentialsText(baseUrl: string): string {
  const lines = [
    `Demo accounts (password ${DEMO_PASSWORD} for all) at ${baseUrl}:`,
    ...DEMO_ACCOUNTS.map(
      (account) =>
        `  ${account.userid.padEnd(24)} ${account.role === 'operator' ? 'operator' : account.level === 1 ? 'member, KYC verified' : `partner level ${account.level}`}`,
    ),
  ];
  return lines.join('\n');
}
