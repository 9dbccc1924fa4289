import { inTransaction, operatorAudit, type Pool } from '@tickline/db';
import { Errors } from '@tickline/protocol';
import type { AppContext } from '../context.ts';
import { AppError } from '../../domain/errors.ts';
import { hashPassword } from '../../services/auth/passwords.ts';
import { createUser } from '../accounts/create-user.ts';
import { KYC_VERIFIED } from '../accounts/kyc.ts';
import { isAcceptablePassword, isEmail, normalizeUserid } from '../accounts/rules.ts';

/**
 * An operator account (#16 item 1): only from the command line (`npm run operator:create`), never over HTTP. The
 * creation is written to the audit log with no operator (it was done on the server's own machine).
 */
export async function createOperator(
  ctx: Pick<AppContext, 'depositAddresses' | 'clock'> & { pool: Pool },
  input: { email: string; password: string; name?: string },
): Promise<{ userId: number }> {
  const userid = normalizeUserid(input.email);
  if (!isEmail(userid)) throw new AppError(Errors.EMAIL_INVALID);
  if (!isAcceptablePassword(input.password)) throw new AppError(Errors.PASSWORD_LENGTH);
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx.pool, async (db) => {
    const user = await createUser(ctx, db, {
      userid,
      passwordHash,
      name: input.name ?? 'Operator',
      phone: '000-0000-0000',
      referrerId: null,
      approveStatus: KYC_VERIFIED,
      kycImageId: null,
      role: 'operator',
    });
    await operatorAudit.recordOperatorAction(db, {
      operatorId: null,
      action: 'operator.create',
      targetType: 'user',
      targetId: user.id,
      next: { userid, role: 'operator' },
      now: new Date(ctx.clock.now()),
    });
    return { userId: user.id };
  });
}
