import { randomBytes } from 'node:crypto';
import { inTransaction, users } from '@tickline/db';
import type { AppContext } from '../context.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { createUser } from '../accounts/create-user.ts';
import { KYC_VERIFIED } from '../accounts/kyc.ts';

const LIQUIDITY_ACCOUNTS = [
  { userid: 'market-maker@tickline.dev', name: 'MarketMaker', phone: '010-0000-0100' },
  { userid: 'taker@tickline.dev', name: 'Taker', phone: '010-0000-0101' },
] as const;

/**
 * The demo market maker and taker: ordinary users nobody can log in as (a random password nobody knows).
 * Created once; answers their ids.
 */
export async function ensureLiquidityAccounts(ctx: AppContext): Promise<{ makerUserId: number; takerUserId: number }> {
  const ids: number[] = [];
  await inTransaction(ctx.pool, async (db) => {
    for (const account of LIQUIDITY_ACCOUNTS) {
      const existing = await users.findUserByUserid(db, account.userid);
      if (existing) {
        ids.push(existing.id);
        continue;
      }
      const created = await createUser(ctx, db, {
        ...account,
        passwordHash: await hashPassword(randomBytes(32).toString('hex')),
        referrerId: null,
        approveStatus: KYC_VERIFIED,
        kycImageId: null,
      });
      ids.push(created.id);
    }
  });
  return { makerUserId: ids[0]!, takerUserId: ids[1]! };
}
