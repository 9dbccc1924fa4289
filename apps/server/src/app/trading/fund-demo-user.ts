import type { UserId } from '@tickline/engine';
import type { TradingContext } from './core.ts';

/**
 * Demo balances: `amount` into each wallet from the treasury, once per user and wallet ever (idempotency key),
 * as ledger postings — never by editing a balance.
 */
export async function fundDemoUser(core: TradingContext, userId: UserId, amount: number): Promise<void> {
  for (const wallet of ['spot', 'futures'] as const)
    await core.engine.ensure(
      { type: 'fund', userId, wallet, amount, reason: 'demo' },
      `demo-fund:${userId}:${wallet}`,
      `the demo funding of user ${userId}`,
    );
}
