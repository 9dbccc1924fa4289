import { inTransaction, users } from '@tickline/db';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { createUser } from '../accounts/create-user.ts';
import { KYC_VERIFIED } from '../accounts/kyc.ts';

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

/** Partners 7→6→…→2 in one chain, the member under partner 2, and an operator apart. */
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
  });
  return ids;
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
