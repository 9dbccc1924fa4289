import { DEMO_ACCOUNTS } from '../demo/seed.ts';
import type { TradingService } from './service.ts';

/** Every demo trader (the member and the partners) starts with this much in each wallet. */
export const DEMO_WALLET_AMOUNT_MICRO_USDT = 10_000 * 1_000_000;

/**
 * Funds the demo traders (not the operator) from the treasury through the sequencer, once per user and wallet ever:
 * safe to run on every start. `idsByUserid` is what the demo seed answers.
 */
export async function fundDemoAccounts(trading: TradingService, idsByUserid: ReadonlyMap<string, number>) {
  for (const account of DEMO_ACCOUNTS) {
    const userId = idsByUserid.get(account.userid);
    if (account.role !== 'user' || userId === undefined) continue;
    await trading.fundDemoUser(userId, DEMO_WALLET_AMOUNT_MICRO_USDT);
  }
}
