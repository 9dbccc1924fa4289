import type { AppContext } from '../../context.ts';
import { requireSecondFactor } from './second-factor.ts';
import { checkWhitelistedAddress } from './whitelist.ts';

/**
 * What the account's own protections demand of a withdrawal: with the whitelist on, an address on it for 24 h; with
 * two-factor on, a code. The address first, so a refused address does not spend the code.
 */
export function withdrawalGuard(ctx: AppContext, userId: number, otp: string) {
  return async (walletAddress: string): Promise<void> => {
    await checkWhitelistedAddress(ctx.pool, userId, walletAddress, new Date(ctx.clock.now()));
    await requireSecondFactor(ctx, userId, otp);
  };
}
