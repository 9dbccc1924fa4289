import type { UserId } from '@tickline/engine';
import { DUPLICATE_COMMAND } from '../../services/sequencer/sequencer.ts';
import type { TradingCore } from './core.ts';

/**
 * Demo balances: `amount` into each wallet from the treasury, once per user and wallet ever (idempotency key),
 * as ledger postings — never by editing a balance.
 */
export async function fundDemoUser(core: TradingCore, userId: UserId, amount: number): Promise<void> {
  for (const wallet of ['spot', 'futures'] as const) {
    const result = await core.engine.submit(
      { type: 'fund', userId, wallet, amount, reason: 'demo' },
      { idempotencyKey: `demo-fund:${userId}:${wallet}` },
    );
    if (!result.ok && result.reason !== DUPLICATE_COMMAND)
      throw new Error(`demo funding of user ${userId} refused: ${result.reason}`);
  }
}
